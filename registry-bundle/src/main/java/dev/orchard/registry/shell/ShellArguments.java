package dev.orchard.registry.shell;

import dev.orchard.api.error.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The positional arguments and options of one command line, e.g. {@code volume-add local data 1Gi -n prod}. */
final class ShellArguments {
    private final String usage;
    private final List<String> positional = new ArrayList<>();
    private final Map<String, List<String>> options = new LinkedHashMap<>();

    /**
     * Splits the arguments.
     *
     * @param usage the command's usage line, for messages
     * @param args what Gogo passed
     * @param valued the options that take a value, e.g. "-n"
     */
    ShellArguments(String usage, List<Object> args, Set<String> valued) {
        this(usage, args, valued, Set.of(), Integer.MAX_VALUE);
    }

    /**
     * Splits the arguments of a command that ends in a command line of its own, e.g. {@code pod-run p web sh -c x}:
     * from the positional argument at {@code literalFrom} on, every argument is kept as it is.
     *
     * @param usage the command's usage line, for messages
     * @param args what Gogo passed
     * @param valued the options that take a value
     * @param flags the options that take no value, e.g. "--follow"
     * @param literalFrom the index of the positional argument (the command) after which options are no longer read
     */
    ShellArguments(String usage, List<Object> args, Set<String> valued, Set<String> flags, int literalFrom) {
        this.usage = usage;
        for (int i = 0; i < args.size(); i++) {
            String a = String.valueOf(args.get(i));
            if (positional.size() > literalFrom) {
                positional.add(a);
            } else if (flags.contains(a)) {
                options.computeIfAbsent(a, k -> new ArrayList<>()).add("true");
            } else if (a.startsWith("-") && a.length() > 1 && !isNumber(a)) {
                if (!valued.contains(a)) {
                    throw new InvalidInputException("unknown option " + a + "; usage: " + usage);
                }
                if (i + 1 >= args.size()) {
                    throw new InvalidInputException("option " + a + " needs a value; usage: " + usage);
                }
                options.computeIfAbsent(a, k -> new ArrayList<>()).add(String.valueOf(args.get(++i)));
            } else {
                positional.add(a);
            }
        }
    }

    private static boolean isNumber(String s) {
        return s.length() > 1 && Character.isDigit(s.charAt(1));
    }

    /**
     * Checks the number of positional arguments.
     *
     * @param min the least
     * @param max the most
     * @return this
     */
    ShellArguments expect(int min, int max) {
        if (positional.size() < min || positional.size() > max) {
            throw new InvalidInputException("expected " + (min == max ? String.valueOf(min) : min + " to " + max)
                    + " arguments, got " + positional.size() + "; usage: " + usage);
        }
        return this;
    }

    String at(int index) {
        return positional.get(index);
    }

    String at(int index, String absent) {
        return index < positional.size() ? positional.get(index) : absent;
    }

    List<String> rest(int from) {
        return from < positional.size() ? positional.subList(from, positional.size()) : List.of();
    }

    boolean flag(String name) {
        return options.containsKey(name);
    }

    String option(String name, String absent) {
        List<String> values = options.get(name);
        return values == null ? absent : values.get(values.size() - 1);
    }

    List<String> all(String name) {
        return options.getOrDefault(name, List.of());
    }

    int intOption(String name, int absent) {
        String v = option(name, null);
        if (v == null) {
            return absent;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("option " + name + " must be a whole number, got \"" + v + "\"");
        }
    }

    /** Parses repeated key=value options into labels. */
    Map<String, String> pairs(String name) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : all(name)) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new InvalidInputException("option " + name + " takes key=value, got \"" + kv + "\"");
            }
            out.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return out;
    }
}
