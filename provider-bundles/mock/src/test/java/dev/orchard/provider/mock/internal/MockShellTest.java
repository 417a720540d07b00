package dev.orchard.provider.mock.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MockShellTest {
    private static MockShell.Result sh(String script) {
        return MockShell.run(List.of("sh", "-c", script));
    }

    @Test
    void emptyCommandDoesNothing() {
        assertEquals(new MockShell.Result(List.of(), List.of(), 0), MockShell.run(List.of()));
    }

    @Test
    void echoJoinsItsArguments() {
        assertEquals(
                List.of("a b c"), MockShell.run(List.of("echo", "a", "b", "c")).stdout());
        assertEquals(List.of(""), MockShell.run(List.of("echo")).stdout());
    }

    @Test
    void argumentsOutsideAShellAreTakenLiterally() {
        MockShell.Result r = MockShell.run(List.of("echo", "a; echo b", "'q'"));
        assertEquals(List.of("a; echo b 'q'"), r.stdout());
        assertEquals(0, r.exitCode());
    }

    @Test
    void singleAndDoubleQuotesKeepSpaces() {
        assertEquals(List.of("a b", "c d"), sh("echo 'a b'; echo \"c d\"").stdout());
        assertEquals(List.of("a  b"), sh("echo 'a  b'").stdout());
        assertEquals(List.of("a b"), sh("echo a    b").stdout(), "unquoted runs of spaces separate words");
        assertEquals(List.of("it's"), sh("echo \"it's\"").stdout());
        assertEquals(List.of("ab"), sh("echo a'b'").stdout());
        assertEquals(List.of(""), sh("echo ''").stdout());
    }

    @Test
    void separatorsInsideQuotesAreText() {
        MockShell.Result r = sh("echo 'a; b' && echo \"c && d\"");
        assertEquals(List.of("a; b", "c && d"), r.stdout());
        assertEquals(List.of(), r.stderr());
        assertEquals(0, r.exitCode());
    }

    @Test
    void statementsRunInOrder() {
        MockShell.Result r = sh("echo one; echo two && echo three\necho four");
        assertEquals(List.of("one", "two", "three", "four"), r.stdout());
        assertEquals(0, r.exitCode());
    }

    @Test
    void andStopsAtAFailure() {
        MockShell.Result r = sh("echo a && false && echo b");
        assertEquals(List.of("a"), r.stdout());
        assertEquals(1, r.exitCode());
    }

    @Test
    void semicolonGoesOnAfterAFailure() {
        MockShell.Result r = sh("false; echo after");
        assertEquals(List.of("after"), r.stdout());
        assertEquals(0, r.exitCode(), "a script exits with the code of its last command");
    }

    @Test
    void aSkippedAndChainResumesAfterTheNextSemicolon() {
        MockShell.Result r = sh("false && echo skipped && echo skipped-too; echo resumed");
        assertEquals(List.of("resumed"), r.stdout());
        assertEquals(0, r.exitCode());
        assertEquals(1, sh("echo x; false").exitCode());
    }

    @Test
    void exitStopsTheScript() {
        MockShell.Result r = sh("echo before; exit 4; echo after");
        assertEquals(List.of("before"), r.stdout());
        assertEquals(4, r.exitCode());
        MockShell.Result zero = sh("echo before; exit; echo after");
        assertEquals(List.of("before"), zero.stdout());
        assertEquals(0, zero.exitCode(), "exit 0 must also stop the script");
        assertEquals(List.of(), sh("exit 0 && echo after").stdout());
    }

    @ParameterizedTest
    @CsvSource({"exit 3,3", "exit 0,0", "exit 255,255", "exit 256,0", "exit 257,1", "exit,0", "exit -1,255"})
    void exitCodesAreTakenModulo256(String script, int code) {
        assertEquals(code, sh(script).exitCode());
        assertEquals(code, MockShell.run(List.of(script.split(" "))).exitCode());
    }

    @Test
    void exitWithANonNumberIs2WithAMessage() {
        MockShell.Result r = sh("exit abc; echo after");
        assertEquals(2, r.exitCode());
        assertEquals(List.of(), r.stdout());
        assertEquals(1, r.stderr().size());
        assertTrue(r.stderr().get(0).contains("abc"), r.stderr().toString());
        assertEquals(2, MockShell.run(List.of("exit", "abc")).exitCode());
    }

    @Test
    void unknownCommandsAre127WithAMessageOnStderr() {
        MockShell.Result r = sh("nosuch arg");
        assertEquals(127, r.exitCode());
        assertEquals(List.of(), r.stdout());
        assertTrue(r.stderr().get(0).contains("nosuch"), r.stderr().toString());
    }

    @Test
    void builtinsExitAsTheirNamesSay() {
        assertEquals(0, MockShell.run(List.of("true")).exitCode());
        assertEquals(1, MockShell.run(List.of("false")).exitCode());
        assertEquals(0, MockShell.run(List.of("sleep", "300")).exitCode());
        assertEquals(0, sh("sleep 300").exitCode());
    }

    @Test
    void binShIsAShellToo() {
        assertEquals(
                List.of("x"), MockShell.run(List.of("/bin/sh", "-c", "echo x")).stdout());
    }

    @Test
    void emptyStatementsAreSkipped() {
        MockShell.Result r = sh(";; echo a ;  ; echo b;");
        assertEquals(List.of("a", "b"), r.stdout());
        assertEquals(0, r.exitCode());
        assertEquals(0, sh("").exitCode());
    }

    @Test
    void theLogOfTheTckPodIsItsThreeLines() {
        MockShell.Result r = sh("echo line-1; echo line-2; echo line-3; sleep 300");
        assertEquals(List.of("line-1", "line-2", "line-3"), r.stdout());
        assertEquals(0, r.exitCode());
    }
}
