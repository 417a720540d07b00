package dev.orchard.runtime.internal;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;

/**
 * One command line running in a Gogo session, which Ctrl-C can end. Gogo runs the line as a job on threads of its
 * own; interrupting the job interrupts them, so a followed log ends and the line returns. An interrupt that comes
 * before the job exists is applied as soon as it does.
 */
final class CommandRun {
    private final CommandSession session;
    private final String line;
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
                    j.interrupt();
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
            j.interrupt();
        }
        return true;
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
