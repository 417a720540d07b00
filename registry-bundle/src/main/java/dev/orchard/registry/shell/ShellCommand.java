package dev.orchard.registry.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of the command table: an {@code orchard:*} command's name, description, parameters, options and body.
 * The Gogo registration, the help, the usage in error messages and the README's table are all made from it.
 *
 * @param name the function name within the scope {@code orchard}, e.g. {@code volume-add}
 * @param description what the command does, in one line
 * @param parameters the positional parameters, required ones first, a command line (if any) last
 * @param options the options, which come before a command line and anywhere among the other words
 * @param body what the command does with its parsed arguments
 */
record ShellCommand(String name, String description, List<Parameter> parameters, List<Option> options, Body body) {
    /** The option that every command takes: it prints the command's help instead of running it. */
    static final Option HELP = Option.flag("prints this help instead of running the command", "--help");

    /**
     * Checks the row. A malformed row is a bug in the table, which its unit test finds.
     *
     * @throws IllegalArgumentException if a required parameter follows an optional one, a command line is not
     *     last, or two options share a name
     */
    ShellCommand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(body, "body");
        parameters = List.copyOf(parameters);
        options = List.copyOf(options);
        boolean optionalSeen = false;
        for (int i = 0; i < parameters.size(); i++) {
            Parameter p = parameters.get(i);
            if (p.arity() == Arity.COMMAND_LINE && i != parameters.size() - 1) {
                throw new IllegalArgumentException(name + ": the command line <" + p.name() + "> must come last");
            }
            if (p.arity() != Arity.OPTIONAL && optionalSeen) {
                throw new IllegalArgumentException(name + ": <" + p.name() + "> follows an optional parameter");
            }
            optionalSeen |= p.arity() == Arity.OPTIONAL;
        }
        List<String> seen = new ArrayList<>(HELP.names());
        for (Option o : options) {
            for (String n : o.names()) {
                if (seen.contains(n)) {
                    throw new IllegalArgumentException(name + ": option " + n + " is declared twice");
                }
                seen.add(n);
            }
        }
    }

    /**
     * The one-line synopsis, options first: that form works for every command, including those that end in a
     * command line of their own, e.g. {@code exec [-n <namespace>] <provider> <pod> <container> <command>
     * [<arg>...]}.
     *
     * @return the usage, without the scope
     */
    String usage() {
        StringBuilder b = new StringBuilder(name);
        for (Option o : options) {
            b.append(" [").append(o.synopsis()).append(']').append(o.repeatable() ? "..." : "");
        }
        for (Parameter p : parameters) {
            b.append(' ').append(p.synopsis());
        }
        return b.toString();
    }

    /**
     * Finds the option a word names, by any of its names; {@code --help} included.
     *
     * @param word a word of the command line, e.g. {@code -f}
     * @return the option, or empty if the command has none of that name
     */
    Optional<Option> option(String word) {
        if (HELP.names().contains(word)) {
            return Optional.of(HELP);
        }
        return options.stream().filter(o -> o.names().contains(word)).findFirst();
    }

    /** How many words a parameter takes. */
    enum Arity {
        /** Exactly one word. */
        REQUIRED,
        /** One word or none; optional parameters come after the required ones. */
        OPTIONAL,
        /**
         * A command line of its own: one word or more, the last parameter. Every word from its first on belongs to
         * it, options of the command line included ({@code echo -n}).
         */
        COMMAND_LINE
    }

    /**
     * A positional parameter.
     *
     * @param name its name, shown as {@code <name>}
     * @param description what it means, and its default if it is optional
     * @param arity how many words it takes
     */
    record Parameter(String name, String description, Arity arity) {
        /** Checks that every part is there. */
        Parameter {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(arity, "arity");
        }

        /**
         * A parameter that must be given.
         *
         * @param name its name
         * @param description what it means
         * @return the parameter
         */
        static Parameter required(String name, String description) {
            return new Parameter(name, description, Arity.REQUIRED);
        }

        /**
         * A parameter that may be left out.
         *
         * @param name its name
         * @param description what it means and what leaving it out means
         * @return the parameter
         */
        static Parameter optional(String name, String description) {
            return new Parameter(name, description, Arity.OPTIONAL);
        }

        /**
         * The command line the command runs, e.g. in a pod.
         *
         * @param name its name
         * @param description what it means
         * @return the parameter
         */
        static Parameter commandLine(String name, String description) {
            return new Parameter(name, description, Arity.COMMAND_LINE);
        }

        /**
         * How the usage shows it.
         *
         * @return {@code <name>}, {@code [<name>]} or {@code <name> [<arg>...]}
         */
        String synopsis() {
            return switch (arity) {
                case REQUIRED -> "<" + name + ">";
                case OPTIONAL -> "[<" + name + ">]";
                case COMMAND_LINE -> "<" + name + "> [<arg>...]";
            };
        }
    }

    /**
     * An option: a flag, or a name followed by a value.
     *
     * @param names its names, the first the one a body asks for, e.g. {@code --follow} and {@code -f}
     * @param value how the usage shows its value, e.g. {@code <namespace>}; empty for a flag
     * @param description what it means, and its default
     * @param repeatable whether it may be given more than once, each value kept
     */
    record Option(List<String> names, String value, String description, boolean repeatable) {
        /** Checks that every name starts with '-' and copies the names. */
        Option {
            names = List.copyOf(names);
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(description, "description");
            if (names.isEmpty() || names.stream().anyMatch(n -> !n.startsWith("-") || n.length() < 2)) {
                throw new IllegalArgumentException("option names start with '-', got " + names);
            }
        }

        /**
         * An option without a value.
         *
         * @param description what it means
         * @param names its names, the first the one a body asks for
         * @return the option
         */
        static Option flag(String description, String... names) {
            return new Option(List.of(names), "", description, false);
        }

        /**
         * An option with a value; given twice, the last value counts.
         *
         * @param name its name
         * @param value how the usage shows its value
         * @param description what it means and its default
         * @return the option
         */
        static Option valued(String name, String value, String description) {
            return new Option(List.of(name), value, description, false);
        }

        /**
         * An option with a value that may be given more than once, each value kept.
         *
         * @param name its name
         * @param value how the usage shows each value
         * @param description what it means
         * @return the option
         */
        static Option repeated(String name, String value, String description) {
            return new Option(List.of(name), value, description, true);
        }

        /**
         * The name a body asks for.
         *
         * @return the first name
         */
        String name() {
            return names.get(0);
        }

        /**
         * Whether the option takes no value.
         *
         * @return true for a flag
         */
        boolean isFlag() {
            return value.isEmpty();
        }

        /**
         * How the usage shows it: its first name and its value, e.g. {@code -n <namespace>}.
         *
         * @return the synopsis
         */
        String synopsis() {
            return isFlag() ? name() : name() + " " + value;
        }
    }

    /** What a command does with one parsed command line. */
    @FunctionalInterface
    interface Body {
        /**
         * Runs the command, printing to the invocation's output.
         *
         * @param call the arguments and the streams of this run
         */
        void run(Invocation call);
    }
}
