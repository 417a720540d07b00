package dev.orchard.provider.local.internal.pods;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where one container of a pod lives: the provider's folder for it (its logs and exit code), the folder its
 * command runs in, and the environment it runs with.
 *
 * @param dir the provider's folder for the container, inside the sandbox
 * @param workDir the folder the command (and exec) runs in
 * @param env the environment: the container's own, and the {@code ORCHARD_*} variables
 */
record ContainerFiles(Path dir, Path workDir, Map<String, String> env) {
    /** Copies the environment. */
    ContainerFiles {
        env = Map.copyOf(env);
    }

    /** The current run's log, as the wrapper writes it. */
    Path log() {
        return dir.resolve("current.log");
    }

    /** The previous run's log, kept over one restart. */
    Path previousLog() {
        return dir.resolve("previous.log");
    }

    /** The older part of the current run's log, once it was rotated. */
    Path rotatedLog() {
        return dir.resolve("current.log.1");
    }

    /** Where the wrapper writes the command's exit code. */
    Path exitFile() {
        return dir.resolve("exitcode");
    }
}
