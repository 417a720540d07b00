package dev.orchard.api.registry;

/**
 * Conventions of the {@code orchard:*} shell commands, for those who run them from a program: the Orchard
 * runtime's {@code -c}, a Karaf script, a test.
 */
public final class ShellCommands {
    /** The Gogo scope of every Orchard command. */
    public static final String SCOPE = "orchard";

    /**
     * The session variable an Orchard command sets to the Integer 1 when it fails; it prints the failure on the
     * session's error stream too. A program that ran a command reads it to choose its exit status.
     */
    public static final String STATUS_VARIABLE = "orchard.status";

    private ShellCommands() {}
}
