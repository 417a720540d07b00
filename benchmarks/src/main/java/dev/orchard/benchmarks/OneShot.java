package dev.orchard.benchmarks;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One-shot commands, {@code java -jar orchard.jar -c "orchard:providers"}, from process start to exit: against a
 * running daemon in the same folder (through its control socket), and in a folder where none runs (the command
 * starts a runtime of its own). Beside them, alternately, {@code java -version}, the floor any Java command sets, and
 * {@link UnixSocketFloor}, the floor any Java client of a Unix domain socket sets.
 */
final class OneShot {
    private static final String COMMAND = "orchard:providers";

    private OneShot() {}

    /**
     * Measures the three, alternately, after one untimed run of each.
     *
     * @param runtimeJar orchard.jar
     * @param runs how many timed runs of each
     * @return {@code oneshot_ms.attached.median}, {@code oneshot_ms.own_runtime.median},
     *     {@code oneshot_ms.java_version.median}, {@code oneshot_ms.unix_socket_floor.median}, and each but the
     *     third divided by the third
     * @throws IOException if a run fails or the daemon does not start
     * @throws InterruptedException if interrupted
     * @throws URISyntaxException never: the location of this module's classes is a file
     */
    static Map<String, Double> measure(Path runtimeJar, int runs)
            throws IOException, InterruptedException, URISyntaxException {
        String jar = runtimeJar.toString();
        Path daemonFolder = Processes.freshFolder("orchard-oneshot-daemon-");
        Process daemon = new ProcessBuilder(Processes.java(), "-jar", jar, "--daemon")
                .directory(daemonFolder.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            daemon.getOutputStream().close();
            awaitSocket(daemon, daemonFolder.resolve(".orchard/socket"));
            List<Double> attached = new ArrayList<>();
            List<Double> own = new ArrayList<>();
            List<Double> version = new ArrayList<>();
            List<Double> socketFloor = new ArrayList<>();
            String classes = Path.of(UnixSocketFloor.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
            String socket = daemonFolder.resolve(".orchard/socket").toString();
            for (int i = 0; i <= runs; i++) {
                double a = timed(daemonFolder, Processes.java(), "-jar", jar, "-c", COMMAND);
                double v = timed(daemonFolder, Processes.java(), "-version");
                double f =
                        timed(daemonFolder, Processes.java(), "-cp", classes, UnixSocketFloor.class.getName(), socket);
                Path fresh = Processes.freshFolder("orchard-oneshot-");
                double o;
                try {
                    o = timed(fresh, Processes.java(), "-jar", jar, "-c", COMMAND);
                } finally {
                    Processes.deleteTree(fresh);
                }
                if (i > 0) { // the first round warms the file cache and is not counted
                    attached.add(a);
                    version.add(v);
                    socketFloor.add(f);
                    own.add(o);
                }
            }
            Map<String, Double> out = new HashMap<>();
            double floor = RunBenchmarks.median(version);
            out.put("oneshot_ms.java_version.median", floor);
            out.put("oneshot_ms.unix_socket_floor.median", RunBenchmarks.median(socketFloor));
            out.put("oneshot.unix_socket_floor.vs_java_version", RunBenchmarks.median(socketFloor) / floor);
            out.put("oneshot_ms.attached.median", RunBenchmarks.median(attached));
            out.put("oneshot.attached.vs_java_version", RunBenchmarks.median(attached) / floor);
            out.put("oneshot_ms.own_runtime.median", RunBenchmarks.median(own));
            out.put("oneshot.own_runtime.vs_java_version", RunBenchmarks.median(own) / floor);
            return out;
        } finally {
            daemon.destroy(); // SIGTERM: the daemon stops cleanly
            if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
                daemon.destroyForcibly();
            }
            Processes.deleteTree(daemonFolder);
        }
    }

    // Milliseconds from starting the command until it exited, which it must do with 0.
    private static double timed(Path dir, String... command) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not exit within 60 s");
        }
        double ms = (System.nanoTime() - start) / 1e6;
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + p.exitValue() + " in " + dir);
        }
        return ms;
    }

    private static void awaitSocket(Process daemon, Path socket) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(socket)) {
            if (!daemon.isAlive()) {
                throw new IOException("the daemon exited with " + daemon.exitValue() + " before opening " + socket);
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the daemon did not open " + socket + " within 60 s");
            }
            Thread.sleep(20);
        }
    }
}
