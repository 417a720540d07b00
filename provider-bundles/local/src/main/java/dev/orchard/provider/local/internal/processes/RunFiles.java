package dev.orchard.provider.local.internal.processes;

import java.nio.file.Path;

/**
 * The provider's files of one container, in its state folder, out of the pod's sandbox: the logs its wrapper
 * writes, the exit code, and the environment its command gets.
 *
 * @param dir the folder
 */
public record RunFiles(Path dir) {
    /** The current run's log, as the wrapper writes it. */
    public Path log() {
        return dir.resolve("current.log");
    }

    /** The previous run's log, kept over one restart. */
    public Path previousLog() {
        return dir.resolve("previous.log");
    }

    /** The older part of the current run's log, once it was rotated. */
    public Path rotatedLog() {
        return dir.resolve("current.log.1");
    }

    /** Where the wrapper writes the command's exit code. */
    public Path exitFile() {
        return dir.resolve("exitcode");
    }

    /**
     * Where the wrapper says why the command could not start, one line; empty once the command was reached, and
     * {@value Launches#START_PENDING} while it is being handed its command line.
     */
    public Path startErrorFile() {
        return dir.resolve("starterror");
    }

    /** The environment of the container's command and of what is exec'd in it: {@code NAME=value}, NUL-ended. */
    public Path envFile() {
        return dir.resolve("env");
    }
}
