package dev.orchard.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Counts a JVM's threads that hold work: every thread but Jetty's pool threads that run none of Orchard's code. Jetty grows
 * its pool with any burst of clients and lets an idle thread go only about once a minute, so a thread count that
 * must come back within seconds of clients leaving cannot count those; a pool thread still busy (in a follow, a
 * provider's read) is counted, so a leaked one still shows.
 *
 * <p>Orchard's own pools are counted, idle threads included: the registry's call bulkheads ({@code orchard-call-*})
 * keep an idle thread 5 s and make one only when no idle one can take a call, so after a burst they are back within
 * the 10 s the tests allow; a pool that kept its threads longer, or grew with calls made one at a time, is a real
 * cost of the runtime that these counts must see (it was the cause of the threads that outlived dropped follows).
 */
final class WorkingThreads {
    private WorkingThreads() {}

    /**
     * Counts the working threads of a JVM, from its thread dump ({@code jcmd <pid> Thread.print}).
     *
     * @param pid the JVM's process id; it runs as this user
     * @return threads that are not Jetty pool threads outside Orchard's code
     */
    static int of(long pid) throws IOException, InterruptedException {
        return total(named(pid));
    }

    /**
     * The working threads of a JVM by name, digits left out ({@code orchard-call-pod-local-#}), for messages.
     *
     * @param pid the JVM's process id; it runs as this user
     * @return how many working threads have each name
     */
    static Map<String, Integer> named(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                .redirectErrorStream(true)
                .start();
        String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("jcmd " + pid + " Thread.print failed: " + dump);
        }
        Map<String, Integer> working = new TreeMap<>();
        // Each thread's block starts with its quoted name and ends at a blank line.
        for (String block : dump.split("\n\\s*\n")) {
            if (!block.startsWith("\"")) {
                continue;
            }
            // A Jetty pool thread works for Orchard only while Orchard's code is on its stack (a follow, a call);
            // otherwise it is the pool's own (idle, reserved, or on its way out), which Jetty reclaims in its time.
            boolean jettyPool = block.startsWith("\"qtp");
            if (!jettyPool || block.contains("dev.orchard.")) {
                String name =
                        block.substring(1, Math.max(1, block.indexOf('"', 1))).replaceAll("[0-9]+", "#");
                working.merge(name, 1, Integer::sum);
            }
        }
        return working;
    }

    /**
     * Counts threads by name.
     *
     * @param named from {@link #named(long)}
     * @return the sum
     */
    static int total(Map<String, Integer> named) {
        return named.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The names that have more working threads now than before, and how many more, for a failure's message.
     *
     * @param before a baseline from {@link #named(long)}
     * @param now a later count
     * @return name to surplus
     */
    static Map<String, Integer> beyond(Map<String, Integer> before, Map<String, Integer> now) {
        Map<String, Integer> more = new TreeMap<>();
        now.forEach((name, n) -> {
            int surplus = n - before.getOrDefault(name, 0);
            if (surplus > 0) {
                more.put(name, surplus);
            }
        });
        return more;
    }
}
