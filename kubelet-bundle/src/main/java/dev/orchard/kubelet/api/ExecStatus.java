package dev.orchard.kubelet.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The status an exec ends with, written on the error channel (3) as the v4 and v5 channel protocols want it: a
 * Kubernetes Status, {@code Success}, or {@code Failure} with reason {@code NonZeroExitCode} and the exit code as the
 * message of its one cause, or {@code InternalError} with what went wrong.
 */
final class ExecStatus {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExecStatus() {}

    /**
     * The status of a command that ran to its end.
     *
     * @param command the command, for the message
     * @param exitCode its exit code
     * @return the Status document's bytes
     */
    static byte[] exited(List<String> command, int exitCode) {
        ObjectNode status = JSON.createObjectNode();
        status.putObject("metadata");
        if (exitCode == 0) {
            status.put("status", "Success");
            return bytes(status);
        }
        status.put("status", "Failure");
        status.put(
                "message",
                "command terminated with non-zero exit code: error executing command " + command + ", exit code "
                        + exitCode);
        status.put("reason", "NonZeroExitCode");
        ObjectNode cause = status.putObject("details").putArray("causes").addObject();
        cause.put("reason", "ExitCode");
        cause.put("message", Integer.toString(exitCode));
        return bytes(status);
    }

    /**
     * The status of a command that could not run, or failed in the provider.
     *
     * @param message what went wrong
     * @return the Status document's bytes
     */
    static byte[] failed(String message) {
        ObjectNode status = JSON.createObjectNode();
        status.putObject("metadata");
        status.put("status", "Failure");
        status.put("message", message);
        status.put("reason", "InternalError");
        return bytes(status);
    }

    private static byte[] bytes(ObjectNode status) {
        return status.toString().getBytes(StandardCharsets.UTF_8);
    }
}
