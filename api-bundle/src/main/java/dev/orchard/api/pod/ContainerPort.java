package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.util.regex.Pattern;

/**
 * A port a container listens on, as Kubernetes lists it: informational, since a container may listen on any port.
 * Immutable.
 *
 * @param name empty, or an IANA service name: at most 15 lower case letters, digits and '-', with a letter
 * @param containerPort the port, 1 to 65535
 * @param protocol the protocol; TCP if null
 * @since 1.1
 */
public record ContainerPort(String name, int containerPort, Protocol protocol) {
    private static final Pattern SERVICE_NAME = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /** Validates the port and its name. */
    public ContainerPort {
        name = name == null ? "" : name;
        if (!name.isEmpty()
                && (name.length() > 15
                        || !SERVICE_NAME.matcher(name).matches()
                        || name.contains("--")
                        || name.chars().noneMatch(Character::isLetter))) {
            throw new InvalidInputException("port name " + Names.quote(name)
                    + " must be at most 15 lower case letters, digits and '-', with at least one letter, no '--',"
                    + " starting and ending with a letter or digit");
        }
        requirePort("container port", containerPort);
        protocol = protocol == null ? Protocol.TCP : protocol;
    }

    /**
     * A TCP port with no name.
     *
     * @param port the port, 1 to 65535
     * @return the port
     */
    public static ContainerPort tcp(int port) {
        return new ContainerPort("", port, Protocol.TCP);
    }

    static int requirePort(String field, int port) {
        if (port < 1 || port > 65535) {
            throw new InvalidInputException(field + " " + port + " must be between 1 and 65535");
        }
        return port;
    }
}
