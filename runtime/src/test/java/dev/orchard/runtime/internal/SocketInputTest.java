package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.orchard.runtime.control.Frames;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The input of a socket command: bounded by the window, credited as read, ended once. */
class SocketInputTest {
    private final List<Integer> credits = new CopyOnWriteArrayList<>();
    private final SocketInput input = new SocketInput(credits::add);

    @Test
    void bytesAreReadInOrderAndCreditedThenTheEnd() throws IOException {
        assertNull(input.offer("hello ".getBytes()));
        assertNull(input.offer("world".getBytes()));
        assertNull(input.end());
        byte[] buffer = new byte[8];
        assertEquals(8, input.read(buffer, 0, 8));
        assertEquals("hello wo", new String(buffer, 0, 8));
        assertEquals(3, input.read(buffer, 0, 8));
        assertEquals("rld", new String(buffer, 0, 3));
        assertEquals(-1, input.read(buffer, 0, 8));
        assertEquals(List.of(8, 3), credits);
    }

    @Test
    void moreThanTheWindowIsRefusedAndWhatWasReadMakesRoomAgain() throws IOException {
        assertNull(input.offer(new byte[Frames.INPUT_WINDOW - 1]));
        assertEquals(
                "the client sent 65537 bytes of input the command has not read; at most 65536 are allowed before the"
                        + " runtime credits them ('W')",
                input.offer(new byte[2]));
        byte[] some = new byte[100];
        assertEquals(100, input.read(some, 0, 100));
        assertNull(input.offer(new byte[101]), "the 100 read were credited: room for 101 now");
        assertEquals(Frames.INPUT_WINDOW, input.available());
    }

    @Test
    void inputAfterTheEndAndASecondEndAreRefused() {
        assertNull(input.end());
        assertEquals("an input frame ('N') came after the input's end ('D')", input.offer(new byte[1]));
        assertEquals("the input's end ('D') came twice", input.end());
    }

    @Test
    void closingEndsAWaitingReadAndDropsLaterInput() throws Exception {
        AtomicInteger read = new AtomicInteger(Integer.MIN_VALUE);
        Thread reader = new Thread(() -> {
            try {
                read.set(input.read());
            } catch (IOException e) {
                read.set(-2);
            }
        });
        reader.start();
        input.close(); // whether the reader waits already or reads after: it reads the end
        reader.join(30_000);
        assertFalse(reader.isAlive());
        assertEquals(-1, read.get());
        assertNull(input.offer("late".getBytes()));
        assertEquals(0, input.available());
    }
}
