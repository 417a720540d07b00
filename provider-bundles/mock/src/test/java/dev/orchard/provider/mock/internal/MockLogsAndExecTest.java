package dev.orchard.provider.mock.internal;

import static dev.orchard.provider.mock.internal.Fixtures.NOW;
import static dev.orchard.provider.mock.internal.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Resources;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MockLogsAndExecTest {
    private final MockInstance mock = Fixtures.provider();

    @BeforeEach
    void createPod() {
        mock.pods().createPod(pod("default", "web"));
    }

    @AfterEach
    void close() {
        mock.close();
    }

    private String logs(LogOptions options) throws IOException {
        return logs("c", options);
    }

    private String logs(String container, LogOptions options) throws IOException {
        try (InputStream in = mock.pods().getContainerLogs("default", "web", container, options)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    // ------------------------------------------------------------------ logs

    @Test
    void logsAreWhatTheCommandPrints() throws IOException {
        assertEquals("line-1\nline-2\nline-3\n", logs(LogOptions.DEFAULT));
    }

    @Test
    void logsCanBeReadAgain() throws IOException {
        assertEquals(logs(LogOptions.DEFAULT), logs(LogOptions.DEFAULT));
    }

    @Test
    void tailReturnsTheLastLines() throws IOException {
        assertEquals("line-2\nline-3\n", logs(LogOptions.builder().tail(2).build()));
        assertEquals("line-3\n", logs(LogOptions.builder().tail(1).build()));
        assertEquals(
                "line-1\nline-2\nline-3\n", logs(LogOptions.builder().tail(3).build()));
        assertEquals(
                "line-1\nline-2\nline-3\n", logs(LogOptions.builder().tail(100).build()));
    }

    @Test
    void tailZeroIsEmpty() throws IOException {
        assertEquals("", logs(LogOptions.builder().tail(0).build()));
    }

    @Test
    void limitBytesCutsTheLog() throws IOException {
        assertEquals("lin", logs(LogOptions.builder().limitBytes(3).build()));
        assertEquals(
                "line-1\nline-2\nline-3\n",
                logs(LogOptions.builder().limitBytes(1000).build()));
        assertEquals(
                "line-3", logs(LogOptions.builder().tail(1).limitBytes(6).build()), "the limit applies after the tail");
    }

    @Test
    void timestampsPrefixEachLineWithAnIsoInstantAndASpace() throws IOException {
        String text = logs(LogOptions.builder().timestamps(true).build());
        String[] lines = text.split("\n");
        assertEquals(3, lines.length, text);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int space = line.indexOf(' ');
            assertTrue(space > 0, line);
            Instant stamp = Instant.parse(line.substring(0, space));
            assertEquals(NOW, stamp);
            assertEquals("line-" + (i + 1), line.substring(space + 1));
        }
        assertTrue(text.endsWith("\n"));
    }

    @Test
    void previousIsNotFound() {
        assertThrows(
                NotFoundException.class,
                () -> logs(LogOptions.builder().previous(true).build()));
    }

    @Test
    void unknownContainerOrPodIsNotFound() {
        assertThrows(NotFoundException.class, () -> logs("nosuch", LogOptions.DEFAULT));
        assertThrows(
                NotFoundException.class,
                () -> mock.pods().getContainerLogs("default", "nothing", "c", LogOptions.DEFAULT));
        assertThrows(
                NotFoundException.class, () -> mock.pods().getContainerLogs("other", "web", "c", LogOptions.DEFAULT));
    }

    @Test
    void sinceTimeAfterThePodStartIsEmpty() throws IOException {
        assertEquals("", logs(LogOptions.builder().sinceTime(NOW.plusSeconds(1)).build()));
        assertEquals("", logs(LogOptions.builder().sinceTime(NOW.plusNanos(1)).build()));
    }

    @Test
    void sinceTimeAtOrBeforeThePodStartIsEverything() throws IOException {
        assertEquals(
                "line-1\nline-2\nline-3\n",
                logs(LogOptions.builder().sinceTime(NOW).build()));
        assertEquals(
                "line-1\nline-2\nline-3\n",
                logs(LogOptions.builder().sinceTime(NOW.minusSeconds(60)).build()));
    }

    @Test
    void sinceSecondsCoveringThePodStartIsEverything() throws IOException {
        // The clock is fixed: the pod started "now", so the last second includes it.
        assertEquals(
                "line-1\nline-2\nline-3\n",
                logs(LogOptions.builder().sinceSeconds(1).build()));
    }

    @Test
    void followedLogsEndWithWhatWasWritten() throws IOException {
        assertEquals(
                "line-1\nline-2\nline-3\n",
                logs(LogOptions.builder().follow(true).build()));
    }

    @Test
    void logsOfOtherContainersAreTheirOwn() throws IOException {
        Container args = new Container(
                "args",
                "busybox",
                List.of("sh", "-c"),
                List.of("echo from-args"),
                Map.of(),
                "",
                List.of(),
                Resources.NONE);
        Container quiet = Container.of("quiet", "busybox");
        Container plain = Container.of("plain", "busybox", "echo", "one", "two");
        mock.pods().createPod(pod("default", "multi", args, quiet, plain));
        assertEquals("from-args\n", read("multi", "args"));
        assertEquals("", read("multi", "quiet"));
        assertEquals("one two\n", read("multi", "plain"));
    }

    private String read(String podName, String container) throws IOException {
        try (InputStream in = mock.pods().getContainerLogs("default", podName, container, LogOptions.DEFAULT)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void logsOfADeletedPodAreNotFound() {
        mock.pods().deletePod("default", "web");
        assertThrows(NotFoundException.class, () -> logs(LogOptions.DEFAULT));
    }

    // ------------------------------------------------------------------ exec

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int exec(String... command) {
        return mock.pods().runInContainer("default", "web", "c", List.of(command), new ExecIO(null, out, err, false));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void execReturnsTheExitCodeOfTheScript() {
        assertEquals(3, exec("sh", "-c", "exit 3"));
        assertEquals("", stdout());
    }

    @Test
    void execEchoPrintsToStdout() {
        assertEquals(0, exec("echo", "hi"));
        assertEquals("hi\n", stdout());
        assertEquals("", stderr());
    }

    @ParameterizedTest
    @CsvSource({"true,0", "false,1", "sleep,0"})
    void execOfBuiltins(String command, int code) {
        assertEquals(code, exec(command));
        assertEquals("", stdout());
        assertEquals("", stderr());
    }

    @Test
    void execOfAnUnknownCommandIs127WithAMessageOnStderr() {
        assertEquals(127, exec("nosuch"));
        assertTrue(stderr().contains("nosuch"), stderr());
        assertTrue(stderr().endsWith("\n"), stderr());
        assertEquals("", stdout());
    }

    @Test
    void withoutStderrTheMessageGoesToStdout() {
        int code = mock.pods()
                .runInContainer("default", "web", "c", List.of("nosuch"), new ExecIO(null, out, null, false));
        assertEquals(127, code);
        assertTrue(stdout().contains("nosuch"), stdout());
    }

    @Test
    void aTtyIsRefusedAsUnsupportedNeverIgnored() {
        UnsupportedException e = assertThrows(
                UnsupportedException.class,
                () -> mock.pods()
                        .runInContainer(
                                "default", "web", "c", List.of("echo", "hi"), new ExecIO(null, out, null, true)));
        assertTrue(e.getMessage().contains("without a tty"), e.getMessage());
        assertEquals("", stdout(), "nothing ran");
    }

    @Test
    void execOfAScriptPrintsAllItsLines() {
        assertEquals(0, exec("sh", "-c", "echo a; echo b && echo c"));
        assertEquals("a\nb\nc\n", stdout());
    }

    @Test
    void anEmptyCommandIsInvalid() {
        assertThrows(InvalidInputException.class, () -> exec());
        assertThrows(
                InvalidInputException.class,
                () -> mock.pods().runInContainer("default", "web", "c", null, new ExecIO(null, out, err, false)));
    }

    @Test
    void execInAnUnknownPodOrContainerIsNotFound() {
        ExecIO io = new ExecIO(null, out, err, false);
        assertThrows(
                NotFoundException.class,
                () -> mock.pods().runInContainer("default", "nothing", "c", List.of("true"), io));
        assertThrows(
                NotFoundException.class,
                () -> mock.pods().runInContainer("default", "web", "nosuch", List.of("true"), io));
    }

    @Test
    void execDoesNotMutateTheCommandList() {
        List<String> command = new ArrayList<>(List.of("echo", "x"));
        mock.pods().runInContainer("default", "web", "c", command, new ExecIO(null, out, err, false));
        assertEquals(List.of("echo", "x"), command);
    }
}
