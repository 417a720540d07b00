package dev.orchard.runtime.control;

import java.util.Locale;

/**
 * The mode a runtime runs in, as the launcher decided it from the command line and tells the runtime bundle through
 * the framework property {@link #PROPERTY}.
 */
public enum LaunchMode {
    /** No option: the interactive shell on the console, and the control socket for {@code -c}. */
    INTERACTIVE,
    /** {@code --daemon}: no console, stdin never read; the control socket for {@code -c}. */
    DAEMON,
    /** {@code -c} where no runtime serves the folder: this runtime runs the one command and stops. */
    COMMAND;

    /** The framework property holding the mode's name in lower case. */
    public static final String PROPERTY = "orchard.launch.mode";

    /** The framework property holding the command line of {@link #COMMAND}. */
    public static final String COMMAND_PROPERTY = "orchard.launch.command";

    /** The framework property holding the path of the control socket to listen on, in the other modes. */
    public static final String SOCKET_PROPERTY = "orchard.launch.socket";

    /**
     * The value of {@link #PROPERTY} for this mode.
     *
     * @return e.g. {@code daemon}
     */
    public String property() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The mode a framework property names.
     *
     * @param value the property's value; null when the launcher set none (a framework started some other way)
     * @return the mode; {@link #INTERACTIVE} for null
     * @throws IllegalArgumentException if the value names no mode
     */
    public static LaunchMode of(String value) {
        if (value == null) {
            return INTERACTIVE;
        }
        for (LaunchMode mode : values()) {
            if (mode.property().equals(value)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(
                "framework property " + PROPERTY + " is \"" + value + "\"; expected interactive, daemon or command");
    }
}
