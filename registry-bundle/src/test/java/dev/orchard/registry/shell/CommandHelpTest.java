package dev.orchard.registry.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.registry.shell.ShellCommand.Option;
import dev.orchard.registry.shell.ShellCommand.Parameter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The help made from the table: every command's description, usage, options and parameters. */
class CommandHelpTest {
    private static final CommandTable TABLE = new CommandTable(null, null);

    @Test
    void theTableHoldsEveryOrchardCommandOnce() {
        assertEquals(
                List.of(
                        "providers",
                        "provider",
                        "volumes",
                        "volume-add",
                        "volume-info",
                        "volume-rm",
                        "pods",
                        "pod-run",
                        "pod-rm",
                        "logs",
                        "exec",
                        "node",
                        "stats",
                        "help"),
                TABLE.all().stream().map(ShellCommand::name).toList());
        assertEquals(
                "volume-add", TABLE.find("orchard:volume-add").orElseThrow().name());
        assertTrue(TABLE.find("felix:lb").isEmpty());
    }

    @Test
    void theListNamesTheOrchardCommandsOfOtherBundlesAfterTheTablesAndNoneTwice() {
        CommandTable table = new CommandTable(
                null,
                null,
                () -> List.of(
                        new CommandTable.Other("deploy", "lists the files in deploy/"),
                        new CommandTable.Other("providers", "a second providers is no other command")));
        assertEquals(List.of(new CommandTable.Other("deploy", "lists the files in deploy/")), table.others());
        List<String> lines =
                CommandHelp.list(table.all(), table.others()).lines().toList();
        assertTrue(
                lines.get(table.all().size()).matches("orchard:deploy\\s+lists the files in deploy/"), lines::toString);
        assertEquals(
                1,
                lines.stream().filter(l -> l.startsWith("orchard:providers ")).count());
    }

    @Test
    void everyCommandsHelpDescribesEachParameterAndOption() {
        for (ShellCommand c : TABLE.all()) {
            String help = CommandHelp.help(c);
            List<String> lines = help.lines().toList();
            assertEquals(c.name() + " - " + c.description(), lines.get(0));
            assertEquals("   scope: orchard", lines.get(1));
            assertEquals("   usage: " + c.usage(), lines.get(2));
            for (Parameter p : c.parameters()) {
                assertTrue(
                        lines.stream()
                                .anyMatch(l ->
                                        l.startsWith("      " + p.synopsis() + " ") && l.endsWith(p.description())),
                        c.name() + " describes " + p.name() + ":\n" + help);
            }
            for (Option o : c.options()) {
                assertTrue(
                        lines.stream()
                                .anyMatch(l -> l.startsWith("      " + String.join(", ", o.names()))
                                        && l.contains(o.description())),
                        c.name() + " describes " + o.name() + ":\n" + help);
            }
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("      --help ")), help);
        }
    }

    @Test
    void execsHelpShowsTheFormThatWorks() {
        assertEquals(
                String.join(
                        System.lineSeparator(),
                        "exec - runs a command in a container's environment and working folder; the shell's status is"
                                + " its exit code",
                        "   scope: orchard",
                        "   usage: exec [-n <namespace>] <provider> <pod> <container> <command> [<arg>...]",
                        "   options (anywhere before <command>; -- ends them):",
                        "      -n <namespace>   the pod's namespace (default: default)",
                        "      --help           prints this help instead of running the command",
                        "   parameters:",
                        "      <provider>             the pod provider's name, e.g. local",
                        "      <pod>                  the pod's name",
                        "      <container>            the container's name",
                        "      <command> [<arg>...]   the command and its arguments; every word from here on is the"
                                + " command's own, options included (echo -n keeps its -n)"),
                CommandHelp.help(TABLE.find("exec").orElseThrow()));
        assertEquals(
                "pod-run [-n <namespace>] [-v <volume>:<mountPath>]... [-e <key>=<value>]..."
                        + " [--image <image>] [--restart Never|OnFailure|Always] <provider> <pod> <command> [<arg>...]",
                TABLE.find("pod-run").orElseThrow().usage());
    }

    @Test
    void helpWithoutANameListsTheCommandsAndAnUnknownNameIsNotFound() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ShellCommand help = TABLE.find("help").orElseThrow();
        help.body().run(new Invocation(Arguments.parse(help, List.of()), out, out, null));
        String list = bytes.toString(StandardCharsets.UTF_8);
        for (ShellCommand c : TABLE.all()) {
            assertTrue(
                    list.lines()
                            .anyMatch(l -> l.matches("orchard:" + c.name() + "\\s+" + Pattern.quote(c.description()))),
                    list);
        }

        NotFoundException unknown = assertThrows(
                NotFoundException.class,
                () -> help.body().run(new Invocation(Arguments.parse(help, List.of("nope")), out, out, null)));
        assertTrue(
                unknown.getMessage().startsWith("no orchard command is named \"nope\"; the commands are: providers,"),
                unknown.getMessage());
    }
}
