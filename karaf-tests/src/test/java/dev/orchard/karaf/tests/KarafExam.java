package dev.orchard.karaf.tests;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.AssumptionViolatedException;
import org.junit.Test;
import org.junit.runner.Description;
import org.junit.runner.Runner;
import org.junit.runner.manipulation.Filter;
import org.junit.runner.manipulation.Filterable;
import org.junit.runner.manipulation.NoTestsRemainException;
import org.junit.runner.manipulation.Sortable;
import org.junit.runner.manipulation.Sorter;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunNotifier;
import org.junit.runners.model.InitializationError;
import org.ops4j.pax.exam.junit.PaxExam;

/**
 * Runs a Karaf test class with pax-exam, except, on a Java where Karaf's shell cannot run, its
 * {@link UsesKarafShell} tests: those it reports as skipped, each with the reason, so that the run shows why.
 *
 * <p>It runs in the test JVM only, as {@link PaxExam} does: inside Karaf pax-exam runs the tests with its own runner.
 * (An assumption that failed there would reach the test JVM as a pass, not as a skip.)
 */
public final class KarafExam extends Runner implements Filterable, Sortable {
    /** The first Java feature release on which Karaf 4.4's shell (4.4.8, and 4.4.10, the newest served here) fails. */
    static final int FIRST_JAVA_WITHOUT_SHELL = 24;

    /** Why the shell's tests are skipped from {@link #FIRST_JAVA_WITHOUT_SHELL} on. */
    static final String WHY_NOT = "Apache Karaf 4.4's shell does not run on Java " + FIRST_JAVA_WITHOUT_SHELL
            + " and later (checked with 4.4.8 and 4.4.10 on Java 25): ShellUtil.getCurrentUserName, for every"
            + " session, and Karaf's SSH, JAAS and EventAdmin call Subject.getSubject(AccessControlContext), which"
            + " throws UnsupportedOperationException there (JEP 486), and bin/karaf and bin/client pass"
            + " -Djava.security.manager=allow, which the JVM refuses at start";

    /**
     * System property: {@code true} runs the shell's tests on any Java, for instance to try a newer Karaf
     * ({@code -Dkaraf.version=...}) on a newer Java.
     */
    static final String ANY_JAVA = "orchard.it.karaf.anyJava";

    private final Class<?> testClass;
    /** Runs the tests that are not skipped; null if none is left. */
    private PaxExam delegate;
    /** The tests reported as skipped, in name order. */
    private final List<Description> skipped = new ArrayList<>();

    /**
     * Creates the runner for a test class; JUnit does, for a class annotated {@code @RunWith(KarafExam.class)}.
     *
     * @param testClass the test class
     * @throws InitializationError if pax-exam cannot set the class up
     */
    public KarafExam(Class<?> testClass) throws InitializationError {
        this.testClass = testClass;
        if (Runtime.version().feature() >= FIRST_JAVA_WITHOUT_SHELL && !Boolean.getBoolean(ANY_JAVA)) {
            Arrays.stream(testClass.getMethods())
                    .filter(m -> m.isAnnotationPresent(Test.class) && m.isAnnotationPresent(UsesKarafShell.class))
                    .map(Method::getName)
                    .sorted(Comparator.naturalOrder())
                    .forEach(name -> skipped.add(Description.createTestDescription(testClass, name)));
        }
        this.delegate = new PaxExam(testClass);
        if (!skipped.isEmpty()) {
            filterDelegate(excluding(List.copyOf(skipped)));
        }
    }

    private static Filter excluding(List<Description> tests) {
        return new Filter() {
            @Override
            public boolean shouldRun(Description description) {
                return !tests.contains(description);
            }

            @Override
            public String describe() {
                return "all but " + tests;
            }
        };
    }

    @Override
    public Description getDescription() {
        Description suite = Description.createSuiteDescription(testClass);
        if (delegate != null) {
            delegate.getDescription().getChildren().forEach(suite::addChild);
        }
        skipped.forEach(suite::addChild);
        return suite;
    }

    @Override
    public void run(RunNotifier notifier) {
        if (!skipped.isEmpty()) {
            System.err.println("WARNING: " + skipped.size() + " tests of " + testClass.getName() + " skipped on Java "
                    + Runtime.version().feature() + ": " + WHY_NOT);
        }
        for (Description test : skipped) {
            notifier.fireTestStarted(test);
            notifier.fireTestAssumptionFailed(new Failure(test, new AssumptionViolatedException(WHY_NOT)));
            notifier.fireTestFinished(test);
        }
        if (delegate != null) {
            delegate.run(notifier);
        }
    }

    @Override
    public void filter(Filter filter) throws NoTestsRemainException {
        skipped.removeIf(test -> !filter.shouldRun(test));
        filterDelegate(filter);
        if (delegate == null && skipped.isEmpty()) {
            throw new NoTestsRemainException();
        }
    }

    // Narrows the pax-exam runner; once it has no test left, it is dropped (and starts no Karaf).
    private void filterDelegate(Filter filter) {
        if (delegate == null) {
            return;
        }
        try {
            delegate.filter(filter);
        } catch (NoTestsRemainException none) {
            delegate = null;
        }
    }

    @Override
    public void sort(Sorter sorter) {
        if (delegate != null) {
            delegate.sort(sorter);
        }
    }
}
