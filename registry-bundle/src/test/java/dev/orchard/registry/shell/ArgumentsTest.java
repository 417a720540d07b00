package dev.orchard.registry.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a command line is split by its command's row: option positions, a pod's command line, and the errors. */
class ArgumentsTest {
    private static final CommandTable TABLE = new CommandTable(null, null);

    private static Arguments parse(String command, String line) {
        ShellCommand row = TABLE.find(command).orElseThrow();
        return Arguments.parse(row, line.isEmpty() ? List.of() : Arrays.asList(line.split(" ")));
    }

    private static String error(String command, String line) {
        return assertThrows(InvalidInputException.class, () -> parse(command, line))
                .getMessage();
    }

    @Test
    void optionsMayComeAnywhereAmongTheParameters() {
        for (String line : List.of("-n prod local data 1Gi", "local -n prod data 1Gi", "local data 1Gi -n prod")) {
            Arguments a = parse("volume-add", line);
            assertEquals("prod", a.option("-n", null), line);
            assertEquals(
                    List.of("local", "data", "1Gi"), List.of(a.get("orchestrator"), a.get("name"), a.get("capacity")));
        }
    }

    @Test
    void optionsBeforeThePodsCommandAreTheCommandsOwnAnywhereAmongItsWords() {
        for (String line : List.of(
                "-n prod local web web sh -c x", "local web web -n prod sh -c x", "local -n prod web web sh -c x")) {
            Arguments a = parse("exec", line);
            assertEquals("prod", a.option("-n", "default"), line);
            assertEquals(List.of("sh", "-c", "x"), a.commandLine(), line);
            assertEquals("web", a.get("container"));
        }
    }

    @Test
    void everyWordFromThePodsCommandOnBelongsToIt() {
        Arguments trailing = parse("exec", "local web web sh -c x -n prod");
        assertEquals("default", trailing.option("-n", "default"));
        assertEquals(List.of("sh", "-c", "x", "-n", "prod"), trailing.commandLine());

        assertEquals(
                List.of("echo", "-n", "hi"),
                parse("exec", "-n prod local web web echo -n hi").commandLine());
        assertEquals(
                List.of("ls", "--help"),
                parse("exec", "local web web ls --help").commandLine());
        Arguments run = parse("pod-run", "local web -e A=1 printf %s -e B=2");
        assertEquals(Map.of("A", "1"), run.pairs("-e"));
        assertEquals(List.of("printf", "%s", "-e", "B=2"), run.commandLine());
    }

    @Test
    void doubleDashEndsTheOptionsAndIsDropped() {
        Arguments a = parse("exec", "-n prod local web web -- -weird arg");
        assertEquals("prod", a.option("-n", null));
        assertEquals(List.of("-weird", "arg"), a.commandLine());

        Arguments early = parse("exec", "local -- web web -n prod");
        assertEquals("default", early.option("-n", "default"), "-n after -- is a word, not an option");
        assertEquals(List.of("-n", "prod"), early.commandLine());

        assertEquals(
                List.of("echo", "--", "x"),
                parse("exec", "local web web echo -- x").commandLine());
    }

    @Test
    void flagsHaveAliasesAndRepeatedOptionsKeepEveryValue() {
        Arguments logs = parse("logs", "local web -f --tail 5");
        assertTrue(logs.flag("--follow"));
        assertEquals(5, logs.number("--tail", 0));
        assertEquals("web", logs.get("container", () -> "web"));

        Arguments run = parse("pod-run", "-v a:/a -v b:/b -n x local web sleep 1");
        assertEquals(List.of("a:/a", "b:/b"), run.all("-v"));
        assertEquals(List.of(), run.all("-e"));
        assertFalse(run.flag("--follow"));
    }

    @Test
    void aNegativeNumberIsAWordNotAnOption() {
        assertEquals(
                List.of("sleep", "-1"), parse("exec", "local web web sleep -1").commandLine());
        assertEquals("-5", parse("volume-add", "local data -5").get("capacity"));
    }

    @Test
    void helpIsAnOptionOfEveryCommandAndNeedsNoParameters() {
        assertTrue(parse("volume-add", "--help").helpRequested());
        assertTrue(parse("exec", "local --help").helpRequested());
        assertTrue(parse("providers", "--help").helpRequested());
        assertFalse(parse("exec", "local web web ls --help").helpRequested(), "the pod command's own --help");
    }

    @Test
    void aWrongArgumentIsInvalidInputWithTheUsage() {
        assertEquals("expected 0 arguments, got 1; usage: providers", error("providers", "extra"));
        assertEquals(
                "expected 3 arguments, got 1; usage: volume-add [-n <namespace>] [-r <replicas>]"
                        + " [-l <key>=<value>]... <orchestrator> <name> <capacity>",
                error("volume-add", "local"));
        assertEquals(
                "expected 0 to 1 arguments, got 2; usage: pods [-n <namespace>] [<provider>]", error("pods", "a b"));
        assertEquals(
                "expected at least 4 arguments, got 3; usage: exec [-n <namespace>] <provider> <pod> <container>"
                        + " <command> [<arg>...]",
                error("exec", "local web web"));
        assertTrue(error("exec", "-x local web web ls").startsWith("unknown option -x; usage: exec [-n <namespace>]"));
        assertTrue(error("volume-rm", "local data -n").startsWith("option -n needs a value; usage: volume-rm"));
        assertEquals(
                "option -r must be a whole number, got \"two\"",
                assertThrows(
                                InvalidInputException.class,
                                () -> parse("volume-add", "local d 1Gi -r two").number("-r", 1))
                        .getMessage());
        assertEquals(
                "option -l takes key=value, got \"app\"",
                assertThrows(
                                InvalidInputException.class,
                                () -> parse("volumes", "-l app").pairs("-l"))
                        .getMessage());
    }
}
