package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Log streaming through the HTTP API against reading the log directly: a pod on the runtime's local provider writes
 * a large log of 100-byte lines and then sleeps; the log is read alternately with {@code GET .../logs/main} and
 * straight from the provider's log files (the rotated part, if any, then the current one) with the same 8 KiB
 * reads. Each in MB/s (10^6 bytes) of what it read; medians.
 */
final class LogThroughput {
    private static final String POD = "/orchard/api/v1/pod-providers/local/pods";
    private static final String LOG = POD + "/bench/biglog/logs/main";
    // 99 characters and the newline yes adds: lines of 100 bytes.
    private static final String LINE = "0123456789".repeat(9) + "012345678";

    private LogThroughput() {}

    /**
     * Writes the log, measures both reads and deletes the pod.
     *
     * @param runtime the runtime with the HTTP add-on
     * @param client the client
     * @param bytes how many bytes the pod writes
     * @param rounds how many reads of each
     * @param out receives {@code http.log_stream_mbps}, {@code http.log_file_mbps} and their ratio
     * @throws Exception if the pod, a request or a file read fails
     */
    static void measure(HttpRuntime runtime, HttpClient client, long bytes, int rounds, Map<String, Double> out)
            throws Exception {
        String pod = "{\"metadata\":{\"name\":\"biglog\",\"namespace\":\"bench\"},\"spec\":{\"containers\":[{"
                + "\"name\":\"main\",\"image\":\"none\",\"command\":[\"sh\",\"-c\",\"yes " + LINE + " | head -c "
                + bytes + "; exec sleep 300\"]}]}}";
        HttpResponse<String> created = client.send(
                runtime.request(POD)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(pod))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() != 201) {
            throw new IOException("creating the log pod answered " + created.statusCode() + ": " + created.body());
        }
        HttpRequest read = runtime.request(LOG).build();
        try {
            awaitWholeLog(client, read, bytes);
            List<Path> files = logFiles(runtime.folder());
            List<Double> api = new ArrayList<>();
            List<Double> direct = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                long t = System.nanoTime();
                long n = HttpBenchmark.send(client, read);
                api.add(n / 1e6 / ((System.nanoTime() - t) / 1e9));
                t = System.nanoTime();
                long m = readAll(files);
                direct.add(m / 1e6 / ((System.nanoTime() - t) / 1e9));
            }
            double viaApi = RunBenchmarks.median(api);
            double viaFile = RunBenchmarks.median(direct);
            out.put("http.log_stream_mbps", viaApi);
            out.put("http.log_file_mbps", viaFile);
            out.put("http.log_stream.vs_file", viaApi / viaFile);
            out.put("http.log.bytes", (double) bytes);
        } finally {
            client.send(
                    runtime.request(POD + "/bench/biglog").DELETE().build(), HttpResponse.BodyHandlers.discarding());
        }
    }

    // The pod writes at its own pace; the log is complete when the API returns every byte (polled: the pod's end
    // of writing is an event inside the runtime only).
    private static void awaitWholeLog(HttpClient client, HttpRequest read, long bytes) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        long n;
        while ((n = HttpBenchmark.send(client, read)) < bytes) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the log pod wrote " + n + " of " + bytes + " bytes in two minutes");
            }
            Thread.sleep(100);
        }
    }

    // The container's log files under the runtime's folder: the rotated part first, as the provider reads them.
    private static List<Path> logFiles(Path folder) throws IOException {
        try (Stream<Path> all = Files.walk(folder)) {
            List<Path> current = all.filter(p -> p.getFileName().toString().equals("current.log")
                            && p.toString().contains("biglog"))
                    .toList();
            if (current.size() != 1) {
                throw new IOException("expected one current.log of pod biglog under " + folder + ", found " + current);
            }
            Path log = current.get(0);
            Path rotated = log.resolveSibling("current.log.1");
            return Files.exists(rotated) ? List.of(rotated, log) : List.of(log);
        }
    }

    private static long readAll(List<Path> files) throws IOException {
        long n = 0;
        byte[] buffer = new byte[8192];
        for (Path f : files) {
            try (InputStream in = Files.newInputStream(f)) {
                for (int r; (r = in.read(buffer)) >= 0; ) {
                    n += r;
                }
            }
        }
        return n;
    }
}
