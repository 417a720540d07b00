package dev.orchard.api.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.OrchardException.Category;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class OrchardExceptionTest {
    static Stream<Arguments> subclasses() {
        return Stream.of(
                Arguments.of(
                        Category.NOT_FOUND,
                        (Function<String, OrchardException>) NotFoundException::new,
                        (BiFunction<String, Throwable, OrchardException>) NotFoundException::new,
                        NotFoundException.class),
                Arguments.of(
                        Category.INVALID_INPUT,
                        (Function<String, OrchardException>) InvalidInputException::new,
                        (BiFunction<String, Throwable, OrchardException>) InvalidInputException::new,
                        InvalidInputException.class),
                Arguments.of(
                        Category.ALREADY_EXISTS,
                        (Function<String, OrchardException>) AlreadyExistsException::new,
                        (BiFunction<String, Throwable, OrchardException>) AlreadyExistsException::new,
                        AlreadyExistsException.class),
                Arguments.of(
                        Category.UNAVAILABLE,
                        (Function<String, OrchardException>) UnavailableException::new,
                        (BiFunction<String, Throwable, OrchardException>) UnavailableException::new,
                        UnavailableException.class),
                Arguments.of(
                        Category.UNSUPPORTED,
                        (Function<String, OrchardException>) UnsupportedException::new,
                        (BiFunction<String, Throwable, OrchardException>) UnsupportedException::new,
                        UnsupportedException.class),
                Arguments.of(
                        Category.PROVIDER_FAULT,
                        (Function<String, OrchardException>) ProviderFaultException::new,
                        (BiFunction<String, Throwable, OrchardException>) ProviderFaultException::new,
                        ProviderFaultException.class));
    }

    @ParameterizedTest
    @CsvSource({
        "NOT_FOUND, 404",
        "INVALID_INPUT, 400",
        "ALREADY_EXISTS, 409",
        "UNAVAILABLE, 503",
        "UNSUPPORTED, 501",
        "PROVIDER_FAULT, 500"
    })
    void eachCategoryHasTheHttpStatusItsDocumentationNames(Category category, int status) {
        assertEquals(status, category.httpStatus());
    }

    @ParameterizedTest(name = "{3}")
    @MethodSource("subclasses")
    void eachSubclassHasItsCategoryMessageAndCause(
            Category category,
            Function<String, OrchardException> make,
            BiFunction<String, Throwable, OrchardException> makeWithCause,
            Class<?> type) {
        OrchardException e = make.apply("volume \"data\" is gone");
        assertInstanceOf(type, e);
        assertInstanceOf(RuntimeException.class, e);
        assertEquals(category, e.category());
        assertEquals("volume \"data\" is gone", e.getMessage());
        assertNull(e.getCause());
        assertEquals(category == Category.UNAVAILABLE, e.retryable());

        IllegalStateException cause = new IllegalStateException("disk");
        OrchardException withCause = makeWithCause.apply("failed", cause);
        assertInstanceOf(type, withCause);
        assertEquals(category, withCause.category());
        assertEquals("failed", withCause.getMessage());
        assertSame(cause, withCause.getCause());
        assertNull(makeWithCause.apply("no cause", null).getCause());
    }

    @Test
    void everyCategoryHasASubclass() {
        Set<Category> covered = EnumSet.noneOf(Category.class);
        subclasses().forEach(a -> covered.add((Category) a.get()[0]));
        assertEquals(EnumSet.allOf(Category.class), covered);
    }

    @ParameterizedTest
    @EnumSource(Category.class)
    void onlyUnavailableIsRetryable(Category category) {
        assertEquals(category == Category.UNAVAILABLE, category.retryable());
        OrchardException e = new OrchardException(category, "x");
        assertEquals(category, e.category());
        assertEquals(category.retryable(), e.retryable());
    }

    @Test
    void retryabilityOfEachSubclass() {
        assertTrue(new UnavailableException("busy").retryable());
        assertFalse(new NotFoundException("x").retryable());
        assertFalse(new InvalidInputException("x").retryable());
        assertFalse(new AlreadyExistsException("x").retryable());
        assertFalse(new UnsupportedException("x").retryable());
    }

    @Test
    void theCategoryIsRequired() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new OrchardException(null, "x"));
        assertEquals("category", e.getMessage());
        assertThrows(NullPointerException.class, () -> new OrchardException(null, "x", new RuntimeException()));
    }

    @Test
    void theBaseClassKeepsItsCause() {
        RuntimeException cause = new RuntimeException("root");
        OrchardException e = new OrchardException(Category.NOT_FOUND, "missing", cause);
        assertSame(cause, e.getCause());
        assertEquals("missing", e.getMessage());
        assertEquals(Category.NOT_FOUND, e.category());
    }
}
