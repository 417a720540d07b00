package dev.orchard.kubelet.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * kubernetes-server-mock (CRUD mode, taught {@code spec.nodeName}) in a JVM of its own, on 127.0.0.1: the bridge's
 * cluster. Its classpath comes from Maven through the framework property {@value #CLASSPATH}.
 */
final class MockCluster implements AutoCloseable {
    static final String CLASSPATH = "kubelet.mock.classpath";

    private final Process process;
    private final URI url;

    private MockCluster(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    static MockCluster start(String classpath) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", classpath, "dev.orchard.kubelet.internal.ApiServerMain")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith("URL ")) {
                return new MockCluster(p, URI.create(line.substring(4).strip()));
            }
        }
        p.destroyForcibly();
        throw new IOException("the mock API server ended without printing its URL");
    }

    URI url() {
        return url;
    }

    /** Creates an object in the cluster, as a user's kubectl would. */
    void create(String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(url.resolve(path))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(json))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) {
            throw new IOException("creating at " + path + " answered " + r.statusCode() + ": " + r.body());
        }
    }

    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
