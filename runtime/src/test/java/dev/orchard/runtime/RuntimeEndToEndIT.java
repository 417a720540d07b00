package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real runtime jar in a temp folder: the shell, deploy/, .cfg instances, one-shot and daemon forms. */
class RuntimeEndToEndIT {
    private static final Path EXAMPLE = Path.of(System.getProperty("orchard.example.jar"));

    @TempDir
    Path folder;

    @Test
    void shellAnswersAndFollowsDeployFolderAndCfgInstances() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            assertTrue(orchard.run("echo ready").contains("Welcome to Apache Felix Gogo"), "the shell greets");
            String initial = orchard.run("orchard:providers");
            assertTrue(
                    initial.lines()
                                    .anyMatch(l -> l.matches(
                                            "mock\\s+orchestrator\\s+ACTIVE\\s+dev\\.orchard\\.provider\\.mock/.*"))
                            && initial.lines().anyMatch(l -> l.matches("mock\\s+pod\\s+ACTIVE\\s+.*"))
                            && initial.lines()
                                    .anyMatch(l -> l.matches(
                                            "local\\s+orchestrator\\s+ACTIVE\\s+dev\\.orchard\\.provider\\.local/.*")),
                    initial);
            assertTrue(Files.isDirectory(folder.resolve("data/volumes")), "the local provider's volume root");
            Path deploy = folder.resolve("deploy");
            assertTrue(Files.isDirectory(deploy), "the runtime creates deploy/");

            Path jar = deploy.resolve("example.jar");
            Files.copy(EXAMPLE, jar.resolveSibling("example.tmp"));
            Files.move(jar.resolveSibling("example.tmp"), jar, StandardCopyOption.ATOMIC_MOVE);
            long dropped = System.nanoTime();
            String withHello = awaitProviders(orchard, out -> out.contains("hello "));
            long visibleMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - dropped);
            assertTrue(
                    withHello
                            .lines()
                            .anyMatch(
                                    l -> l.matches(
                                            "hello\\s+orchestrator\\s+ACTIVE\\s+dev\\.orchard\\.provider\\.example/\\S+\\s+0\\s+1")),
                    withHello);
            System.out.println("deploy: jar visible in orchard:providers " + visibleMs + " ms after the drop");

            Path cfg = deploy.resolve("dev.orchard.provider.mock~edge.cfg");
            Files.writeString(cfg, "name=edge\nmax.pods=5\n");
            awaitProviders(orchard, out -> out.contains("edge "));
            String edge = orchard.run("orchard:provider edge");
            assertEquals(
                    2,
                    edge.lines()
                            .filter(l -> l.startsWith("ACTIVE") && l.contains("dev.orchard.provider.mock/"))
                            .count(),
                    "a mock instance is an orchestrator and a pod provider: " + edge);

            Files.delete(cfg);
            awaitProviders(orchard, out -> !out.contains("edge "));
            assertEquals("NotFound: provider \"edge\" not found", orchard.runFailing("orchard:provider edge"));

            Files.delete(jar);
            awaitProviders(orchard, out -> !out.contains("hello ") && out.contains("mock "));

            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30), "a clean stop 0 exits with 0");
            assertNoNopLogger(orchard);
        }
    }

    @Test
    void oneShotRunsACommandAndExitsWithItsStatus() throws Exception {
        try (OrchardProcess ok = OrchardProcess.start(folder, "-c", "orchard:providers")) {
            assertEquals(0, ok.waitFor(60));
            assertTrue(ok.stdout().lines().anyMatch(l -> l.startsWith("mock ")), ok.stdout());
            assertNoNopLogger(ok);
        }
        try (OrchardProcess missing = OrchardProcess.start(folder, "-c", "orchard:provider nope")) {
            assertEquals(1, missing.waitFor(60));
            assertTrue(missing.stderr().contains("provider \"nope\" not found"), missing.stderr());
        }
        try (OrchardProcess bad = OrchardProcess.start(folder, "--no-such-option")) {
            assertEquals(2, bad.waitFor(60));
            assertTrue(bad.stderr().contains("Usage:"), bad.stderr());
        }
    }

    @Test
    void daemonSurvivesClosedStdinAndStillDeploys() throws Exception {
        try (OrchardProcess daemon = OrchardProcess.start(folder, "--daemon")) {
            daemon.closeStdin();
            Path deploy = folder.resolve("deploy");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.isDirectory(deploy) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Files.copy(EXAMPLE, deploy.resolve("example.jar"));
            while (!daemon.stderr().contains("Provider added: ORCHESTRATOR hello") && System.nanoTime() < deadline) {
                assertTrue(daemon.isAlive(), "the daemon exited after stdin closed:\n" + daemon.stderr());
                Thread.sleep(50);
            }
            assertTrue(daemon.stderr().contains("Provider added: ORCHESTRATOR hello"), daemon.stderr());
            Thread.sleep(2_000);
            assertTrue(daemon.isAlive(), "the daemon keeps running with stdin closed");
            assertFalse(daemon.stdout().contains("g!"), "no console prompt in daemon mode");
            assertNoNopLogger(daemon);
        }
    }

    private static String awaitProviders(OrchardProcess orchard, Predicate<String> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String out;
        while (!condition.test(out = orchard.run("orchard:providers"))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("orchard:providers never matched; last:\n" + out);
            }
            Thread.sleep(25);
        }
        return out;
    }

    private static void assertNoNopLogger(OrchardProcess orchard) {
        String all = orchard.stdout() + orchard.stderr();
        assertFalse(
                all.contains("No SLF4J providers") || all.contains("NOP logger"), "slf4j fell back to NOP:\n" + all);
    }
}
