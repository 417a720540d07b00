package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;

/**
 * A probe that GETs a path from the container; a status from 200 to 399 is success. Immutable.
 *
 * @param path the absolute path to GET, e.g. {@code /healthz}; "/" if empty
 * @param port the port, 1 to 65535
 * @param https whether to use HTTPS (without verifying the certificate, as the kubelet does)
 * @since 1.1
 */
public record HttpGetAction(String path, int port, boolean https) implements ProbeAction {
    /** Validates the path and port. */
    public HttpGetAction {
        path = path == null || path.isEmpty() ? "/" : path;
        if (!path.startsWith("/") || path.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            throw new InvalidInputException("HTTP probe path " + Names.quote(path)
                    + " must start with '/' and contain no spaces or control characters");
        }
        ContainerPort.requirePort("HTTP probe port", port);
    }
}
