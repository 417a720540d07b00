package dev.orchard.api.pod;

/**
 * A probe that opens a TCP connection to the container; a connection is success. Immutable.
 *
 * @param port the port, 1 to 65535
 * @since 1.1
 */
public record TcpSocketAction(int port) implements ProbeAction {
    /** Validates the port. */
    public TcpSocketAction {
        ContainerPort.requirePort("TCP probe port", port);
    }
}
