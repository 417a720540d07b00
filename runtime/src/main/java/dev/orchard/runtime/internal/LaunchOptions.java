package dev.orchard.runtime.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code java -jar orchard.jar}: interactive (no arguments), {@code --daemon}, or
 * {@code -c "<command>"} to run one shell command and exit with its status.
 */
final class LaunchOptions {
    enum Mode {
        INTERACTIVE,
        DAEMON,
        ONE_SHOT,
        HELP
    }

    static final String USAGE = String.join(
            System.lineSeparator(),
            "Usage: java [-D<property>=<value>...] -jar orchard.jar [--daemon | -c \"<command>\" | --help]",
            "  (no option)        start into the interactive Gogo shell",
            "  --daemon, -d       run without a console (for services); stdin is never read",
            "  -c, --command CMD  run one shell command, e.g. -c \"orchard:providers\", print its result and",
            "                     exit with 0 on success or 1 on failure",
            "  --help, -h         print this help");

    final Mode mode;
    final String command;
    final String error;

    private LaunchOptions(Mode mode, String command, String error) {
        this.mode = mode;
        this.command = command;
        this.error = error;
    }

    static LaunchOptions parse(String[] args) {
        if (args == null || args.length == 0) {
            return new LaunchOptions(Mode.INTERACTIVE, null, null);
        }
        String first = args[0];
        switch (first) {
            case "--daemon":
            case "-d":
                if (args.length > 1) {
                    return invalid("--daemon takes no further arguments, got: " + String.join(" ", rest(args)));
                }
                return new LaunchOptions(Mode.DAEMON, null, null);
            case "-c":
            case "--command":
                String command = String.join(" ", rest(args)).trim();
                if (command.isEmpty()) {
                    return invalid(first + " needs a command, e.g. " + first + " \"orchard:providers\"");
                }
                return new LaunchOptions(Mode.ONE_SHOT, command, null);
            case "--help":
            case "-h":
                return new LaunchOptions(Mode.HELP, null, null);
            default:
                return invalid("unknown option " + first);
        }
    }

    private static LaunchOptions invalid(String why) {
        return new LaunchOptions(Mode.HELP, null, why);
    }

    private static List<String> rest(String[] args) {
        List<String> rest = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            rest.add(args[i]);
        }
        return rest;
    }
}
