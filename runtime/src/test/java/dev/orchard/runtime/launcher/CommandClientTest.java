package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.control.Frames;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -c}'s wait: bounded until the runtime took the command, never after. */
class CommandClientTest {
    private static final InputStream NO_INPUT = InputStream.nullInputStream();

    @TempDir
    Path dir;

    @Test
    void aRuntimeThatNeverAnswersIsGivenUpOnAtTheDeadline() throws Exception {
        RuntimeFolder folder = new RuntimeFolder(dir);
        folder.prepare();
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        try (ServerSocketChannel stopped = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            // Bound and listening, never accepting nor reading: as a runtime stopped with kill -STOP looks.
            stopped.bind(UnixDomainSocketAddress.of(folder.socket()));
            long start = System.nanoTime();
            Integer status = CommandClient.run(
                    folder,
                    "orchard:providers",
                    NO_INPUT,
                    start + TimeUnit.MILLISECONDS.toNanos(300),
                    300,
                    print(said));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(CommandClient.NO_ANSWER, status);
            assertTrue(millis < 3_000, "gave up after " + millis + " ms");
            assertTrue(
                    said.toString(StandardCharsets.UTF_8).contains("did not take the command within 300 ms"),
                    said.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aCommandThatStartedIsNotCutByTheDeadline() throws Exception {
        RuntimeFolder folder = new RuntimeFolder(dir);
        folder.prepare();
        try (ServerSocketChannel runtime = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            runtime.bind(UnixDomainSocketAddress.of(folder.socket()));
            Thread server = new Thread(() -> {
                try (SocketChannel c = runtime.accept()) {
                    Frames frames = new Frames(c);
                    frames.read();
                    frames.write(Frames.HELLO, Frames.VERSION);
                    frames.read();
                    frames.write(Frames.STDOUT, new byte[0], 0, 0); // started
                    Thread.sleep(1_000); // quiet, like a follow, past the 300 ms
                    frames.writeExit(7);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            server.start();
            Integer status = CommandClient.run(
                    folder,
                    "orchard:logs x y --follow",
                    NO_INPUT,
                    System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300),
                    300,
                    print(new ByteArrayOutputStream()));
            assertEquals(7, status);
            server.join();
        }
    }

    @Test
    void aRuntimeOfOrchard1RunsTheCommandWithoutInputAndSaysSo() throws Exception {
        RuntimeFolder folder = new RuntimeFolder(dir);
        folder.prepare();
        List<String> seen = new CopyOnWriteArrayList<>();
        try (ServerSocketChannel runtime = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            runtime.bind(UnixDomainSocketAddress.of(folder.socket()));
            // What a runtime of the first version answers: a refusal of orchard/2's hello, then orchard/1 in full.
            Thread server = new Thread(() -> {
                try (SocketChannel c = runtime.accept()) {
                    Frames frames = new Frames(c);
                    seen.add(frames.read().text());
                    frames.refuse("this runtime speaks orchard/1, not \"orchard/2\"");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                try (SocketChannel c = runtime.accept()) {
                    Frames frames = new Frames(c);
                    seen.add(frames.read().text());
                    frames.write(Frames.HELLO, Frames.VERSION_1);
                    seen.add(frames.read().text());
                    frames.write(Frames.STDOUT, new byte[0], 0, 0);
                    frames.writeExit(5);
                    Frames.Frame after = frames.read();
                    seen.add(after == null ? "closed" : "a frame " + Frames.describe(after.type()));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            server.start();
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            Integer status = CommandClient.run(
                    folder,
                    "orchard:pods",
                    new ByteArrayInputStream("never sent".getBytes(StandardCharsets.UTF_8)),
                    System.nanoTime() + TimeUnit.SECONDS.toNanos(30),
                    30_000,
                    print(said));
            server.join(30_000);
            assertEquals(5, status);
            assertEquals(List.of("orchard/2", "orchard/1", "orchard:pods", "closed"), seen, "no input frame sent");
            assertTrue(
                    said.toString(StandardCharsets.UTF_8)
                            .contains("speaks only orchard/1, which passes no input: the command runs with an empty"
                                    + " input"),
                    said.toString(StandardCharsets.UTF_8));
        }
    }

    private static PrintStream print(ByteArrayOutputStream into) {
        return new PrintStream(into, true, StandardCharsets.UTF_8);
    }
}
