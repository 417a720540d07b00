package dev.orchard.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The HTTP part runs alone at tiny sizes against the runtime with the HTTP add-on and yields every figure it names;
 * it measures nothing.
 */
class HttpBenchmarkTest {
    @Test
    void yieldsItsFigures() throws Exception {
        Map<String, Double> r = HttpBenchmark.run(
                Path.of(System.getProperty("orchard.runtime.jar")),
                Path.of(System.getProperty("orchard.http.deploy")),
                true);
        assertEquals(
                Set.of(
                        "http.get_providers_us.median",
                        "http.hello_us.median",
                        "http.get_providers.vs_hello",
                        "http.get_providers_rps.c16",
                        "http.hello_rps.c16",
                        "http.throughput.vs_hello.c16",
                        "http.throughput.clients",
                        "http.log_stream_mbps",
                        "http.log_file_mbps",
                        "http.log_stream.vs_file",
                        "http.log.bytes"),
                r.keySet());
        assertTrue(r.values().stream().allMatch(v -> v > 0 && Double.isFinite(v)), r::toString);
        assertEquals(100_000.0, r.get("http.log.bytes"));
    }
}
