package dev.orchard.runtime.launcher;

/**
 * The command line of {@code java -jar orchard.jar}: the interactive shell (no arguments), {@code --daemon},
 * {@code -c "<command>"}, {@code --help} or {@code --version}; or why it is not one of them.
 *
 * @param mode what to do
 * @param command the command line of {@link Mode#COMMAND}; null otherwise
 * @param error why the command line is refused, for {@link Mode#INVALID}; null otherwise
 */
record LaunchOptions(Mode mode, String command, String error) {
    /** What the command line asks for. */
    enum Mode {
        /** Start into the interactive shell. */
        INTERACTIVE,
        /** Run without a console. */
        DAEMON,
        /** Run one command. */
        COMMAND,
        /** Print the usage. */
        HELP,
        /** Print the version. */
        VERSION,
        /** A bad command line: print why and the usage. */
        INVALID
    }

    /** What {@code --help} prints. */
    static final String USAGE = String.join(
            System.lineSeparator(),
            "Usage: java [-D<property>=<value>...] -jar orchard.jar [--daemon | -c \"<command>\" | --help | --version]",
            "  (no option)        start into the interactive shell; Ctrl-C ends the running command, stop 0 or",
            "                     end of input (Ctrl-D) stops the runtime",
            "  --daemon, -d       run without a console (for services); stdin is never read; SIGTERM or SIGINT",
            "                     stops it cleanly",
            "  -c, --command CMD  run one shell command, e.g. -c \"orchard:providers\", in the runtime that runs in",
            "                     this folder, or else in a runtime of its own; print what it prints and exit with",
            "                     its status",
            "  --help, -h         print this help",
            "  --version          print the version",
            "One runtime runs per folder: it locks .orchard/lock, and -c reaches it through .orchard/socket.",
            "Exit status: 0 success; 1 the command failed; orchard:exec exits with the command's own code;",
            "  2 a bad command line, or a runtime already runs in this folder; 3 the runtime did not start or",
            "  did not answer; 130 the command was interrupted (Ctrl-C).");

    /**
     * Reads the command line.
     *
     * @param args the arguments of {@code main}
     * @return what they ask for
     */
    static LaunchOptions parse(String[] args) {
        if (args == null || args.length == 0) {
            return new LaunchOptions(Mode.INTERACTIVE, null, null);
        }
        String first = args[0];
        switch (first) {
            case "--daemon":
            case "-d":
                return alone(args, Mode.DAEMON);
            case "-c":
            case "--command":
                String command = rest(args).trim();
                if (command.isEmpty()) {
                    return invalid(first + " needs a command, e.g. " + first + " \"orchard:providers\"");
                }
                return new LaunchOptions(Mode.COMMAND, command, null);
            case "--help":
            case "-h":
                return alone(args, Mode.HELP);
            case "--version":
                return alone(args, Mode.VERSION);
            default:
                return invalid("unknown option " + first);
        }
    }

    // An option that takes no arguments after it.
    private static LaunchOptions alone(String[] args, Mode mode) {
        if (args.length > 1) {
            return invalid(args[0] + " takes no further arguments, got: " + rest(args));
        }
        return new LaunchOptions(mode, null, null);
    }

    private static LaunchOptions invalid(String why) {
        return new LaunchOptions(Mode.INVALID, null, why);
    }

    // The arguments after the first, joined by spaces: -c takes the rest of the line as one command.
    private static String rest(String[] args) {
        StringBuilder rest = new StringBuilder();
        for (int i = 1; i < args.length; i++) {
            if (i > 1) {
                rest.append(' ');
            }
            rest.append(args[i]);
        }
        return rest.toString();
    }
}
