package dev.orchard.registry.shell;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.ShellCommands;
import dev.orchard.registry.shell.ShellCommand.Arity;
import dev.orchard.registry.shell.ShellCommand.Option;
import dev.orchard.registry.shell.ShellCommand.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;

/**
 * The text that describes the commands, made from the table: one command's help (what {@code orchard:help
 * <command>} and {@code orchard:<command> --help} print, laid out as Gogo's own {@code help} lays out a command),
 * and the list of commands that {@code orchard:help} prints.
 */
final class CommandHelp {
    /** Gogo's help command, from the Felix Gogo command bundle; absent in Karaf. */
    private static final String GOGO_HELP = "felix:help";

    private CommandHelp() {}

    /**
     * One command's help: its description, scope and usage, then each option and parameter with what it means.
     *
     * @param command the command
     * @return the lines, without a final line break
     */
    static String help(ShellCommand command) {
        List<String> lines = new ArrayList<>();
        lines.add(command.name() + " - " + command.description());
        lines.add("   scope: " + ShellCommands.SCOPE);
        lines.add("   usage: " + command.usage());
        List<String[]> options = new ArrayList<>();
        for (Option o : command.options()) {
            String names = String.join(", ", o.names()) + (o.isFlag() ? "" : " " + o.value());
            options.add(new String[] {names, o.description() + (o.repeatable() ? "; repeat it for more" : "")});
        }
        options.add(new String[] {ShellCommand.HELP.name(), ShellCommand.HELP.description()});
        Parameter last = command.parameters().isEmpty()
                ? null
                : command.parameters().get(command.parameters().size() - 1);
        if (last == null) {
            lines.add("   options:");
        } else if (last.arity() == Arity.COMMAND_LINE) {
            lines.add("   options (anywhere before <" + last.name() + ">; -- ends them):");
        } else {
            lines.add("   options (anywhere among the parameters):");
        }
        lines.addAll(columns("      ", options));
        if (!command.parameters().isEmpty()) {
            lines.add("   parameters:");
            lines.addAll(columns(
                    "      ",
                    command.parameters().stream()
                            .map(p -> new String[] {p.synopsis(), p.description()})
                            .toList()));
        }
        return String.join(System.lineSeparator(), lines);
    }

    /**
     * The list of commands: each scoped name with its description, the table's rows first.
     *
     * @param commands the table's rows
     * @param others the orchard commands that other bundles register
     * @return the lines, without a final line break
     */
    static String list(List<ShellCommand> commands, List<CommandTable.Other> others) {
        List<String[]> rows = new ArrayList<>();
        commands.forEach(c -> rows.add(new String[] {ShellCommands.SCOPE + ":" + c.name(), c.description()}));
        others.forEach(o -> rows.add(new String[] {ShellCommands.SCOPE + ":" + o.name(), o.description()}));
        List<String> lines = new ArrayList<>(columns("", rows));
        lines.add("orchard:help <command> or orchard:<command> --help shows a command's parameters and options.");
        return String.join(System.lineSeparator(), lines);
    }

    // Two aligned columns; a command's options and parameters are indented as Gogo's own help indents them.
    private static List<String> columns(String indent, List<String[]> rows) {
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        return rows.stream()
                .map(r -> (indent + r[0] + " ".repeat(width - r[0].length() + 3) + r[1]).stripTrailing())
                .collect(Collectors.toList());
    }

    /**
     * The body of {@code orchard:help}: the help of the command named, or the list of commands.
     *
     * <p>The name of another scope's command goes to Gogo's {@code felix:help}, where there is one: plain Gogo
     * resolves the bare word {@code help} to the first {@code <scope>:help} in its command map, a hash map (see
     * {@code CommandProcessorImpl.getCommand} in gogo.runtime 1.1), and that may be this command. So {@code help lb}
     * keeps answering as it did. Karaf has a {@code help} of its own, which it always prefers.
     *
     * @param table the table
     * @param call the invocation, with the optional parameter {@code command}
     * @throws NotFoundException if the name is no command of the session
     */
    static void answer(CommandTable table, Invocation call) {
        String name = call.arguments().get("command", () -> null);
        CommandSession session = call.session();
        Function gogoHelp = session != null && session.get(GOGO_HELP) instanceof Function f ? f : null;
        if (name == null) {
            call.out().println(list(table.all(), table.others()));
            if (gogoHelp != null) {
                call.out().println(GOGO_HELP + " lists every command of the shell.");
            }
            return;
        }
        Optional<ShellCommand> command = table.find(name);
        String function =
                name.startsWith(ShellCommands.SCOPE + ":") ? name.substring(ShellCommands.SCOPE.length() + 1) : name;
        if (command.isPresent()) {
            call.out().println(help(command.get()));
        } else if (session != null
                && table.others().stream().anyMatch(o -> o.name().equals(function))
                && session.get(ShellCommands.SCOPE + ":" + function) instanceof Function other) {
            // Another bundle's command describes itself: it answers --help as every orchard command does.
            try {
                other.execute(session, List.of("--help"));
            } catch (Exception e) {
                throw new UnavailableException(name + " --help failed: " + e.getMessage(), e);
            }
        } else if (gogoHelp != null && session.get(name.indexOf(':') < 0 ? "*:" + name : name) != null) {
            // Gogo finds a bare name through the session's SCOPE path when it is asked for "*:<name>".
            try {
                Object text = gogoHelp.execute(session, List.of(name));
                call.out().println(String.valueOf(text).stripTrailing());
            } catch (Exception e) {
                throw new UnavailableException(GOGO_HELP + " " + name + " failed: " + e.getMessage(), e);
            }
        } else {
            throw new NotFoundException("no orchard command is named " + Names.quote(name) + "; the commands are: "
                    + Stream.concat(
                                    table.all().stream().map(ShellCommand::name),
                                    table.others().stream().map(CommandTable.Other::name))
                            .collect(Collectors.joining(", ")));
        }
    }
}
