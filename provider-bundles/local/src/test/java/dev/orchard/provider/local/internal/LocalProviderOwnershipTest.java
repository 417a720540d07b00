package dev.orchard.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.api.registry.ProviderProperties;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly one instance supervises a data root: a second instance, in this JVM or any other process, serves no
 * call and says why, and takes over within a second of the owner leaving, adopting its pods without restarting
 * them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalProviderOwnershipTest {
    @TempDir
    Path dir;

    private final List<LocalProvider> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    private Map<String, Object> properties() {
        Map<String, Object> props = new HashMap<>();
        props.put("volume.root", dir.resolve("volumes").toString());
        props.put("sandbox.root", dir.resolve("pods").toString());
        return props;
    }

    private LocalProvider open() {
        LocalProvider p = LocalProvider.open(
                ProviderConfiguration.of(properties(), LocalConfiguration.class, LocalProvider.DEFAULT_NAME),
                dir,
                Clock.systemUTC());
        opened.add(p);
        return p;
    }

    // Each start of the pod's container adds a line: adopted without a restart, it stays one line.
    private static Pod counter() {
        return Pod.of(
                "default",
                "web",
                new PodSpec(
                        List.of(Container.of("c", "none", "sh", "-c", "echo $$ >> starts; sleep 300")),
                        List.of(),
                        RestartPolicy.ALWAYS,
                        1,
                        ""));
    }

    private Path starts() {
        return dir.resolve("pods/default/web/starts");
    }

    @Test
    void aSecondInstanceInThisJvmServesNothingAndTakesOverWithinASecondAdoptingThePods() throws Exception {
        LocalProvider first = open();
        first.pods().createPod(counter());
        await("the first start", () -> lines(starts()) == 1);

        LocalProvider second = open();
        String reason = second.waiting().orElseThrow();
        assertTrue(reason.contains(dir.resolve("pods").toString()) && reason.contains(".orchard/lock"), reason);
        assertThrows(UnavailableException.class, second::pods);

        long left = System.nanoTime();
        first.detach();
        await("the takeover", () -> second.waiting().isEmpty());
        assertTrue(System.nanoTime() - left < TimeUnit.SECONDS.toNanos(1), "taken over within a second");
        assertEquals(
                PodPhase.RUNNING, second.pods().getPodStatus("default", "web").phase());
        Thread.sleep(300);
        assertEquals(1, lines(starts()), "the pod was adopted, not started again");
        second.pods().deletePod("default", "web");
    }

    @Test
    void aRootOwnedByAnotherProcessIsWaitedForAndTakenWhenThatProcessDies() throws Exception {
        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        RootHolder.class.getName(),
                        dir.resolve("pods").toString())
                .redirectErrorStream(true)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("held", out.readLine(), "the other process holds the pod root");

            LocalProvider waiting = open();
            assertTrue(waiting.waiting().isPresent(), "the lock holds across processes");
            assertThrows(UnavailableException.class, waiting::orchestrator);

            long killed = System.nanoTime();
            holder.destroyForcibly().waitFor();
            await("the takeover", () -> waiting.waiting().isEmpty());
            assertTrue(System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(1), "taken over within a second");
            waiting.pods().createPod(counter());
            await("the pod to start", () -> lines(starts()) == 1);
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void theComponentOfASecondInstanceIsFailedWithTheReasonAndServesOnceItOwnsTheRoots() throws Exception {
        LocalProvider first = open();
        RecordingBundleContext framework = new RecordingBundleContext();
        LocalProviderComponent component = new LocalProviderComponent(framework.context(), properties());
        try {
            RecordingBundleContext.Registration pods = framework.only(PodProvider.class);
            Object failure = pods.property(ProviderProperties.FAILURE);
            assertTrue(failure != null && failure.toString().contains(".orchard/lock"), "FAILED: " + failure);
            assertThrows(
                    UnavailableException.class,
                    () -> ((Orchestrator) framework.only(Orchestrator.class).service()).name());

            first.detach();
            await("the component to serve", () -> pods.property(ProviderProperties.FAILURE) == null);
            assertEquals(List.of(), ((PodProvider) pods.service()).getPods(), "it serves through the instance's pods");
        } finally {
            component.deactivate();
        }
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(10);
        }
    }
}
