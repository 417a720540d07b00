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
 * Runs a Karaf test class with pax-exam, or, on a Java that Karaf 4.4 cannot run on, reports each of its tests as
 * skipped with the reason, so that the run shows why, and starts no Karaf.
 *
 * <p>It runs in the test JVM only, as {@link PaxExam} does: inside Karaf pax-exam runs the tests with its own runner.
 */
public final class KarafExam extends Runner implements Filterable, Sortable {
    /** The first Java feature release that Karaf 4.4 (4.4.8, and 4.4.10, the newest served here) cannot run on. */
    static final int FIRST_UNSUPPORTED_JAVA = 24;

    /** Why the Karaf tests are skipped from {@link #FIRST_UNSUPPORTED_JAVA} on. */
    static final String WHY_NOT = "Apache Karaf 4.4 does not run on Java " + FIRST_UNSUPPORTED_JAVA + " and later"
            + " (checked with 4.4.8 and 4.4.10 on Java 25): its shell (ShellUtil.getCurrentUserName, for every"
            + " session), SSH, JAAS and EventAdmin call Subject.getSubject(AccessControlContext), which throws"
            + " UnsupportedOperationException there (JEP 486), and its bin/karaf and bin/client pass"
            + " -Djava.security.manager=allow, which the JVM refuses at start";

    /**
     * System property: {@code true} runs the Karaf tests on any Java, for instance to try a newer Karaf
     * ({@code -Dkaraf.version=...}) on a newer Java.
     */
    static final String ANY_JAVA = "orchard.it.karaf.anyJava";

    private final Class<?> testClass;
    private final Runner delegate;
    /** The tests reported as skipped, in name order; empty when {@link #delegate} runs them. */
    private final List<Description> skipped = new ArrayList<>();

    /**
     * Creates the runner for a test class; JUnit does, for a class annotated {@code @RunWith(KarafExam.class)}.
     *
     * @param testClass the test class
     * @throws InitializationError if pax-exam cannot set the class up
     */
    public KarafExam(Class<?> testClass) throws InitializationError {
        this.testClass = testClass;
        if (Runtime.version().feature() < FIRST_UNSUPPORTED_JAVA || Boolean.getBoolean(ANY_JAVA)) {
            this.delegate = new PaxExam(testClass);
        } else {
            this.delegate = null;
            Arrays.stream(testClass.getMethods())
                    .filter(m -> m.isAnnotationPresent(Test.class))
                    .map(Method::getName)
                    .sorted(Comparator.naturalOrder())
                    .forEach(name -> skipped.add(Description.createTestDescription(testClass, name)));
        }
    }

    @Override
    public Description getDescription() {
        if (delegate != null) {
            return delegate.getDescription();
        }
        Description suite = Description.createSuiteDescription(testClass);
        skipped.forEach(suite::addChild);
        return suite;
    }

    @Override
    public void run(RunNotifier notifier) {
        if (delegate != null) {
            delegate.run(notifier);
            return;
        }
        System.err.println("WARNING: " + testClass.getName() + " skipped on Java "
                + Runtime.version().feature() + ": " + WHY_NOT);
        for (Description test : skipped) {
            notifier.fireTestStarted(test);
            notifier.fireTestAssumptionFailed(new Failure(test, new AssumptionViolatedException(WHY_NOT)));
            notifier.fireTestFinished(test);
        }
    }

    @Override
    public void filter(Filter filter) throws NoTestsRemainException {
        if (delegate instanceof Filterable f) {
            f.filter(filter);
        } else {
            skipped.removeIf(test -> !filter.shouldRun(test));
            if (skipped.isEmpty()) {
                throw new NoTestsRemainException();
            }
        }
    }

    @Override
    public void sort(Sorter sorter) {
        if (delegate instanceof Sortable s) {
            s.sort(sorter);
        }
    }
}
