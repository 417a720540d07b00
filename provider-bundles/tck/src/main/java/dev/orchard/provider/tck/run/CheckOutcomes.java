package dev.orchard.provider.tck.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * What each of the kit's checks came to, as the JUnit Platform reports it, and the run's summary in one line: {@code
 * 16 run, 1 passed, 15 skipped (no StorageOps x5, no PodProvider x10), 0 failed}. A skip is counted by the part of
 * its reason before the first colon ({@code no PodProvider}, {@code skipped as stated}).
 */
final class CheckOutcomes implements TestExecutionListener {
    /** How a check ended. */
    enum Status {
        PASSED,
        SKIPPED,
        FAILED
    }

    /**
     * One check's outcome.
     *
     * @param className the check's class
     * @param check the check's name, e.g. {@code addReadListDelete()}
     * @param status how it ended
     * @param message the skip's reason or the failure's message; empty if it passed
     * @param failure what it failed with; null unless it failed
     * @param time how long it ran
     */
    record Outcome(String className, String check, Status status, String message, Throwable failure, Duration time) {}

    private final Map<String, Long> started = new ConcurrentHashMap<>();
    private final List<Outcome> outcomes = new ArrayList<>();

    /** Notes when a check or class starts, for its time. */
    @Override
    public void executionStarted(TestIdentifier id) {
        started.put(id.getUniqueId(), System.nanoTime());
    }

    /** Records a check the engine skipped (a disabled one) with the reason. */
    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        if (id.isTest()) {
            add(id, Status.SKIPPED, reason, null);
        }
    }

    /** Records a check's end: passed, skipped for an assumption (with its reason), or failed. */
    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Throwable thrown = result.getThrowable().orElse(null);
        String message = thrown == null ? "" : messageOf(thrown);
        switch (result.getStatus()) {
            case SUCCESSFUL -> {
                if (id.isTest()) {
                    add(id, Status.PASSED, "", null);
                }
            }
            case ABORTED -> {
                if (id.isTest()) {
                    add(id, Status.SKIPPED, message.replaceFirst("^Assumption failed: ", ""), null);
                }
            }
            default -> add(id, Status.FAILED, message, thrown); // a class that fails as a whole counts too
        }
    }

    private synchronized void add(TestIdentifier id, Status status, String message, Throwable failure) {
        Long start = started.get(id.getUniqueId());
        Duration time = start == null ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - start);
        TestSource source = id.getSource().orElse(null);
        String className = source instanceof MethodSource m
                ? m.getClassName()
                : source instanceof ClassSource c ? c.getClassName() : "";
        outcomes.add(new Outcome(className, id.getDisplayName(), status, message, failure, time));
    }

    /**
     * Every outcome, in the order the checks ended.
     *
     * @return the outcomes
     */
    synchronized List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /**
     * How many checks ended so.
     *
     * @param status how they ended
     * @return how many
     */
    synchronized long count(Status status) {
        return outcomes.stream().filter(o -> o.status() == status).count();
    }

    /**
     * The run in one line.
     *
     * @return e.g. {@code 16 run, 1 passed, 15 skipped (no StorageOps x5, no PodProvider x10), 0 failed}
     */
    synchronized String summary() {
        Map<String, Integer> skips = new TreeMap<>();
        outcomes.stream()
                .filter(o -> o.status() == Status.SKIPPED)
                .forEach(o -> skips.merge(reasonKey(o.message()), 1, Integer::sum));
        List<String> reasons = new ArrayList<>();
        skips.forEach((reason, n) -> reasons.add(reason + " x" + n));
        return outcomes.size() + " run, " + count(Status.PASSED) + " passed, " + count(Status.SKIPPED) + " skipped"
                + (reasons.isEmpty() ? "" : " (" + String.join(", ", reasons) + ")") + ", " + count(Status.FAILED)
                + " failed";
    }

    private static String reasonKey(String message) {
        int colon = message.indexOf(':');
        return colon > 0 ? message.substring(0, colon) : message.isEmpty() ? "no reason given" : message;
    }

    private static String messageOf(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.toString() : message;
    }
}
