package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one policy for an invalid provider configuration, through the real runtime jar: a {@code .cfg} in
 * {@code deploy/} that the provider cannot start with makes the instance FAILED with its reason in
 * {@code orchard:providers} and {@code orchard:provider <name>}, never gone; the other providers keep serving, and a
 * corrected file makes the instance serve.
 */
class ProviderConfigurationIT {
    private static final Path EXAMPLE = Path.of(System.getProperty("orchard.example.jar"));

    @TempDir
    Path folder;

    @Test
    void anInvalidMockConfigurationIsFailedWithItsReasonUntilItIsCorrected() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path cfg = folder.resolve("deploy/dev.orchard.provider.mock~edge.cfg");

            // A key renamed by issue 12: never silently ignored, so the default of max.pods is not used unnoticed.
            write(cfg, "pods=5\n");
            awaitFailed(
                    orchard,
                    "edge",
                    "configuration dev.orchard.provider.mock~edge has unknown key(s) pods; the known keys are label,"
                            + " max.pods, name, node.cpu, node.memory, region, service.ranking, volume.pool");
            assertMockServes(orchard);

            // A value that does not parse.
            write(cfg, "max.pods=abc\n");
            awaitFailed(
                    orchard,
                    "edge",
                    "configuration key max.pods (dev.orchard.provider.mock~edge) \"abc\" is not a quantity");
            assertMockServes(orchard);

            // A name that is not a DNS-1123 label: the instance is shown under the name its file gives, FAILED,
            // with the reason.
            write(cfg, "name=UPPER\n");
            awaitFailed(
                    orchard,
                    "edge",
                    "configuration key name (dev.orchard.provider.mock~edge) \"UPPER\" must consist of lower case");
            assertTrue(!orchard.run("orchard:providers").contains("UPPER"), "nothing is filed under the invalid name");
            assertMockServes(orchard);

            // Corrected: it serves, with what its keys say.
            write(cfg, "max.pods=5\nvolume.pool=3Gi\n");
            await(orchard, "orchard:providers", out -> bothKinds(out, "edge", "ACTIVE") && !out.contains("FAILED"));
            String edge = orchard.run("orchard:provider edge");
            assertEquals(2, edge.lines().filter(l -> l.startsWith("ACTIVE")).count(), edge);
            assertTrue(orchard.run("orchard:node edge").contains("pods 5"), "max.pods=5 is the node's pod capacity");
            String full = orchard.runFailing("orchard:volume-add edge data 4Gi");
            assertTrue(full.contains("3Gi of 3Gi left"), "volume.pool=3Gi is the pool: " + full);
            assertMockServes(orchard);

            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    @Test
    void theExampleProviderFollowsTheSamePolicy() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            Path deploy = folder.resolve("deploy");
            Path cfg = deploy.resolve("dev.orchard.provider.example~west.cfg");
            write(cfg, "colour=red\n");
            write(deploy.resolve("example.jar"), Files.readAllBytes(EXAMPLE));

            String reason = "configuration dev.orchard.provider.example~west has unknown key(s) colour; the known keys"
                    + " are label, name, region, service.ranking";
            await(orchard, "orchard:provider west", out -> failed(out, "orchestrator", reason));
            await(
                    orchard,
                    "orchard:providers",
                    out -> row(out, "west", "orchestrator", "FAILED") && row(out, "hello", "orchestrator", "ACTIVE"));

            write(cfg, "label=lab\n");
            await(
                    orchard,
                    "orchard:providers",
                    out -> row(out, "west", "orchestrator", "ACTIVE") && !out.contains("FAILED"));

            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
    }

    // Writes a file into deploy/ whole: FileInstall never reads it half-written.
    private static void write(Path file, String text) throws Exception {
        write(file, text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void write(Path file, byte[] content) throws Exception {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.write(partial, content);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    // Runs a command until its output matches; a configuration change takes one or two FileInstall polls.
    private static String await(OrchardProcess orchard, String command, Predicate<String> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String out;
        while (!condition.test(out = orchard.run(command))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(command + " never matched; last:\n" + out);
            }
            Thread.sleep(25);
        }
        return out;
    }

    // Waits until orchard:provider shows both candidates of the mock instance FAILED with the reason, and
    // orchard:providers lists both; the two registries see the registration one after the other.
    private static void awaitFailed(OrchardProcess orchard, String name, String reason) throws Exception {
        await(
                orchard,
                "orchard:provider " + name,
                out -> failed(out, "orchestrator", reason) && failed(out, "pod", reason));
        String all = orchard.run("orchard:providers");
        assertTrue(bothKinds(all, name, "FAILED"), () -> name + " is not listed FAILED in:\n" + all);
    }

    // Whether orchard:provider has a FAILED candidate of the kind with the reason.
    private static boolean failed(String candidates, String kind, String reason) {
        return candidates
                .lines()
                .anyMatch(l -> l.matches("FAILED\\s+" + kind + "\\s+dev\\.orchard\\.provider\\.\\S+\\s.*")
                        && l.contains(reason));
    }

    // Whether orchard:providers has the rows of both kinds of a name in the state.
    private static boolean bothKinds(String providers, String name, String state) {
        return row(providers, name, "orchestrator", state) && row(providers, name, "pod", state);
    }

    // Whether orchard:providers has the row: name, kind, state.
    private static boolean row(String providers, String name, String kind, String state) {
        return providers.lines().anyMatch(l -> l.matches(name + "\\s+" + kind + "\\s+" + state + "\\s.*"));
    }

    // The default mock serves whatever happens to another instance's configuration.
    private static void assertMockServes(OrchardProcess orchard) throws Exception {
        String all = orchard.run("orchard:providers");
        assertTrue(bothKinds(all, "mock", "ACTIVE"), () -> "mock is not ACTIVE in:\n" + all);
        assertTrue(orchard.run("orchard:node mock").contains("pods 20"), "the default mock answers with its defaults");
    }
}
