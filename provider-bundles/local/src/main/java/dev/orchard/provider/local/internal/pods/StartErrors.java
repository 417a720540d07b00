package dev.orchard.provider.local.internal.pods;

import dev.orchard.provider.local.internal.processes.Launches;
import dev.orchard.provider.local.internal.processes.RunFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Why a container's run could not start, as its status's message and its log say it, as the kubelet reports a
 * StartError: what the wrapper wrote to the run's start-error file, or why the wrapper itself could not be started.
 */
final class StartErrors {
    private static final Logger LOG = LoggerFactory.getLogger(StartErrors.class);
    // Linux's MAX_ARG_STRLEN: the most bytes one argument or environment variable may have.
    private static final int ARGUMENT_MAX = 128 * 1024;

    private StartErrors() {}

    /**
     * What the wrapper of an ended run said of its start.
     *
     * @param files the run's files
     * @param code its exit code
     * @return why it could not start, or null if it started (or said nothing)
     */
    static String said(RunFiles files, int code) {
        if (code < 125 || code > 127) {
            return null; // the wrapper says why only with these codes; any other is the command's own
        }
        try {
            String why = new String(Files.readAllBytes(files.startErrorFile()), StandardCharsets.UTF_8).trim();
            return why.isEmpty() || why.equals(Launches.START_PENDING) ? null : why;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Why a run's wrapper could not be started.
     *
     * @param e what the start threw
     * @return the reason, for a person
     */
    static String wrapperFailed(Exception e) {
        String cause = String.valueOf(e.getMessage());
        if (cause.contains("error=7,")) { // E2BIG, from the exec of the wrapper
            return "its command line could not be handed to it: " + cause + ": Linux takes at most "
                    + ARGUMENT_MAX / 1024 + " KiB in one argument, and 2 MiB or a quarter of the stack limit in all";
        }
        return "its wrapper could not be started: " + cause;
    }

    /**
     * Adds the reason to the run's log, as the wrapper writes its own: the log is where a person looks first.
     *
     * @param files the run's files
     * @param why the reason
     */
    static void log(RunFiles files, String why) {
        Instant now = Instant.now();
        String line = String.format(
                "%d.%06d F orchard: the container could not start: %s%n",
                now.getEpochSecond(), now.getNano() / 1000, why.replace('\n', ' '));
        try {
            Files.writeString(
                    files.log(),
                    line,
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            LOG.warn("The log {} could not be told why its run could not start: {}", files.log(), e.toString());
        }
    }
}
