package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.RestartPolicy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Container logs: what the wrapper records, and the kubelet's options over it. */
class LocalPodsLogsTest extends LocalPodsTestBase {
    private ExecutorService readers;

    @BeforeEach
    void startReaders() {
        readers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "log-reader");
            t.setDaemon(true);
            return t;
        });
    }

    @AfterEach
    void stopReaders() {
        readers.shutdownNow();
    }

    private void abc() {
        createRunning("abc", "echo a; echo b; echo c; sleep 300");
        awaitLogs("abc", "c", "a\nb\nc\n");
    }

    private String abc(LogOptions options) {
        return logs("abc", "c", options);
    }

    /** Reads a stream to its end on another thread. */
    private Future<String> readAll(InputStream in) {
        return readers.submit(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[256];
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
            return out.toString(StandardCharsets.UTF_8);
        });
    }

    @Test
    void theWholeLogInOrder() {
        abc();
        assertEquals("a\nb\nc\n", abc(LogOptions.DEFAULT));
    }

    @Test
    void tailKeepsTheLastLines() {
        abc();
        assertEquals("c\n", abc(LogOptions.builder().tail(1).build()));
        assertEquals("b\nc\n", abc(LogOptions.builder().tail(2).build()));
        assertEquals("a\nb\nc\n", abc(LogOptions.builder().tail(50).build()));
        assertEquals("", abc(LogOptions.builder().tail(0).build()));
    }

    @Test
    void limitBytesCutsTheOutput() {
        abc();
        assertEquals("a\nb", abc(LogOptions.builder().limitBytes(3).build()));
        assertEquals("a\nb\nc\n", abc(LogOptions.builder().limitBytes(100).build()));
        assertEquals("c", abc(LogOptions.builder().tail(1).limitBytes(1).build()), "tail first, then the cut");
    }

    @Test
    void timestampsPrefixEveryLineInOrder() {
        Instant before = Instant.now().minusSeconds(1);
        abc();
        String[] lines = abc(LogOptions.builder().timestamps(true).build()).split("\n", -1);
        assertEquals(4, lines.length, "three lines and the final newline");
        assertEquals("", lines[3]);
        Instant previous = before;
        String[] texts = {"a", "b", "c"};
        for (int i = 0; i < 3; i++) {
            int space = lines[i].indexOf(' ');
            assertTrue(space > 0, lines[i]);
            Instant t = Instant.parse(lines[i].substring(0, space));
            assertEquals(texts[i], lines[i].substring(space + 1));
            assertFalse(t.isBefore(previous), "timestamps do not decrease: " + String.join(" | ", lines));
            assertFalse(t.isAfter(Instant.now()), "not in the future: " + t);
            previous = t;
        }
    }

    @Test
    void sinceFiltersByTheLinesTime() {
        createRunning("since", "echo early; sleep 0.5; echo late; sleep 300");
        awaitLogs("since", "c", "early\nlate\n");
        String[] stamped = logs(
                        "since", "c", LogOptions.builder().timestamps(true).build())
                .split("\n");
        Instant late = Instant.parse(stamped[1].substring(0, stamped[1].indexOf(' ')));
        assertEquals(
                "late\n",
                logs("since", "c", LogOptions.builder().sinceTime(late).build()),
                "sinceTime is inclusive of a line at that very time");
        assertEquals(
                "late\n",
                logs(
                        "since",
                        "c",
                        LogOptions.builder().sinceTime(late.minusMillis(200)).build()));
        assertEquals(
                "early\nlate\n",
                logs(
                        "since",
                        "c",
                        LogOptions.builder()
                                .sinceTime(Instant.now().minusSeconds(60))
                                .build()));
        assertEquals(
                "early\nlate\n",
                logs("since", "c", LogOptions.builder().sinceSeconds(60).build()));
        assertEquals(
                "",
                logs(
                        "since",
                        "c",
                        LogOptions.builder()
                                .sinceTime(Instant.now().plusSeconds(60))
                                .build()),
                "a time in the future selects nothing");
    }

    @Test
    void stderrIsMergedIntoTheLog() {
        createRunning("err", "echo out; echo err >&2; sleep 0.05; echo out2; sleep 300");
        awaitLogs("err", "c", "out\nerr\nout2\n");
    }

    @Test
    void aLastLineWithoutNewlineIsKept() {
        create("partial", RestartPolicy.NEVER, sh("c", "echo first; printf partial"));
        awaitPhase("partial", PodPhase.SUCCEEDED);
        assertEquals("first\npartial\n", logs("partial", "c", LogOptions.DEFAULT));
    }

    @Test
    void linesKeepTheirSpacesBackslashesAndEmptiness() {
        create("odd", RestartPolicy.NEVER, sh("c", "printf '  lead\\ttab \\\\n back  \\n\\nafter-empty\\n'"));
        awaitPhase("odd", PodPhase.SUCCEEDED);
        assertEquals("  lead\ttab \\n back  \n\nafter-empty\n", logs("odd", "c", LogOptions.DEFAULT));
    }

    @Test
    void invalidUtf8OrCarriageReturnsDoNotBreakTheLog() {
        // A progress bar redraws its line with \r; a binary dump is no UTF-8. Neither may make the log unreadable
        // or split a line into one without a time.
        create(
                "bytes",
                RestartPolicy.NEVER,
                sh("c", "printf 'progress 10%%\\rprogress 99%%\\n'; printf 'bin \\377\\376 end\\n'"));
        awaitPhase("bytes", PodPhase.SUCCEEDED);
        String log = logs("bytes", "c", LogOptions.DEFAULT);
        assertEquals("progress 10%\rprogress 99%\nbin \uFFFD\uFFFD end\n", log);
        assertEquals(
                2,
                logs("bytes", "c", LogOptions.builder().sinceSeconds(60).build())
                        .split("\n")
                        .length,
                "every line has its time");
    }

    @Test
    void logsOfAnUnknownContainerOrAMissingPreviousRunAreNotFound() {
        createRunning("web", "sleep 300");
        assertThrows(NotFoundException.class, () -> pods.getContainerLogs(NS, "web", "nope", LogOptions.DEFAULT));
        assertThrows(
                NotFoundException.class,
                () -> pods.getContainerLogs(
                        NS, "web", "c", LogOptions.builder().previous(true).build()));
        assertEquals("", logs("web", "c", LogOptions.DEFAULT), "a silent container has an empty log");
    }

    @Test
    void previousAppliesTheOptionsToo() {
        create(
                "flaky",
                RestartPolicy.ON_FAILURE,
                sh("c", "if [ -e ran ]; then sleep 300; fi; touch ran; echo x; echo y; echo z; exit 1"));
        awaitContainer("flaky", "c", "the restart", s -> s.restartCount() >= 1);
        LogOptions previous = LogOptions.builder().previous(true).build();
        assertEquals("x\ny\nz\n", logs("flaky", "c", previous));
        assertEquals(
                "z\n",
                logs("flaky", "c", LogOptions.builder().previous(true).tail(1).build()));
        assertEquals("", logs("flaky", "c", LogOptions.DEFAULT), "the current run has printed nothing");
    }

    // ------------------------------------------------------------------ follow

    @Test
    void followStreamsNewLinesAndEndsWhenTheContainerExits() throws Exception {
        create("follow", RestartPolicy.NEVER, sh("c", "echo one; sleep 1; echo two"));
        awaitLogs("follow", "c", "one\n");
        InputStream in = pods.getContainerLogs(
                NS, "follow", "c", LogOptions.builder().follow(true).build());
        Future<String> all = readAll(in);
        assertEquals("one\ntwo\n", all.get(10, TimeUnit.SECONDS), "both lines, then the end of the stream");
        in.close();
    }

    @Test
    void followFromBeforeTheFirstLine() throws Exception {
        create("follow", RestartPolicy.NEVER, sh("c", "sleep 0.3; echo one; sleep 0.3; echo two"));
        awaitPhase("follow", PodPhase.RUNNING);
        try (InputStream in = pods.getContainerLogs(
                NS,
                "follow",
                "c",
                LogOptions.builder().follow(true).timestamps(true).build())) {
            String[] lines = readAll(in).get(10, TimeUnit.SECONDS).split("\n");
            assertEquals(2, lines.length, String.join("|", lines));
            assertTrue(lines[0].endsWith(" one") && lines[1].endsWith(" two"), String.join("|", lines));
            Instant.parse(lines[0].substring(0, lines[0].indexOf(' ')));
        }
    }

    @Test
    void followWithTailStartsFromTheLastLines() throws Exception {
        create("follow", RestartPolicy.NEVER, sh("c", "echo 1; echo 2; echo 3; sleep 1; echo 4"));
        awaitLogs("follow", "c", "1\n2\n3\n");
        try (InputStream in = pods.getContainerLogs(
                NS, "follow", "c", LogOptions.builder().follow(true).tail(1).build())) {
            assertEquals("3\n4\n", readAll(in).get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void followHonoursSince() throws Exception {
        create("follow", RestartPolicy.NEVER, sh("c", "echo old; sleep 1; echo new"));
        awaitLogs("follow", "c", "old\n");
        Thread.sleep(50); // the clock has moved past the old line
        try (InputStream in = pods.getContainerLogs(
                NS,
                "follow",
                "c",
                LogOptions.builder().follow(true).sinceTime(Instant.now()).build())) {
            assertEquals("new\n", readAll(in).get(10, TimeUnit.SECONDS), "a line from before sinceTime is not sent");
        }
    }

    @Test
    void followWithLimitBytesEndsAtTheLimit() throws Exception {
        createRunning("follow", "echo abcdef; sleep 300");
        awaitLogs("follow", "c", "abcdef\n");
        try (InputStream in = pods.getContainerLogs(
                NS,
                "follow",
                "c",
                LogOptions.builder().follow(true).limitBytes(4).build())) {
            assertEquals("abcd", readAll(in).get(10, TimeUnit.SECONDS), "ends at the limit though the pod runs on");
        }
    }

    @Test
    void closingAFollowStreamEndsIt() throws Exception {
        createRunning("follow", "echo hello; sleep 300");
        awaitLogs("follow", "c", "hello\n");
        InputStream in = pods.getContainerLogs(
                NS, "follow", "c", LogOptions.builder().follow(true).build());
        byte[] first = new byte[6];
        assertEquals(6, in.readNBytes(first, 0, 6));
        assertEquals("hello\n", new String(first, StandardCharsets.UTF_8));
        Future<String> rest = readAll(in);
        assertThrows(
                TimeoutException.class,
                () -> rest.get(300, TimeUnit.MILLISECONDS),
                "a follow stream of a running container stays open");
        in.close();
        assertEquals("", rest.get(5, TimeUnit.SECONDS), "and ends once closed");
        assertEquals(PodPhase.RUNNING, pods.getPodStatus(NS, "follow").phase(), "closing does not touch the pod");
    }

    @Test
    void aFollowStreamEndsWhenThePodIsDeleted() throws Exception {
        createRunning("follow", "echo hello; sleep 300");
        awaitLogs("follow", "c", "hello\n");
        InputStream in = pods.getContainerLogs(
                NS, "follow", "c", LogOptions.builder().follow(true).build());
        Future<String> all = readAll(in);
        pods.deletePod(NS, "follow");
        assertEquals("hello\n", all.get(5, TimeUnit.SECONDS));
        in.close();
    }

    @Test
    void followKeepsGoingAcrossARestart() throws Exception {
        create(
                "flaky",
                RestartPolicy.ON_FAILURE,
                sh("c", "if [ -e ran ]; then echo second; exit 0; fi; touch ran; echo first; exit 1"));
        awaitLogs("flaky", "c", "first\n");
        try (InputStream in = pods.getContainerLogs(
                NS, "flaky", "c", LogOptions.builder().follow(true).build())) {
            assertEquals(
                    "first\nsecond\n",
                    readAll(in).get(10, TimeUnit.SECONDS),
                    "the stream waits out the backoff and ends after the run that is not restarted");
        }
    }

    @Test
    void readsOfAnExitedContainersLogStillWork() throws IOException {
        create("done", RestartPolicy.NEVER, sh("c", "for i in 1 2 3 4 5; do echo line $i; done"));
        awaitPhase("done", PodPhase.SUCCEEDED);
        assertEquals(
                List.of("line 4", "line 5"),
                List.of(logs("done", "c", LogOptions.builder().tail(2).build()).split("\n")));
        try (InputStream in = pods.getContainerLogs(
                NS, "done", "c", LogOptions.builder().follow(true).build())) {
            assertEquals(
                    5,
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n").length,
                    "a follow of an exited container returns what there is and ends");
        }
    }
}
