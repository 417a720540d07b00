package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.LogOptions;
import dev.orchard.provider.local.internal.pods.LogFile.Line;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The log file format and the kubelet's options over it, without processes. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class LogFileTest {
    private static final Instant T0 = Instant.ofEpochSecond(1_700_000_000L, 123_456_000L);
    private static final Instant NOW = Instant.ofEpochSecond(1_700_000_100L);

    @TempDir
    Path dir;

    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "follow-reader");
        t.setDaemon(true);
        return t;
    });

    @AfterEach
    void stopReaders() {
        readers.shutdownNow();
    }

    private static Line line(long secondsAfterT0, String text) {
        return new Line(T0.plusSeconds(secondsAfterT0), text);
    }

    private static String raw(long secondsAfterT0, String text) {
        Instant t = T0.plusSeconds(secondsAfterT0);
        return t.getEpochSecond() + "." + String.format("%06d", t.getNano() / 1000) + " " + text + "\n";
    }

    private static String select(List<Line> lines, LogOptions options) {
        return new String(LogFile.select(lines, options, NOW), StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------ parse and format

    @Test
    void parseReadsTheWrappersTimeWithMicroseconds() {
        assertEquals(new Line(T0, "hello world"), LogFile.parse("1700000000.123456 hello world"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1700000000.5 x|1700000000|500000000|x",
                "1700000000.000001 x|1700000000|1000|x",
                "1700000000.1234567 x|1700000000|123456000|x",
                "1700000000 x|1700000000|0|x",
                "0.000000 at the epoch|0|0|at the epoch",
            })
    void parseAcceptsShortLongAndMissingFractions(String raw, long seconds, int nanos, String text) {
        assertEquals(new Line(Instant.ofEpochSecond(seconds, nanos), text), LogFile.parse(raw));
    }

    @Test
    void parseKeepsTheTextAfterTheFirstSpaceVerbatim() {
        assertEquals(
                "  two  leading and trailing  ",
                LogFile.parse("1700000000.123456   two  leading and trailing  ").text());
        assertEquals("", LogFile.parse("1700000000.123456 ").text(), "an empty line");
        assertEquals("tab\there", LogFile.parse("1700000000.123456 tab\there").text());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "no timestamp here",
                "12abc not a number",
                "1700000000.12x3 bad fraction",
                "-",
                "\" leading space\"",
                "nospace",
                "\"\"",
                "1.2.3 two dots",
            })
    void linesWithoutATimestampKeepTheirWholeText(String raw) {
        Line l = LogFile.parse(raw);
        assertEquals(raw, l.text());
        assertEquals(Instant.EPOCH, l.time());
    }

    @Test
    void formatWithAndWithoutTimestamps() {
        assertEquals("hello\n", LogFile.format(new Line(T0, "hello"), false));
        assertEquals("2023-11-14T22:13:20.123456Z hello\n", LogFile.format(new Line(T0, "hello"), true));
        assertEquals(
                "2023-11-14T22:13:20Z x\n", LogFile.format(new Line(Instant.ofEpochSecond(1_700_000_000L), "x"), true));
        assertEquals("\n", LogFile.format(new Line(T0, ""), false));
    }

    @Test
    void parseAndFormatRoundTripTheWrappersLines() {
        String raw = raw(5, "some text");
        Line l = LogFile.parse(raw.substring(0, raw.length() - 1));
        assertEquals(line(5, "some text"), l);
        assertEquals(Instant.parse(LogFile.format(l, true).split(" ")[0]), T0.plusSeconds(5));
    }

    // ------------------------------------------------------------------ select

    private static final List<Line> ABC = List.of(line(0, "a"), line(1, "b"), line(2, "c"));

    @Test
    void selectReturnsEverythingByDefault() {
        assertEquals("a\nb\nc\n", select(ABC, LogOptions.DEFAULT));
        assertEquals("", select(List.of(), LogOptions.DEFAULT));
    }

    @Test
    void selectTail() {
        assertEquals("c\n", select(ABC, LogOptions.builder().tail(1).build()));
        assertEquals("b\nc\n", select(ABC, LogOptions.builder().tail(2).build()));
        assertEquals("a\nb\nc\n", select(ABC, LogOptions.builder().tail(3).build()));
        assertEquals("a\nb\nc\n", select(ABC, LogOptions.builder().tail(1000).build()));
        assertEquals("", select(ABC, LogOptions.builder().tail(0).build()));
    }

    @Test
    void selectLimitBytesCutsAfterFormatting() {
        assertEquals("a\nb", select(ABC, LogOptions.builder().limitBytes(3).build()));
        assertEquals("a", select(ABC, LogOptions.builder().limitBytes(1).build()));
        assertEquals("a\nb\nc\n", select(ABC, LogOptions.builder().limitBytes(6).build()));
        assertEquals("a\nb\nc\n", select(ABC, LogOptions.builder().limitBytes(7).build()));
        assertEquals(
                "2023",
                select(ABC, LogOptions.builder().timestamps(true).limitBytes(4).build()));
    }

    @Test
    void selectSinceTimeIsInclusive() {
        assertEquals(
                "b\nc\n",
                select(ABC, LogOptions.builder().sinceTime(T0.plusSeconds(1)).build()));
        assertEquals(
                "c\n",
                select(ABC, LogOptions.builder().sinceTime(T0.plusMillis(1001)).build()));
        assertEquals("a\nb\nc\n", select(ABC, LogOptions.builder().sinceTime(T0).build()));
        assertEquals(
                "",
                select(ABC, LogOptions.builder().sinceTime(T0.plusSeconds(3)).build()));
    }

    @Test
    void selectSinceSecondsCountsBackFromNow() {
        List<Line> lines = List.of(new Line(NOW.minusSeconds(30), "old"), new Line(NOW.minusSeconds(5), "new"));
        assertEquals(
                "new\n", select(lines, LogOptions.builder().sinceSeconds(10).build()));
        assertEquals(
                "old\nnew\n",
                select(lines, LogOptions.builder().sinceSeconds(30).build()));
        assertEquals(
                "old\nnew\n",
                select(lines, LogOptions.builder().sinceSeconds(Long.MAX_VALUE).build()));
    }

    @Test
    void selectAppliesSinceThenTailThenTheLimit() {
        LogOptions o = LogOptions.builder()
                .sinceTime(T0.plusSeconds(1))
                .tail(5)
                .limitBytes(3)
                .build();
        assertEquals("b\nc", select(ABC, o));
        assertEquals(
                "b\n",
                select(
                        ABC,
                        LogOptions.builder()
                                .sinceTime(T0.plusSeconds(1))
                                .tail(2)
                                .limitBytes(2)
                                .build()));
    }

    @Test
    void selectWithTimestamps() {
        assertEquals(
                "2023-11-14T22:13:20.123456Z a\n2023-11-14T22:13:21.123456Z b\n2023-11-14T22:13:22.123456Z c\n",
                select(ABC, LogOptions.builder().timestamps(true).build()));
    }

    @Test
    void linesWithoutATimeAreDroppedOnlyWhenSinceIsAsked() {
        List<Line> lines = List.of(LogFile.parse("written by hand"), line(1, "b"));
        assertEquals("written by hand\nb\n", select(lines, LogOptions.DEFAULT));
        assertEquals("b\n", select(lines, LogOptions.builder().sinceTime(T0).build()));
    }

    // ------------------------------------------------------------------ read

    @Test
    void readOfAMissingFileIsEmpty() throws IOException {
        assertEquals(List.of(), LogFile.read(dir.resolve("nothing.log")));
    }

    @Test
    void readParsesEveryLine() throws IOException {
        Path f = dir.resolve("current.log");
        Files.writeString(f, raw(0, "a") + raw(1, "") + raw(2, "c"));
        assertEquals(List.of(line(0, "a"), line(1, ""), line(2, "c")), LogFile.read(f));
    }

    @Test
    void readKeepsALastLineWithoutNewline() throws IOException {
        Path f = dir.resolve("current.log");
        Files.writeString(f, raw(0, "a") + "1700000001.123456 half");
        assertEquals(List.of(line(0, "a"), line(1, "half")), LogFile.read(f));
    }

    @Test
    void readSplitsOnNewlineOnlyAndSurvivesBytesThatAreNoUtf8() throws IOException {
        Path f = dir.resolve("current.log");
        byte[] bytes = (raw(0, "10%\r99%") + raw(1, "bin XY end") + raw(2, "crlf\r")).getBytes(StandardCharsets.UTF_8);
        int x = indexOf(bytes, (byte) 'X');
        bytes[x] = (byte) 0xff;
        bytes[x + 1] = (byte) 0xfe;
        Files.write(f, bytes);
        assertEquals(List.of(line(0, "10%\r99%"), line(1, "bin \uFFFD\uFFFD end"), line(2, "crlf\r")), LogFile.read(f));
    }

    @Test
    void readKeepsMultibyteText() throws IOException {
        Path f = dir.resolve("current.log");
        Files.writeString(f, raw(0, "grüße, 日本語, \uD83C\uDF4E"));
        assertEquals(List.of(line(0, "grüße, 日本語, \uD83C\uDF4E")), LogFile.read(f));
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    // ------------------------------------------------------------------ follow

    private Future<String> readAll(InputStream in) {
        return readers.submit(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[7];
            for (int n; (n = in.read(buf)) >= 0; ) {
                assertTrue(n > 0, "read returns at least one byte or -1, never 0");
                out.write(buf, 0, n);
            }
            return out.toString(StandardCharsets.UTF_8);
        });
    }

    private static void append(Path f, String text) throws IOException {
        append(f, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void append(Path f, byte[] bytes) throws IOException {
        Files.write(f, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** An {@code ended} that counts its calls: the stream asks it once per poll. */
    private static final class Ended implements BooleanSupplier {
        final AtomicBoolean done = new AtomicBoolean();
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public boolean getAsBoolean() {
            calls.incrementAndGet();
            return done.get();
        }

        /** Waits until the stream has polled at least twice more, so a whole poll saw what is there now. */
        void awaitPolls() throws InterruptedException {
            int target = calls.get() + 2;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (calls.get() < target) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the stream stopped polling");
                }
                Thread.sleep(10);
            }
        }
    }

    @Test
    void followSendsWhatIsThereThenNewLinesUntilEnded() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a"));
        Ended ended = new Ended();
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(1, "b"));
            ended.awaitPolls();
            append(f, raw(2, "c"));
            assertThrows(TimeoutException.class, () -> all.get(200, TimeUnit.MILLISECONDS), "still following");
            ended.done.set(true);
            assertEquals("a\nb\nc\n", all.get(5, TimeUnit.SECONDS), "drained, then ended");
        }
    }

    @Test
    void followOfAFileNotYetWrittenWaitsForIt() throws Exception {
        Path f = dir.resolve("current.log");
        Ended ended = new Ended();
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(0, "first"));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("first\n", all.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followOfAnEndedContainerWithoutALogEndsAtOnce() throws Exception {
        Ended ended = new Ended();
        ended.done.set(true);
        try (InputStream in = LogFile.follow(dir.resolve("none.log"), LogOptions.DEFAULT, NOW, ended)) {
            assertEquals(-1, in.read());
        }
    }

    @Test
    void followCompletesALineThatWasHalfWrittenWhenItOpened() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a") + "1700000001.123456 be");
        Ended ended = new Ended();
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, "fore\n");
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("a\nbefore\n", all.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followDecodesACharacterSplitAcrossWrites() throws Exception {
        Path f = dir.resolve("current.log");
        byte[] apple = raw(0, "\uD83C\uDF4E!").getBytes(StandardCharsets.UTF_8);
        int cut = raw(0, "").length() - 1 + 2; // in the middle of the four bytes of U+1F34E
        Ended ended = new Ended();
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            append(f, java.util.Arrays.copyOfRange(apple, 0, cut));
            ended.awaitPolls();
            append(f, java.util.Arrays.copyOfRange(apple, cut, apple.length));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("\uD83C\uDF4E!\n", all.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followReadsTheOldFileToItsEndThenTheNewOneAfterARename() throws Exception {
        // A restart or a rotation renames the log away; the next line starts a new file, which may soon be
        // longer than what was read of the old one.
        Path f = dir.resolve("current.log");
        append(f, raw(0, "1"));
        Ended ended = new Ended();
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(1, "2, written just before the rename"));
            Files.move(f, dir.resolve("previous.log"), StandardCopyOption.ATOMIC_MOVE);
            append(f, raw(2, "3, a longer first line of the new file than the old file had"));
            ended.awaitPolls();
            append(f, raw(3, "4"));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals(
                    "1\n2, written just before the rename\n3, a longer first line of the new file than the old"
                            + " file had\n4\n",
                    all.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followTailAppliesToWhatIsThere() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a") + raw(1, "b") + raw(2, "c"));
        Ended ended = new Ended();
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).tail(1).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(3, "d"));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("c\nd\n", all.get(5, TimeUnit.SECONDS));
        }
        ended.done.set(true);
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).tail(0).build(), NOW, ended)) {
            assertEquals("", readAll(in).get(5, TimeUnit.SECONDS), "tail 0 of an ended container");
        }
    }

    @Test
    void followSinceAppliesToOldAndNewLines() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "old") + raw(10, "recent"));
        Ended ended = new Ended();
        LogOptions o =
                LogOptions.builder().follow(true).sinceTime(T0.plusSeconds(5)).build();
        try (InputStream in = LogFile.follow(f, o, NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(1, "late but stamped early") + raw(11, "new"));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("recent\nnew\n", all.get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followWithTimestamps() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a"));
        Ended ended = new Ended();
        ended.done.set(true);
        try (InputStream in = LogFile.follow(
                f, LogOptions.builder().follow(true).timestamps(true).build(), NOW, ended)) {
            assertEquals("2023-11-14T22:13:20.123456Z a\n", readAll(in).get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followEndsAtTheByteLimitWhileTheContainerRuns() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "abcdef"));
        Ended ended = new Ended(); // never ends
        try (InputStream in = LogFile.follow(
                f, LogOptions.builder().follow(true).limitBytes(4).build(), NOW, ended)) {
            assertEquals("abcd", readAll(in).get(5, TimeUnit.SECONDS));
            assertEquals(-1, in.read(new byte[10], 0, 10), "and stays ended");
        }
        try (InputStream in = LogFile.follow(
                f, LogOptions.builder().follow(true).limitBytes(10).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(1, "ghijkl"));
            assertEquals("abcdef\nghi", all.get(5, TimeUnit.SECONDS), "the limit counts new lines too");
        }
    }

    @Test
    void closingEndsABlockedRead() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a"));
        InputStream in = LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, new Ended());
        byte[] two = new byte[2];
        assertEquals(2, in.readNBytes(two, 0, 2));
        Future<String> rest = readAll(in);
        assertThrows(TimeoutException.class, () -> rest.get(200, TimeUnit.MILLISECONDS));
        in.close();
        assertEquals("", rest.get(5, TimeUnit.SECONDS));
        assertEquals(-1, in.read());
    }

    @Test
    void aZeroLengthReadReturnsZeroAtOnce() throws Exception {
        Path f = dir.resolve("current.log");
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, new Ended())) {
            assertEquals(0, in.read(new byte[4], 0, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> in.read(new byte[4], 3, 2));
        }
    }

    @Test
    void aLastLineWithoutNewlineIsSentWhenTheContainerHasEnded() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a") + "1700000001.123456 cut short");
        Ended ended = new Ended();
        ended.done.set(true);
        try (InputStream in =
                LogFile.follow(f, LogOptions.builder().follow(true).build(), NOW, ended)) {
            assertArrayEquals("a\ncut short\n".getBytes(StandardCharsets.UTF_8), in.readAllBytes());
        }
    }
}
