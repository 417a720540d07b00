package dev.orchard.runtime.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.runtime.control.Frames;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -c}'s wait: bounded until the runtime took the command, never after. */
class CommandClientTest {
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
                    folder, "orchard:providers", start + TimeUnit.MILLISECONDS.toNanos(300), 300, print(said));
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
                    System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300),
                    300,
                    print(new ByteArrayOutputStream()));
            assertEquals(7, status);
            server.join();
        }
    }

    private static PrintStream print(ByteArrayOutputStream into) {
        return new PrintStream(into, true, StandardCharsets.UTF_8);
    }
}
