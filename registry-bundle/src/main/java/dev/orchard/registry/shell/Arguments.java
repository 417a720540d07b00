package dev.orchard.registry.shell;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.registry.shell.ShellCommand.Arity;
import dev.orchard.registry.shell.ShellCommand.Option;
import dev.orchard.registry.shell.ShellCommand.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One command line split by its command's row of the table: the parameters by name, the options, and the command
 * line the command runs (e.g. in a pod).
 *
 * <p>The rule: options may come anywhere among the command's own words, but the first word of a command line and
 * every word after it belong to that command line, so {@code exec -n prod local web web echo -n hi} runs
 * {@code echo -n hi} in namespace {@code prod}. A {@code --} ends the options. A word such as {@code -5} is a value,
 * not an option.
 */
final class Arguments {
    private final ShellCommand command;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> commandLine = new ArrayList<>();
    private final Map<String, List<String>> options = new LinkedHashMap<>();
    private boolean help;

    private Arguments(ShellCommand command) {
        this.command = command;
    }

    /**
     * Splits and checks a command line.
     *
     * @param command the command's row of the table
     * @param words the words after the command's name, as Gogo passed them
     * @return the arguments; if {@code --help} was among the options, {@link #helpRequested()} and nothing more is
     *     checked
     * @throws InvalidInputException for an unknown option, an option without its value, or too few or too many
     *     words, each with the command's usage
     */
    static Arguments parse(ShellCommand command, List<?> words) {
        Arguments a = new Arguments(command);
        List<String> positional = new ArrayList<>();
        int commandLineAt = command.parameters().size() - 1;
        boolean endsInCommandLine =
                commandLineAt >= 0 && command.parameters().get(commandLineAt).arity() == Arity.COMMAND_LINE;
        boolean optionsEnded = false;
        for (int i = 0; i < words.size(); i++) {
            String word = String.valueOf(words.get(i));
            boolean inCommandLine = endsInCommandLine && positional.size() > commandLineAt;
            if (!optionsEnded && !inCommandLine && word.equals("--")) {
                optionsEnded = true;
            } else if (!optionsEnded && !inCommandLine && isOption(word)) {
                Option option = command.option(word)
                        .orElseThrow(() -> invalid("unknown option " + word + "; usage: " + command.usage()));
                String value = "true";
                if (!option.isFlag()) {
                    if (i + 1 >= words.size()) {
                        throw invalid("option " + word + " needs a value; usage: " + command.usage());
                    }
                    value = String.valueOf(words.get(++i));
                }
                a.options.computeIfAbsent(option.name(), k -> new ArrayList<>()).add(value);
            } else {
                positional.add(word);
            }
        }
        a.help = a.options.containsKey(ShellCommand.HELP.name());
        if (!a.help) {
            a.assign(positional, endsInCommandLine);
        }
        return a;
    }

    // An option starts with '-'; a negative number does not count, nor does a lone '-'.
    private static boolean isOption(String word) {
        return word.length() > 1 && word.charAt(0) == '-' && !Character.isDigit(word.charAt(1));
    }

    private void assign(List<String> positional, boolean endsInCommandLine) {
        List<Parameter> parameters = command.parameters();
        long required =
                parameters.stream().filter(p -> p.arity() != Arity.OPTIONAL).count();
        if (positional.size() < required || (!endsInCommandLine && positional.size() > parameters.size())) {
            String expected = endsInCommandLine
                    ? "at least " + required
                    : required == parameters.size() ? String.valueOf(required) : required + " to " + parameters.size();
            String noun = expected.equals("1") ? " argument" : " arguments";
            throw invalid("expected " + expected + noun + ", got " + positional.size() + "; usage: " + command.usage());
        }
        for (int i = 0; i < parameters.size() && i < positional.size(); i++) {
            Parameter p = parameters.get(i);
            if (p.arity() == Arity.COMMAND_LINE) {
                commandLine.addAll(positional.subList(i, positional.size()));
            } else {
                values.put(p.name(), positional.get(i));
            }
        }
    }

    private static InvalidInputException invalid(String message) {
        return new InvalidInputException(message);
    }

    /**
     * Whether {@code --help} was given among the options.
     *
     * @return true if the command should print its help instead of running
     */
    boolean helpRequested() {
        return help;
    }

    /**
     * The value of a required parameter.
     *
     * @param parameter the parameter's name in the table
     * @return its value
     */
    String get(String parameter) {
        return get(parameter, () -> {
            throw new IllegalArgumentException(command.name() + " has no required parameter <" + parameter + ">");
        });
    }

    /**
     * The value of a parameter that may be left out.
     *
     * @param parameter the parameter's name in the table
     * @param absent what it means when left out; asked only then
     * @return its value, or what {@code absent} supplies
     */
    String get(String parameter, Supplier<String> absent) {
        String value = values.get(parameter);
        return value != null ? value : absent.get();
    }

    /**
     * The command line to run, as given: its first word is the program.
     *
     * @return the words, empty if the command takes none
     */
    List<String> commandLine() {
        return List.copyOf(commandLine);
    }

    /**
     * Whether a flag was given.
     *
     * @param name the option's first name in the table
     * @return true if it was given, by any of its names
     */
    boolean flag(String name) {
        return options.containsKey(name);
    }

    /**
     * The value of an option; the last one if it was given more than once.
     *
     * @param name the option's first name in the table
     * @param absent what to return if it was not given
     * @return the value, or {@code absent}
     */
    String option(String name, String absent) {
        List<String> given = options.get(name);
        return given == null ? absent : given.get(given.size() - 1);
    }

    /**
     * Every value of a repeatable option, in the order given.
     *
     * @param name the option's first name in the table
     * @return the values, empty if it was not given
     */
    List<String> all(String name) {
        return List.copyOf(options.getOrDefault(name, List.of()));
    }

    /**
     * The value of an option that takes a whole number.
     *
     * @param name the option's first name in the table
     * @param absent what to return if it was not given
     * @return the number
     * @throws InvalidInputException if the value is not a whole number
     */
    int number(String name, int absent) {
        String v = option(name, null);
        if (v == null) {
            return absent;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw invalid("option " + name + " must be a whole number, got \"" + v + "\"");
        }
    }

    /**
     * The values of a repeatable {@code key=value} option as a map; a key given twice keeps its last value.
     *
     * @param name the option's first name in the table
     * @return the pairs in the order given
     * @throws InvalidInputException if a value has no '=' or nothing before it
     */
    Map<String, String> pairs(String name) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : all(name)) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw invalid("option " + name + " takes key=value, got \"" + kv + "\"");
            }
            out.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return out;
    }
}
