package dev.orchard.benchmarks;

import java.lang.management.ManagementFactory;

/** How the in-JVM benchmarks measure heap: used heap after full collections, the same way for every heap row. */
final class Heap {
    private Heap() {}

    /**
     * The heap in use after three full collections, with a short pause after each for reference processing.
     *
     * @return bytes
     * @throws InterruptedException if interrupted
     */
    static long usedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
