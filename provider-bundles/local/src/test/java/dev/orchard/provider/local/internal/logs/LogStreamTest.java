package dev.orchard.provider.local.internal.logs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.pod.LogOptions;
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

/** The log file format and the kubelet's options over it, streamed by {@link LogStream}, without processes. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class LogStreamTest {
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

    /** A line as the container printed it, with the time of its first record. */
    private record Line(Instant time, String text) {}

    private static Line line(long secondsAfterT0, String text) {
        return new Line(T0.plusSeconds(secondsAfterT0), text);
    }

    /** A record's time and text, as the reader takes them apart. */
    private static Line parse(String raw) {
        byte[] bytes = raw.getBytes(StandardCharsets.UTF_8);
        LogRecord head = LogRecord.head(bytes);
        return new Line(
                head.time(),
                new String(bytes, head.textStart(), bytes.length - head.textStart(), StandardCharsets.UTF_8));
    }

    private static String raw(long secondsAfterT0, String text) {
        Instant t = T0.plusSeconds(secondsAfterT0);
        return t.getEpochSecond() + "." + String.format("%06d", t.getNano() / 1000) + " " + text + "\n";
    }

    private static String rawLine(Line l) {
        if (l.time().equals(Instant.EPOCH)) {
            return l.text() + "\n"; // not written by the wrapper: no time
        }
        return l.time().getEpochSecond() + "." + String.format("%06d", l.time().getNano() / 1000) + " F " + l.text()
                + "\n";
    }

    /** What a read of a log holding these lines returns. */
    private String select(List<Line> lines, LogOptions options) {
        StringBuilder text = new StringBuilder();
        lines.forEach(l -> text.append(rawLine(l)));
        return readFile(text.toString().getBytes(StandardCharsets.UTF_8), options);
    }

    private String readFile(byte[] content, LogOptions options) {
        try {
            Path f = Files.createTempFile(dir, "log", ".log");
            Files.write(f, content);
            return read(List.of(f), options);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String read(List<Path> files, LogOptions options) throws IOException {
        try (InputStream in = LogStream.open(files, options, NOW, null)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A line as a read returns it, with or without its time. */
    private String format(Line l, boolean timestamps) {
        return select(List.of(l), timestamps ? STAMPED : LogOptions.DEFAULT);
    }

    private static final LogOptions STAMPED =
            LogOptions.builder().timestamps(true).build();

    /** The lines a read with timestamps returns, taken apart again. */
    private static List<Line> read(Path f) throws IOException {
        List<Line> out = new java.util.ArrayList<>();
        for (String l : read(List.of(f), STAMPED).split("\n", -1)) {
            if (!l.isEmpty() || out.size() > 0) {
                int space = l.indexOf(' ');
                if (space > 0) {
                    out.add(new Line(Instant.parse(l.substring(0, space)), l.substring(space + 1)));
                }
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ batches

    @Test
    void shortLinesComeOutInBatchesThatAvailableAnnounces() throws IOException {
        StringBuilder text = new StringBuilder();
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            String printed = "line " + i + " " + "x".repeat(60);
            text.append(rawLine(line(i % 90, printed)));
            expected.append(printed).append('\n');
        }
        Path f = Files.createTempFile(dir, "log", ".log");
        Files.writeString(f, text);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int reads = 0;
        try (InputStream in = LogStream.open(List.of(f), LogOptions.DEFAULT, NOW, null)) {
            assertEquals(0, in.available(), "nothing is read before the first read");
            byte[] buffer = new byte[1024];
            for (int n; (n = in.read(buffer)) >= 0; reads++) {
                all.write(buffer, 0, n);
                if (reads == 0) {
                    assertEquals(buffer.length, n, "the first read fills the buffer with whole and cut lines");
                    assertTrue(in.available() > 0, "the rest of the batch is ready without a wait");
                }
            }
        }
        assertEquals(expected.toString(), all.toString(StandardCharsets.UTF_8));
        // One read per line would be 5,000 reads: a copier would then send (and flush) a line at a time.
        int bytes = expected.length();
        assertTrue(reads <= bytes / 1024 + 1 + bytes / (32 * 1024), reads + " reads for " + bytes + " bytes");
    }

    // ------------------------------------------------------------------ parse and format

    @Test
    void parseReadsTheWrappersTimeWithMicroseconds() {
        assertEquals(new Line(T0, "hello world"), parse("1700000000.123456 hello world"));
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
        assertEquals(new Line(Instant.ofEpochSecond(seconds, nanos), text), parse(raw));
    }

    @Test
    void parseKeepsTheTextAfterTheFirstSpaceVerbatim() {
        assertEquals(
                "  two  leading and trailing  ",
                parse("1700000000.123456   two  leading and trailing  ").text());
        assertEquals("", parse("1700000000.123456 ").text(), "an empty line");
        assertEquals("tab\there", parse("1700000000.123456 tab\there").text());
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
        Line l = parse(raw);
        assertEquals(raw, l.text());
        assertEquals(Instant.EPOCH, l.time());
    }

    @Test
    void formatWithAndWithoutTimestamps() {
        assertEquals("hello\n", format(new Line(T0, "hello"), false));
        assertEquals("2023-11-14T22:13:20.123456Z hello\n", format(new Line(T0, "hello"), true));
        assertEquals("2023-11-14T22:13:20Z x\n", format(new Line(Instant.ofEpochSecond(1_700_000_000L), "x"), true));
        assertEquals("\n", format(new Line(T0, ""), false));
    }

    @Test
    void parseAndFormatRoundTripTheWrappersLines() {
        String raw = raw(5, "some text");
        Line l = parse(raw.substring(0, raw.length() - 1));
        assertEquals(line(5, "some text"), l);
        assertEquals(Instant.parse(format(l, true).split(" ")[0]), T0.plusSeconds(5));
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
        List<Line> lines = List.of(parse("written by hand"), line(1, "b"));
        assertEquals("written by hand\nb\n", select(lines, LogOptions.DEFAULT));
        assertEquals("b\n", select(lines, LogOptions.builder().sinceTime(T0).build()));
    }

    // ------------------------------------------------------------------ read

    @Test
    void readOfAMissingFileIsEmpty() throws IOException {
        assertEquals(List.of(), read(dir.resolve("nothing.log")));
    }

    @Test
    void readParsesEveryLine() throws IOException {
        Path f = dir.resolve("current.log");
        Files.writeString(f, raw(0, "a") + raw(1, "") + raw(2, "c"));
        assertEquals(List.of(line(0, "a"), line(1, ""), line(2, "c")), read(f));
    }

    @Test
    void readKeepsALastLineWithoutNewline() throws IOException {
        Path f = dir.resolve("current.log");
        Files.writeString(f, raw(0, "a") + "1700000001.123456 half");
        assertEquals(List.of(line(0, "a"), line(1, "half")), read(f));
    }

    @Test
    void readSplitsOnNewlineOnlyAndSurvivesBytesThatAreNoUtf8() throws IOException {
        Path f = dir.resolve("current.log");
        byte[] bytes = (raw(0, "10%\r99%") + raw(1, "bin XY end") + raw(2, "crlf\r")).getBytes(StandardCharsets.UTF_8);
        int x = indexOf(bytes, (byte) 'X');
        bytes[x] = (byte) 0xff;
        bytes[x + 1] = (byte) 0xfe;
        Files.write(f, bytes);
        assertEquals(List.of(line(0, "10%\r99%"), line(1, "bin \uFFFD\uFFFD end"), line(2, "crlf\r")), read(f));
    }

    @Test
    void readKeepsMultibyteText() throws IOException {
        Path f = dir.resolve("current.log");
        Files.writeString(f, raw(0, "grüße, 日本語, \uD83C\uDF4E"));
        assertEquals(List.of(line(0, "grüße, 日本語, \uD83C\uDF4E")), read(f));
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    // ------------------------------------------------------------------ lines cut into parts

    private static String record(long secondsAfterT0, String tag, String text) {
        Instant t = T0.plusSeconds(secondsAfterT0);
        return t.getEpochSecond() + "." + String.format("%06d", t.getNano() / 1000) + " " + tag + " " + text + "\n";
    }

    private static final String CUT =
            record(0, "P", "ab") + record(1, "P", "cd") + record(2, "F", "ef") + record(3, "F", "g");

    private String readCut(LogOptions options) {
        return readFile(CUT.getBytes(StandardCharsets.UTF_8), options);
    }

    @Test
    void thePartsOfALineAreJoinedAndTheLineHasTheTimeOfItsFirstPart() {
        assertEquals("abcdef\ng\n", readCut(LogOptions.DEFAULT));
        assertEquals("2023-11-14T22:13:20.123456Z abcdef\n2023-11-14T22:13:23.123456Z g\n", readCut(STAMPED));
        assertEquals("g\n", readCut(LogOptions.builder().tail(1).build()), "tail counts lines, not parts");
        assertEquals("abcdef\ng\n", readCut(LogOptions.builder().tail(2).build()));
        assertEquals(
                "g\n",
                readCut(LogOptions.builder().sinceTime(T0.plusSeconds(1)).build()),
                "since goes by a line's first part");
        assertEquals("abcd", readCut(LogOptions.builder().limitBytes(4).build()));
    }

    @Test
    void aCharacterCutBetweenTwoPartsIsWholeAgain() {
        byte[] apple = "\uD83C\uDF4E".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(("1700000000.123456 P x").getBytes(StandardCharsets.UTF_8));
        file.write(apple, 0, 2);
        file.writeBytes("\n1700000000.123456 F ".getBytes(StandardCharsets.UTF_8));
        file.write(apple, 2, 2);
        file.writeBytes("y\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("x\uD83C\uDF4Ey\n", readFile(file.toByteArray(), LogOptions.DEFAULT));
    }

    @Test
    void aLineWhoseLastPartNeverCameEndsWithTheLog() {
        assertEquals(
                "abc\nd\n",
                readFile((record(0, "P", "abc")).getBytes(StandardCharsets.UTF_8), LogOptions.DEFAULT)
                        + readFile(record(1, "P", "d").getBytes(StandardCharsets.UTF_8), LogOptions.DEFAULT));
    }

    @Test
    void aLineLongerThanAPieceOfTheReaderIsReadWholeInPieces() {
        // Written whole by an earlier version, or by someone else: longer than the reader ever holds at once.
        String huge = "x".repeat(3 * PieceReader.MAX_PIECE + 17);
        String log = readFile((raw(0, huge) + raw(1, "after")).getBytes(StandardCharsets.UTF_8), LogOptions.DEFAULT);
        assertEquals(huge + "\nafter\n", log);
        assertEquals(
                "after\n",
                readFile(
                        (raw(0, huge) + raw(1, "after")).getBytes(StandardCharsets.UTF_8),
                        LogOptions.builder().tail(1).build()));
    }

    @Test
    void aRotatedPartIsReadBeforeTheCurrentFileAndALineGoesOnAcrossThem() throws IOException {
        Path rotated = Files.writeString(dir.resolve("current.log.1"), raw(0, "old") + record(1, "P", "spl"));
        Path current = Files.writeString(dir.resolve("current.log"), record(2, "F", "it") + raw(3, "new"));
        assertEquals("old\nsplit\nnew\n", read(List.of(rotated, current), LogOptions.DEFAULT));
        assertEquals(
                "split\nnew\n",
                read(List.of(rotated, current), LogOptions.builder().tail(2).build()));
        assertEquals(
                "new\n",
                read(
                        List.of(dir.resolve("no-rotated-part.log"), current),
                        LogOptions.builder().tail(1).build()));
    }

    @Test
    void followJoinsThePartsOfALineAsTheyCome() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, record(0, "P", "ab"));
        Ended ended = new Ended();
        try (InputStream in =
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, record(1, "P", "cd"));
            ended.awaitPolls();
            append(f, record(2, "F", "ef"));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("abcdef\n", all.get(5, TimeUnit.SECONDS));
        }
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
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
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
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
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
        try (InputStream in = LogStream.open(List.of(dir.resolve("none.log")), LogOptions.DEFAULT, NOW, ended)) {
            assertEquals(-1, in.read());
        }
    }

    @Test
    void followCompletesALineThatWasHalfWrittenWhenItOpened() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "a") + "1700000001.123456 be");
        Ended ended = new Ended();
        try (InputStream in =
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
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
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
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
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
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
        try (InputStream in = LogStream.open(
                List.of(f), LogOptions.builder().follow(true).tail(1).build(), NOW, ended)) {
            Future<String> all = readAll(in);
            ended.awaitPolls();
            append(f, raw(3, "d"));
            ended.awaitPolls();
            ended.done.set(true);
            assertEquals("c\nd\n", all.get(5, TimeUnit.SECONDS));
        }
        ended.done.set(true);
        try (InputStream in = LogStream.open(
                List.of(f), LogOptions.builder().follow(true).tail(0).build(), NOW, ended)) {
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
        try (InputStream in = LogStream.open(List.of(f), o, NOW, ended)) {
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
        try (InputStream in = LogStream.open(
                List.of(f), LogOptions.builder().follow(true).timestamps(true).build(), NOW, ended)) {
            assertEquals("2023-11-14T22:13:20.123456Z a\n", readAll(in).get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void followEndsAtTheByteLimitWhileTheContainerRuns() throws Exception {
        Path f = dir.resolve("current.log");
        append(f, raw(0, "abcdef"));
        Ended ended = new Ended(); // never ends
        try (InputStream in = LogStream.open(
                List.of(f), LogOptions.builder().follow(true).limitBytes(4).build(), NOW, ended)) {
            assertEquals("abcd", readAll(in).get(5, TimeUnit.SECONDS));
            assertEquals(-1, in.read(new byte[10], 0, 10), "and stays ended");
        }
        try (InputStream in = LogStream.open(
                List.of(f), LogOptions.builder().follow(true).limitBytes(10).build(), NOW, ended)) {
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
        InputStream in =
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, new Ended());
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
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, new Ended())) {
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
                LogStream.open(List.of(f), LogOptions.builder().follow(true).build(), NOW, ended)) {
            assertArrayEquals("a\ncut short\n".getBytes(StandardCharsets.UTF_8), in.readAllBytes());
        }
    }
}
