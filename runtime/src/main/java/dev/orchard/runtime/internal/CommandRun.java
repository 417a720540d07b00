package dev.orchard.runtime.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;

/**
 * One command line running in a Gogo session, which Ctrl-C can end. Gogo runs the line as a job on threads of its
 * own; interrupting the job interrupts them, so a followed log ends and the line returns. An interrupt that comes
 * before the job exists is applied as soon as it does.
 *
 * <p>Gogo's {@link Job#interrupt()} cancels the job's task in its session's thread pool. A task cancelled before a
 * pool thread picked it up never runs, so the job never ends and the caller of {@code execute} waits for it forever:
 * a Ctrl-C just after Enter hung the shell. So the job is ended from a thread of its own ({@link #end(Job)}), which
 * moves a job that is not done shortly after to the background, the one public way to release that caller.
 */
final class CommandRun {
    /** How long an interrupted job has to end before it is taken as one that never ran. */
    private static final long END_GRACE_MILLIS = 250;

    private final CommandSession session;
    private final String line;
    private final AtomicBoolean ending = new AtomicBoolean();
    private volatile Job job;
    private volatile boolean interruptRequested;
    private volatile boolean finished;

    /**
     * Prepares a run.
     *
     * @param session the session to run in
     * @param line the command line
     */
    CommandRun(CommandSession session, String line) {
        this.session = session;
        this.line = line;
    }

    /**
     * Runs the line on this thread until it ends.
     *
     * @return what it returned
     * @throws Exception what it threw
     */
    Object execute() throws Exception {
        // Volatile writes and reads in opposite orders here and in interrupt(): one of the two sees the other.
        session.setJobListener((j, before, now) -> {
            if (j.parent() == null && now == Job.Status.Foreground) {
                job = j;
                if (interruptRequested) {
                    end(j);
                }
            }
        });
        try {
            return interruptRequested ? null : session.execute(line);
        } finally {
            finished = true;
            session.setJobListener(null);
        }
    }

    /**
     * Ends the line, as Ctrl-C does.
     *
     * @return true if it was running and had not been asked to end before; false if there was nothing to end, so
     *     that a second Ctrl-C can do more
     */
    boolean interrupt() {
        if (finished || interruptRequested) {
            return false;
        }
        interruptRequested = true;
        Job j = job;
        if (j != null) {
            end(j);
        }
        return true;
    }

    // Once per run, on a thread of its own: the caller may be a signal handler, which must not wait, or Gogo's
    // execute on the console's thread, inside the job's start, before its task exists (Job.interrupt waits for the
    // job's lock, so the task exists by the time the interrupt applies). A job whose task ran ends within
    // milliseconds of the interrupt, because its controller's wait for its pipes is interrupted; one still in the
    // foreground after the grace never ran; it stays in the background, never started, until its session closes
    // (the console replaces the session of an interrupted command; a one-shot's closes when it ends).
    private void end(Job j) {
        if (!ending.compareAndSet(false, true)) {
            return;
        }
        Thread ender = new Thread(
                () -> {
                    j.interrupt();
                    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(END_GRACE_MILLIS);
                    while (j.status() != Job.Status.Done && System.nanoTime() < deadline) {
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            break;
                        }
                    }
                    if (j.status() == Job.Status.Foreground) {
                        try {
                            j.background();
                        } catch (IllegalStateException doneMeanwhile) {
                            // it ended after all
                        }
                    }
                },
                "orchard-shell-interrupt");
        ender.setDaemon(true);
        ender.start();
    }

    /**
     * Whether the line was asked to end.
     *
     * @return true after {@link #interrupt()}
     */
    boolean interrupted() {
        return interruptRequested;
    }

    /**
     * The session it runs in.
     *
     * @return the session
     */
    CommandSession session() {
        return session;
    }

    /**
     * The command line.
     *
     * @return the line
     */
    String line() {
        return line;
    }
}
