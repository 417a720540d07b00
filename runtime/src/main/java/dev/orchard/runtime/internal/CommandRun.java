package dev.orchard.runtime.internal;

import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;

/**
 * One command line running in a Gogo session, which Ctrl-C can end: the whole line, not only the statement that
 * runs when it comes. Gogo runs each statement of the line as a job on threads of its own, while the thread that
 * called {@code execute} waits for it.
 *
 * <p>An interrupt does three things. It interrupts that waiting thread, so the caller is released at once (Gogo's
 * wait throws, and the line's evaluation with it). It interrupts the job that runs, from a thread of its own
 * ({@link #end}): Gogo's {@link Job#interrupt()} waits for the job's lock, held while the job starts, so the interrupt
 * applies once the job's task exists; it cancels that task, which interrupts a command that runs (a followed log
 * ends) and drops one that has not begun. And any statement of the line that starts after it is refused before its
 * task exists, so it never runs. A job left in the foreground would refuse the session's next command, so when the
 * line returns, a job not done within a grace is moved to the background ({@link #leftJobRunning()}).
 */
final class CommandRun {
    /** How long an interrupted job has to end before it is left to run in the background. */
    private static final long END_GRACE_MILLIS = 250;

    private final CommandSession session;
    private final String line;
    private volatile Job job;
    private volatile boolean interruptRequested;
    private volatile boolean leftJobRunning;
    // Guarded by this: the thread in execute() is interrupted only while it runs the line, never after.
    private Thread runner;
    private boolean finished;

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
     * Runs the line on this thread until it ends, or until it is interrupted.
     *
     * @return what it returned; null if it was interrupted before it began
     * @throws Exception what it threw; an {@link InterruptedException} or a {@link CancellationException} where an
     *     interrupt ended it
     */
    Object execute() throws Exception {
        synchronized (this) {
            if (interruptRequested) {
                finished = true;
                return null;
            }
            runner = Thread.currentThread();
        }
        Thread self = Thread.currentThread();
        // Told on this thread, inside each statement's start, before its task is handed to Gogo's pool: a statement
        // that starts after the interrupt (in the foreground, the background or a pipe) is refused there, so it never
        // runs; it is moved out of the foreground first, so that the session takes the next command.
        session.setJobListener((j, before, now) -> {
            if (j.parent() != null || Thread.currentThread() != self) {
                return;
            }
            if (now == Job.Status.Foreground) {
                job = j;
            }
            if (before == Job.Status.Created && interruptRequested) {
                if (now == Job.Status.Foreground) {
                    j.background();
                }
                throw new CancellationException("the line was interrupted");
            }
        });
        try {
            return session.execute(line);
        } finally {
            session.setJobListener(null);
            synchronized (this) {
                finished = true;
                runner = null;
            }
            Thread.interrupted(); // the interrupt was this line's; the thread goes on to other work
            if (interruptRequested) {
                release(job);
            }
        }
    }

    /**
     * Ends the line, as Ctrl-C does.
     *
     * @return true if it was running and had not been asked to end before; false if there was nothing to end, so
     *     that a second Ctrl-C can do more
     */
    boolean interrupt() {
        Job j;
        synchronized (this) {
            if (finished || interruptRequested) {
                return false;
            }
            interruptRequested = true;
            if (runner != null) {
                runner.interrupt();
            }
            j = job;
        }
        if (j != null) {
            end(j);
        }
        return true;
    }

    // On a thread of its own: the caller may be a signal handler, which must not wait for the job's lock (held while
    // the job starts). Interrupting a job that is done already (the line was between two statements) does nothing.
    private static void end(Job j) {
        Thread ender = new Thread(j::interrupt, "orchard-shell-interrupt");
        ender.setDaemon(true);
        ender.start();
    }

    // On the run's thread, once the line returned after an interrupt: the interrupted job ends within milliseconds
    // (its controller's wait for its pipes is interrupted), or its task was dropped before it ran and it would stay
    // in the foreground for good; either way it leaves the foreground, so that the session takes further commands.
    private void release(Job j) {
        if (j == null) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(END_GRACE_MILLIS);
        boolean interrupted = false;
        while (j.status() == Job.Status.Foreground && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                interrupted = true; // not from this run (it no longer interrupts this thread): kept for the caller
            }
        }
        if (j.status() == Job.Status.Foreground) {
            try {
                j.background();
                leftJobRunning = true;
            } catch (IllegalStateException doneMeanwhile) {
                // it ended after all
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
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
     * Whether an interrupted job did not end within the grace and was moved to the background, where it may still
     * run (or was dropped before it ran, and will never end): its session is best closed, which ends it.
     *
     * @return true if a job of the line was left in the background
     */
    boolean leftJobRunning() {
        return leftJobRunning;
    }
}
