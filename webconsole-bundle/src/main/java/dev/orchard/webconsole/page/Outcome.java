package dev.orchard.webconsole.page;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What one call through the registry gave the page: a value, or a typed error (its category and message), never a
 * stack trace nor a credential: the message, often a provider's, is {@linkplain Secrets#redact redacted}.
 *
 * @param <T> the value's type
 * @param value the value, if the call succeeded
 * @param category the error's category name, if it failed
 * @param message the error's message, if it failed
 */
public record Outcome<T>(Optional<T> value, String category, String message) {
    /** Checks the components: a value or an error, not both; redacts the message. */
    public Outcome {
        Objects.requireNonNull(value, "value");
        category = category == null ? "" : category;
        message = message == null ? "" : Secrets.redact(message);
        if (value.isPresent() == !category.isEmpty()) {
            throw new IllegalArgumentException("an outcome holds a value or an error category, not both or neither");
        }
    }

    /**
     * Makes a call and keeps what it gave. An {@link OrchardException} keeps its category and message; any other
     * runtime exception, or a null result, is the provider's fault, shown by its type and message.
     *
     * @param call the call
     * @param <T> the value's type
     * @return its outcome
     */
    public static <T> Outcome<T> of(Supplier<T> call) {
        try {
            T value = call.get();
            if (value == null) {
                return new Outcome<>(
                        Optional.empty(),
                        OrchardException.Category.PROVIDER_FAULT.name(),
                        "the provider returned nothing (null)");
            }
            return new Outcome<>(Optional.of(value), "", "");
        } catch (OrchardException e) {
            return new Outcome<>(Optional.empty(), e.category().name(), e.getMessage());
        } catch (RuntimeException e) {
            return new Outcome<>(
                    Optional.empty(),
                    OrchardException.Category.PROVIDER_FAULT.name(),
                    e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    /**
     * The same outcome with its value mapped; an error stays as it is.
     *
     * @param mapping maps the value
     * @param <R> the new value's type
     * @return the mapped outcome
     */
    public <R> Outcome<R> map(Function<? super T, ? extends R> mapping) {
        return new Outcome<>(value.map(mapping), category, message);
    }

    /**
     * An outcome that was not asked for, such as the volumes of a provider that is no orchestrator.
     *
     * @param why why there is no value
     * @param <T> the value's type
     * @return the outcome, with category {@code NOT_FOUND}
     */
    public static <T> Outcome<T> absent(String why) {
        return new Outcome<>(Optional.empty(), OrchardException.Category.NOT_FOUND.name(), why);
    }
}
