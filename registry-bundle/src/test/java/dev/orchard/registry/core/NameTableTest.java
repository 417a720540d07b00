package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The registry's name table: a map, and one that lock-free readers never see torn or mixed up. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NameTableTest {
    // The names that have a value, as a reader sees them.
    private static int size(NameTable table) {
        int[] n = {0};
        table.forEach((name, value) -> n[0]++);
        return n[0];
    }

    private final NameTable table = new NameTable();

    @Test
    void putGetReplaceRemove() {
        assertNull(table.get("a"));
        table.put("a", 1);
        table.put("b", 2);
        assertEquals(1, table.get("a"));
        assertEquals(2, table.get("b"));
        table.put("a", 3);
        assertEquals(3, table.get("a"));
        assertEquals(2, size(table));
        table.remove("a");
        assertNull(table.get("a"));
        table.remove("a"); // absent: nothing happens
        table.remove("never");
        assertEquals(1, size(table));
        table.put("a", 4);
        assertEquals(4, table.get("a"), "a removed name can come back");
        assertEquals(2, size(table));
    }

    @Test
    void aNameRemovedAndAddedAgainAndAgainKeepsItsOneEntry() {
        for (int i = 0; i < 200; i++) {
            table.put("filler-" + i, i);
        }
        for (int i = 0; i < 100_000; i++) {
            table.put("churn", i);
            assertEquals(i, table.get("churn"));
            table.remove("churn");
            assertNull(table.get("churn"));
        }
        assertEquals(200, size(table));
        Map<String, Object> seen = new HashMap<>();
        table.forEach(seen::put);
        assertEquals(200, seen.size());
    }

    @Test
    void aNameIsFoundByValueNotByIdentity() {
        table.put("mock", 1);
        assertEquals(1, table.get(new String("mock".toCharArray())));
    }

    @Test
    void agreesWithAHashMapThroughGrowthChurnAndShrinking() {
        Map<String, Integer> expected = new HashMap<>();
        Random random = new Random(7);
        for (int step = 0; step < 200_000; step++) {
            // Grows to tens of thousands of names, then drains to a few, with removals throughout.
            int range = step < 120_000 ? 40_000 : 500;
            String name = "p-" + random.nextInt(range);
            if (step >= 120_000 || random.nextInt(3) == 0) {
                table.remove(name);
                expected.remove(name);
            } else {
                table.put(name, step);
                expected.put(name, step);
            }
            if (step % 20_000 == 0 || step == 199_999) {
                assertEquals(expected.size(), size(table));
                Map<String, Object> seen = new HashMap<>();
                table.forEach(seen::put);
                assertEquals(expected, seen);
                for (int i = 0; i < 1_000; i++) {
                    String probe = "p-" + random.nextInt(40_000);
                    assertEquals(expected.get(probe), table.get(probe), probe);
                }
            }
        }
    }

    // Readers race a writer that adds, replaces and removes names: a stable name is never missed, and a value is
    // only ever seen under its own name.
    @Test
    void readersWithoutALockNeverMissAStableNameNorSeeAnotherNamesValue() throws Exception {
        int stable = 200;
        for (int i = 0; i < stable; i++) {
            table.put("stable-" + i, "stable-" + i);
        }
        AtomicBoolean running = new AtomicBoolean(true);
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Thread reader = new Thread(() -> {
                Random random = new Random();
                while (running.get()) {
                    String s = "stable-" + random.nextInt(stable);
                    Object v = table.get(s);
                    if (!s.equals(v)) {
                        wrong.add(s + " -> " + v);
                    }
                    String c = "churn-" + random.nextInt(5_000);
                    Object w = table.get(c);
                    if (w != null && !c.equals(w)) {
                        wrong.add(c + " -> " + w);
                    }
                }
            });
            readers.add(reader);
            reader.start();
        }
        Random random = new Random(11);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_500);
        int writes = 0;
        while (System.nanoTime() < end || writes < 200_000) {
            String c = "churn-" + random.nextInt(5_000);
            synchronized (table) {
                if (random.nextBoolean()) {
                    table.put(c, c);
                } else {
                    table.remove(c);
                }
                if (writes % 1_000 == 0) {
                    String s = "stable-" + random.nextInt(stable);
                    table.put(s, s); // a replace, as a candidate's upgrade is
                }
            }
            writes++;
        }
        running.set(false);
        for (Thread reader : readers) {
            reader.join();
        }
        assertTrue(wrong.isEmpty(), () -> wrong.size() + " wrong reads, e.g. " + wrong.peek());
        assertEquals("stable-0", table.get("stable-0"));
    }
}
