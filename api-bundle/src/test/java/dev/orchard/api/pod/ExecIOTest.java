package dev.orchard.api.pod;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExecIOTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @Test
    void stdoutIsRequired() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new ExecIO(null, null, null, false));
        assertEquals("stdout", e.getMessage());
        assertThrows(
                NullPointerException.class,
                () -> new ExecIO(new ByteArrayInputStream(new byte[0]), null, new ByteArrayOutputStream(), true));
    }

    @Test
    void keepsItsStreams() {
        ByteArrayInputStream in = new ByteArrayInputStream(new byte[] {1});
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecIO io = new ExecIO(in, out, err, false);
        assertSame(in, io.stdin().orElseThrow());
        assertSame(out, io.stdout());
        assertSame(err, io.stderr().orElseThrow());
        assertFalse(io.tty());

        ExecIO tty = new ExecIO(null, out, null, true);
        assertEquals(Optional.empty(), tty.stdin());
        assertEquals(Optional.empty(), tty.stderr());
        assertTrue(tty.tty());
    }

    @Test
    void aListenerRegisteredBeforeAnyResizeHearsNothingUntilTheFirst() {
        ExecIO io = new ExecIO(null, out, null, true);
        List<TermSize> seen = new ArrayList<>();
        io.onResize(seen::add);
        assertEquals(List.of(), seen);
        assertEquals(Optional.empty(), io.size());
        io.resize(new TermSize(80, 24));
        io.resize(new TermSize(100, 40));
        assertEquals(List.of(new TermSize(80, 24), new TermSize(100, 40)), seen);
    }

    @Test
    void aLateListenerReceivesTheCurrentSizeAtOnceAndLaterResizes() {
        ExecIO io = new ExecIO(null, out, null, true);
        io.resize(new TermSize(10, 10));
        io.resize(new TermSize(80, 24));
        List<TermSize> seen = new ArrayList<>();
        io.onResize(seen::add);
        assertEquals(List.of(new TermSize(80, 24)), seen, "only the current size, at once");
        io.resize(new TermSize(120, 50));
        io.resize(new TermSize(132, 43));
        assertEquals(List.of(new TermSize(80, 24), new TermSize(120, 50), new TermSize(132, 43)), seen);
        assertEquals(Optional.of(new TermSize(132, 43)), io.size());
    }

    @Test
    void everyListenerHearsEveryResize() {
        ExecIO io = new ExecIO(null, out, null, true);
        List<TermSize> first = new ArrayList<>();
        List<TermSize> second = new ArrayList<>();
        io.onResize(first::add);
        io.resize(new TermSize(80, 24));
        io.onResize(second::add);
        io.resize(new TermSize(90, 30));
        assertEquals(List.of(new TermSize(80, 24), new TermSize(90, 30)), first);
        assertEquals(List.of(new TermSize(80, 24), new TermSize(90, 30)), second);
    }

    @Test
    void nullsAreRejected() {
        ExecIO io = new ExecIO(null, out, null, true);
        assertThrows(NullPointerException.class, () -> io.resize(null));
        assertThrows(NullPointerException.class, () -> io.onResize(null));
        assertEquals(Optional.empty(), io.size(), "a rejected resize changes nothing");
    }
}
