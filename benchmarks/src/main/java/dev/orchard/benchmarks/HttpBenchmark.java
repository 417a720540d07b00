package dev.orchard.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The HTTP API's figures, against the runtime with the HTTP add-on ({@link HttpRuntime}), each beside a floor in
 * the same run: {@code GET /orchard/api/v1/providers} against a bare hello-world servlet on the same Jetty, one
 * request at a time alternately (median latency) and from 16 concurrent clients (requests per second); and a large
 * container log streamed through the API against reading the same log files directly ({@link LogThroughput}).
 * It asserts nothing but that every answer is a 200.
 */
final class HttpBenchmark {
    /** The API path measured. */
    static final String PROVIDERS = "/orchard/api/v1/providers";

    private static final String HELLO = "/hello";
    private static final int CLIENTS = 16;

    /** How much of each is done: the full run, or one tiny pass that only checks it still runs. */
    record Sizes(int warmup, int requests, long throughputMillis, int throughputRounds, long logBytes, int logRounds) {
        static final Sizes FULL = new Sizes(500, 2_001, 3_000, 2, 6_000_000L, 5);
        static final Sizes SMOKE = new Sizes(2, 3, 200, 1, 100_000L, 1);
    }

    private HttpBenchmark() {}

    /**
     * Runs this part alone and prints its figures.
     *
     * @param args {@code <orchard.jar> <http-bundle/target/deploy>}, and {@code --smoke} for one tiny pass
     * @throws Exception if the runtime or a request fails
     */
    public static void main(String[] args) throws Exception {
        run(Path.of(args[0]), Path.of(args[1]), List.of(args).contains("--smoke"))
                .forEach((k, v) -> System.out.printf(Locale.ROOT, "%s=%.4f%n", k, v));
    }

    /**
     * Measures the HTTP API.
     *
     * @param runtimeJar orchard.jar
     * @param httpDeploy the HTTP add-on's folder
     * @param smoke true for one tiny pass, which measures nothing
     * @return the figures, keyed as results.properties names them ({@code http.*})
     * @throws Exception if the runtime or a request fails
     */
    static Map<String, Double> run(Path runtimeJar, Path httpDeploy, boolean smoke) throws Exception {
        Sizes sizes = smoke ? Sizes.SMOKE : Sizes.FULL;
        Map<String, Double> out = new TreeMap<>();
        try (HttpRuntime runtime = new HttpRuntime(runtimeJar, httpDeploy)) {
            HttpClient client = client();
            latency(runtime, client, sizes, out);
            throughput(runtime, sizes, out);
            LogThroughput.measure(runtime, client, sizes.logBytes(), sizes.logRounds(), out);
        }
        return out;
    }

    /**
     * A client as the benchmark's: HTTP/1.1 with keep-alive, as curl and most API clients talk to Jetty.
     *
     * @return a new client
     */
    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    // One request at a time, the API and hello alternately after a warm-up of each; microseconds, medians.
    private static void latency(HttpRuntime runtime, HttpClient client, Sizes sizes, Map<String, Double> out)
            throws Exception {
        HttpRequest api = runtime.request(PROVIDERS).build();
        HttpRequest hello = runtime.request(HELLO).build();
        for (int i = 0; i < sizes.warmup(); i++) {
            send(client, api);
            send(client, hello);
        }
        List<Double> apiUs = new ArrayList<>();
        List<Double> helloUs = new ArrayList<>();
        for (int i = 0; i < sizes.requests(); i++) {
            long t = System.nanoTime();
            send(client, api);
            apiUs.add((System.nanoTime() - t) / 1e3);
            t = System.nanoTime();
            send(client, hello);
            helloUs.add((System.nanoTime() - t) / 1e3);
        }
        double a = RunBenchmarks.median(apiUs);
        double h = RunBenchmarks.median(helloUs);
        out.put("http.get_providers_us.median", a);
        out.put("http.hello_us.median", h);
        out.put("http.get_providers.vs_hello", a / h);
    }

    // 16 clients, each with a connection of its own, for a fixed time on one path, then the other, in rounds.
    private static void throughput(HttpRuntime runtime, Sizes sizes, Map<String, Double> out) throws Exception {
        double[] api = new double[2];
        double[] hello = new double[2];
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<HttpClient> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                clients.add(client());
            }
            for (int round = 0; round < sizes.throughputRounds(); round++) {
                add(api, burst(pool, clients, runtime.request(PROVIDERS).build(), sizes.throughputMillis()));
                add(hello, burst(pool, clients, runtime.request(HELLO).build(), sizes.throughputMillis()));
            }
        } finally {
            pool.shutdownNow();
        }
        double apiRps = api[0] / api[1];
        double helloRps = hello[0] / hello[1];
        out.put("http.get_providers_rps.c16", apiRps);
        out.put("http.hello_rps.c16", helloRps);
        out.put("http.throughput.vs_hello.c16", apiRps / helloRps);
        out.put("http.throughput.clients", (double) CLIENTS);
    }

    private static void add(double[] sum, double[] burst) {
        sum[0] += burst[0];
        sum[1] += burst[1];
    }

    // Requests answered by all clients together, and the seconds they took; each client's first request (which
    // opens its connection) is not counted.
    private static double[] burst(ExecutorService pool, List<HttpClient> clients, HttpRequest request, long millis)
            throws Exception {
        for (HttpClient c : clients) {
            send(c, request);
        }
        long start = System.nanoTime();
        long end = start + millis * 1_000_000L;
        List<Future<Long>> counts = new ArrayList<>();
        for (HttpClient c : clients) {
            Callable<Long> loop = () -> {
                long n = 0;
                while (System.nanoTime() < end) {
                    send(c, request);
                    n++;
                }
                return n;
            };
            counts.add(pool.submit(loop));
        }
        long total = 0;
        for (Future<Long> f : counts) {
            total += f.get();
        }
        return new double[] {total, (System.nanoTime() - start) / 1e9};
    }

    /**
     * Sends a GET and reads the whole answer, which must be a 200.
     *
     * @param client the client
     * @param request the request
     * @return the number of body bytes read
     * @throws IOException if the request fails or the answer is not a 200
     * @throws InterruptedException if interrupted
     */
    static long send(HttpClient client, HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            long n = body.transferTo(OutputStream.nullOutputStream());
            if (response.statusCode() != 200) {
                throw new IOException(request.uri() + " answered " + response.statusCode());
            }
            return n;
        }
    }
}
