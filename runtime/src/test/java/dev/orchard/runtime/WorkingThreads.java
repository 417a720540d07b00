package dev.orchard.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Counts a JVM's threads that hold work: every thread but Jetty's pool threads that run none of Orchard's code. Jetty grows
 * its pool with any burst of clients and lets an idle thread go only about once a minute, so a thread count that
 * must come back within seconds of clients leaving cannot count those; a pool thread still busy (in a follow, a
 * provider's read) is counted, so a leaked one still shows.
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
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                .redirectErrorStream(true)
                .start();
        String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("jcmd " + pid + " Thread.print failed: " + dump);
        }
        int working = 0;
        // Each thread's block starts with its quoted name and ends at a blank line.
        for (String block : dump.split("\n\\s*\n")) {
            if (!block.startsWith("\"")) {
                continue;
            }
            // A Jetty pool thread works for Orchard only while Orchard's code is on its stack (a follow, a call);
            // otherwise it is the pool's own (idle, reserved, or on its way out), which Jetty reclaims in its time.
            boolean jettyPool = block.startsWith("\"qtp");
            if (!jettyPool || block.contains("dev.orchard.")) {
                working++;
            }
        }
        return working;
    }
}
