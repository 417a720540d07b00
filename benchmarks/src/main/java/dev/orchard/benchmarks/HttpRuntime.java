package dev.orchard.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The runtime ({@code orchard.jar --daemon}) in a fresh folder with the HTTP add-on and the hello-world bundle in
 * its {@code deploy/}, Jetty on a free port of 127.0.0.1: started, awaited until both the API and {@code /hello}
 * answer, and stopped.
 */
final class HttpRuntime implements AutoCloseable {
    private final Path folder;
    private final Process daemon;
    private final URI base;

    /**
     * Starts the runtime and waits until both servlets answer.
     *
     * @param runtimeJar orchard.jar
     * @param httpDeploy the HTTP add-on's folder, {@code http-bundle/target/deploy/}
     * @throws IOException if the runtime does not start or does not serve within a minute
     * @throws InterruptedException if interrupted
     */
    HttpRuntime(Path runtimeJar, Path httpDeploy) throws IOException, InterruptedException {
        folder = Processes.freshFolder("orchard-bench-http-");
        Path deploy = Files.createDirectories(folder.resolve("deploy"));
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(httpDeploy, "*.jar")) {
            for (Path jar : jars) {
                Files.copy(jar, deploy.resolve(jar.getFileName()));
            }
        }
        HelloBundle.write(deploy.resolve("hello.jar"));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.writeString(deploy.resolve("org.apache.felix.http.cfg"), "org.osgi.service.http.port=" + port + "\n");
        base = URI.create("http://127.0.0.1:" + port);
        daemon = new ProcessBuilder(Processes.java(), "-jar", runtimeJar.toString(), "--daemon")
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(folder.resolve("runtime.log").toFile())
                .start();
        daemon.getOutputStream().close();
        awaitServing();
    }

    /**
     * Where Jetty listens.
     *
     * @param path a path such as {@code /hello}
     * @return its URI
     */
    URI uri(String path) {
        return base.resolve(path);
    }

    /**
     * The runtime's folder, where the local provider keeps its pods' logs.
     *
     * @return the folder
     */
    Path folder() {
        return folder;
    }

    // FileInstall installs the add-on at its first scan, and Jetty starts once its configuration arrives: there is
    // no event to wait on from outside the process, so both paths are polled.
    private void awaitServing() throws IOException, InterruptedException {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!(answers(client, HttpBenchmark.PROVIDERS) && answers(client, "/hello"))) {
            if (!daemon.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("the runtime in " + folder + " did not serve " + base + " within a minute"
                        + (daemon.isAlive() ? "" : " (it exited with " + daemon.exitValue() + ")") + "; it printed:\n"
                        + Files.readString(folder.resolve("runtime.log")));
            }
            Thread.sleep(50);
        }
    }

    /**
     * A request to a path, with the bearer token the HTTP add-on made in the runtime's folder, as an operator's
     * client sends it (authentication is on by default).
     *
     * @param path a path such as {@code /orchard/api/v1/providers}
     * @return the request, to finish
     */
    HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
        try {
            return b.header(
                    "Authorization",
                    "Bearer "
                            + Files.readString(folder.resolve(".orchard/http/token"))
                                    .strip());
        } catch (IOException notYet) {
            return b; // the add-on has not made it yet: answered 401, and awaited again
        }
    }

    private boolean answers(HttpClient client, String path) throws InterruptedException {
        try {
            return client.send(request(path).build(), HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** Stops the runtime (SIGTERM, as a user would) and deletes its folder. */
    @Override
    public void close() throws IOException, InterruptedException {
        daemon.destroy();
        if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
            daemon.destroyForcibly().waitFor();
        }
        Processes.deleteTree(folder);
    }
}
