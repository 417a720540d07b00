package dev.orchard.provider.mock.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The mock's in-memory stand-in for a container's shell: it understands {@code echo}, {@code true},
 * {@code false}, {@code exit N} and {@code sleep N} (ignored), alone or as {@code sh -c "a; b && c"}. A
 * container's log is what its command would print; exec returns the exit code the command would.
 */
final class MockShell {
    /** What a command printed and how it exited. */
    record Result(List<String> stdout, List<String> stderr, int exitCode) {}

    // The folders the mock's "file system" has commands in: a command by a path outside them does not exist.
    private static final List<String> BIN_FOLDERS =
            List.of("/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/usr/local/bin/", "/usr/local/sbin/");

    private MockShell() {}

    /**
     * Why a container of this command could not start: its command is a path outside the folders that hold
     * commands ({@code /bin}, {@code /usr/bin} and the like), which the mock's node does not have.
     *
     * @param command the container's command and arguments
     * @return the reason, as a runtime says it, or null if it starts
     */
    static String cannotStart(List<String> command) {
        if (command.isEmpty()) {
            return null;
        }
        String path = command.get(0);
        if (!path.startsWith("/") || BIN_FOLDERS.stream().anyMatch(path::startsWith)) {
            return null;
        }
        return "exec: " + path + ": no such file or directory (the mock's node has commands only in "
                + String.join(", ", BIN_FOLDERS) + ")";
    }

    static Result run(List<String> command) {
        List<String> out = new ArrayList<>();
        List<String> err = new ArrayList<>();
        if (command.isEmpty()) {
            return new Result(out, err, 0);
        }
        if (command.size() == 3
                && (command.get(0).equals("sh") || command.get(0).equals("/bin/sh"))
                && command.get(1).equals("-c")) {
            int code = 0;
            for (String[] step : statements(command.get(2))) {
                List<String> words = words(step[1]);
                if (words.isEmpty() || (step[0].equals("&&") && code != 0)) {
                    continue; // an empty statement, or one after && whose left side failed
                }
                code = statement(words, out, err);
                if (words.get(0).equals("exit")) {
                    break;
                }
            }
            return new Result(out, err, code);
        }
        return new Result(out, err, statement(command, out, err));
    }

    private static int statement(List<String> words, List<String> out, List<String> err) {
        String verb = words.get(0);
        switch (verb) {
            case "echo":
                out.add(String.join(" ", words.subList(1, words.size())));
                return 0;
            case "true":
            case "sleep":
                return 0;
            case "false":
                return 1;
            case "exit":
                try {
                    return words.size() > 1 ? Integer.parseInt(words.get(1)) & 0xff : 0;
                } catch (NumberFormatException e) {
                    err.add("mock: exit: " + words.get(1) + ": numeric argument required");
                    return 2;
                }
            default:
                err.add("mock: " + verb + ": command not found (the mock runs only echo, true, false, exit, sleep)");
                return 127;
        }
    }

    // Splits a script at ';', newlines and '&&' outside quotes into {separator before, statement} pairs.
    private static List<String[]> statements(String script) {
        List<String[]> steps = new ArrayList<>();
        StringBuilder s = new StringBuilder();
        String before = ";";
        char quote = 0;
        for (int i = 0; i < script.length(); i++) {
            char c = script.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ';' || c == '\n' || (c == '&' && i + 1 < script.length() && script.charAt(i + 1) == '&')) {
                steps.add(new String[] {before, s.toString()});
                s.setLength(0);
                before = c == '&' ? "&&" : ";";
                i += c == '&' ? 1 : 0;
                continue;
            }
            s.append(c);
        }
        steps.add(new String[] {before, s.toString()});
        return steps;
    }

    // Splits a statement into words, honouring single and double quotes.
    private static List<String> words(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : s.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}
