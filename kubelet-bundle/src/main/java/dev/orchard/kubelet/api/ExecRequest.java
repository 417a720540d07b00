package dev.orchard.kubelet.api;

import dev.orchard.api.error.InvalidInputException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;

/**
 * What an exec asks for, read as the kubelet reads it: the path's namespace, pod and container, the {@code command}
 * parameters in order, and the stdin, stdout, stderr and tty flags. Immutable.
 *
 * @param namespace the pod's namespace
 * @param pod the pod
 * @param container the container
 * @param command the command and its arguments, not empty
 * @param stdin whether the client sends input
 * @param stdout whether the client wants the output
 * @param stderr whether the client wants the error output apart
 * @param tty whether the command gets a terminal
 */
record ExecRequest(
        String namespace,
        String pod,
        String container,
        List<String> command,
        boolean stdin,
        boolean stdout,
        boolean stderr,
        boolean tty) {
    /** Checks the components and copies the command. */
    ExecRequest {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new InvalidInputException("exec needs a command: give one or more command query parameters");
        }
        if (!stdin && !stdout && !stderr) {
            throw new InvalidInputException("exec needs at least one of stdin, stdout and stderr");
        }
        if (tty && stderr) {
            // As the kubelet: a terminal has one output stream.
            stderr = false;
        }
    }

    /**
     * Reads a request.
     *
     * @param path the path's namespace, pod and container
     * @param request the HTTP request
     * @return the exec request
     */
    static ExecRequest of(List<String> path, HttpServletRequest request) {
        String[] command = request.getParameterValues("command");
        return new ExecRequest(
                path.get(0),
                path.get(1),
                path.get(2),
                command == null ? List.of() : List.of(command),
                flag(request, "stdin"),
                flag(request, "stdout"),
                flag(request, "stderr"),
                flag(request, "tty"));
    }

    private static boolean flag(HttpServletRequest request, String name) {
        String value = request.getParameter(name);
        return value != null && LogsServlet.flag(name, value.strip());
    }
}
