package dev.orchard.provider.kubernetes.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.orchard.provider.kubernetes.internal.ApiServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.engine.JupiterTestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * The conformance kit against a {@code kubernetes} instance inside a real Felix framework: the runtime's bundles,
 * the jars of {@code target/deploy/} (the whole installation), the kit, and a factory configuration pointing at
 * fabric8's mock API server on 127.0.0.1, whose node and kubelet {@link Kubelet} plays. The checks the mock server
 * cannot serve are skipped with the reason stated here, and the run shows each skip with it.
 */
class KubernetesConformanceIT {
    private static final Path DEPLOY = Path.of(System.getProperty("orchard.kubernetes.deploy", "target/deploy"));
    private static final Path KIT = Path.of(System.getProperty("orchard.tck.jar", ""));

    /** What the mock API server cannot do, by the kit's check: the run's stated reasons. */
    static final Map<String, String> SKIPPED = Map.of(
            "logsHonourTailLimitBytesAndTimestamps",
            "the mock API server keeps no container output; tail, limitBytes and timestamps are applied by a real"
                    + " kubelet, which only a real cluster has",
            "execReturnsExitCodesAndOutput",
            "the mock API server runs no containers, so no command exits with a code of its own",
            "aLineLongerThanALogPartIsReadWhole",
            "the mock API server keeps no container output, so no line of any length comes back from pods/log",
            "aTtyEitherWorksOrIsRefusedAsUnsupported",
            "the mock API server runs no containers, so no command sees a terminal; exec itself over its"
                    + " WebSocket is checked in ExecTest",
            "statsSummaryListsRunningPods",
            "no metrics-server measures the mock API server's pods: in CRUD mode it answers metrics.k8s.io with an"
                    + " empty list, so no running pod can be in the summary");

    @TempDir
    Path storage;

    @Test
    void theKitPassesAgainstAKubernetesInstanceInsideFelix() throws Exception {
        Map<String, String> properties = new TreeMap<>();
        properties.put("orchard.tck.provider", "kubernetes");
        properties.put("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        SKIPPED.forEach((check, reason) -> properties.put("orchard.tck.skip." + check, reason));
        List<Path> jars = new ArrayList<>(Felix.jarsIn(DEPLOY));
        jars.add(KIT);
        jars.addAll(osgiTestJars());
        Outcomes outcomes = new Outcomes();
        // Jupiter is named, not found through the context class loader, which is the platform's below.
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .addTestEngines(new JupiterTestEngine())
                .build());
        // The runtime's threads see only its launcher on the class path; this test's class path holds fabric8
        // too, which fabric8 inside the framework would find through the context class loader and reject.
        Thread thread = Thread.currentThread();
        ClassLoader classPath = thread.getContextClassLoader();
        thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
        try (ApiServer api = new ApiServer();
                Kubelet kubelet = new Kubelet(api);
                Felix felix = new Felix(storage, properties, jars)) {
            felix.configure(
                    "dev.orchard.provider.kubernetes",
                    Map.of("name", "kubernetes", "master.url", api.url(), "request.timeout.ms", "5000"));
            awaitServing(felix);

            Bundle kit = felix.bundle("dev.orchard.provider.tck");
            List<ClassSelector> checks = new ArrayList<>();
            for (String name : kit.getHeaders().get("Test-Cases").split(",")) {
                checks.add(selectClass(kit.loadClass(name.trim())));
            }
            launcher.execute(
                    LauncherDiscoveryRequestBuilder.request().selectors(checks).build(), outcomes);
        } finally {
            thread.setContextClassLoader(classPath);
        }
        assertEquals(Map.of(), outcomes.failed, "no check of the kit fails");
        assertEquals(SKIPPED.keySet(), outcomes.skipped.keySet(), "exactly the stated checks are skipped");
        outcomes.skipped.forEach((check, reason) -> assertTrue(reason.contains(SKIPPED.get(check)), reason));
        assertTrue(outcomes.checks > SKIPPED.size(), "the kit's checks were found: " + outcomes.checks);
        assertEquals(
                outcomes.checks - SKIPPED.size(),
                outcomes.passed.size(),
                "every other check of the kit ran and passed: " + outcomes.passed);
    }

    private static List<Path> osgiTestJars() {
        List<Path> jars = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            String file = Path.of(entry).getFileName().toString();
            if (file.startsWith("org.osgi.test.common-") || file.startsWith("org.osgi.test.junit5-")) {
                jars.add(Path.of(entry));
            }
        }
        return jars;
    }

    // The instance first shows FAILED if its bundles are not all active yet; the kit needs it serving. The API's
    // classes inside the framework are not the test's, so the references are looked up whatever their class.
    private static void awaitServing(Felix felix) throws InvalidSyntaxException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String failure = "not registered";
        while (System.nanoTime() < deadline) {
            ServiceReference<?>[] refs = felix.context()
                    .getAllServiceReferences(
                            "dev.orchard.api.orchestrator.Orchestrator", "(orchard.provider.name=kubernetes)");
            if (refs != null) {
                Object reason = refs[0].getProperty("orchard.provider.failure");
                if (reason == null) {
                    return;
                }
                failure = "FAILED: " + reason;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the kubernetes instance did not serve within 30 s: " + failure);
    }

    /** What each check of the kit came to, by method name. */
    private static final class Outcomes implements TestExecutionListener {
        final Map<String, String> failed = new ConcurrentHashMap<>();
        final Map<String, String> skipped = new ConcurrentHashMap<>();
        final List<String> passed = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile long checks;

        @Override
        public void testPlanExecutionStarted(TestPlan plan) {
            checks = plan.countTestIdentifiers(TestIdentifier::isTest);
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            skipped.put(test.getDisplayName().replace("()", ""), reason);
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (!test.isTest()) {
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                    failed.put(
                            test.getDisplayName(),
                            String.valueOf(result.getThrowable().orElse(null)));
                }
                return;
            }
            String check = test.getDisplayName().replaceAll("\\(.*\\)", "");
            switch (result.getStatus()) {
                case SUCCESSFUL -> passed.add(check);
                case ABORTED ->
                    skipped.put(
                            check,
                            result.getThrowable().map(Throwable::getMessage).orElse(""));
                case FAILED ->
                    failed.put(check, String.valueOf(result.getThrowable().orElse(null)));
            }
        }
    }
}
