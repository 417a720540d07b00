package dev.orchard.provider.tck.selfcheck;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.engine.JupiterTestEngine;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/** Runs the conformance kit against {@link BrokenProvider}: it must fail, and say why in words a person reads. */
@ExtendWith(BundleContextExtension.class)
class KitCatchesABrokenProviderTest {
    @InjectBundleContext
    BundleContext context;

    @Test
    void theKitFailsABrokenProviderWithReadableMessages() throws Exception {
        Bundle kit = Arrays.stream(context.getBundles())
                .filter(b -> "dev.orchard.provider.tck".equals(b.getSymbolicName()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the kit bundle is not installed"));
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, "broken");
        ServiceRegistration<?> r = context.registerService(
                new String[] {Orchestrator.class.getName(), PodProvider.class.getName()}, new BrokenProvider(), props);
        String before = System.getProperty("orchard.tck.provider");
        System.setProperty("orchard.tck.provider", "broken");
        try {
            Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                    .enableTestEngineAutoRegistration(false)
                    .enableTestExecutionListenerAutoRegistration(false)
                    .enableLauncherSessionListenerAutoRegistration(false)
                    .enableLauncherDiscoveryListenerAutoRegistration(false)
                    .enablePostDiscoveryFilterAutoRegistration(false)
                    .addTestEngines(new JupiterTestEngine())
                    .build());
            SummaryGeneratingListener summary = new SummaryGeneratingListener();
            launcher.execute(
                    LauncherDiscoveryRequestBuilder.request()
                            .selectors(
                                    selectClass(kit.loadClass("dev.orchard.provider.tck.OrchestratorConformanceTest")),
                                    selectClass(kit.loadClass("dev.orchard.provider.tck.PodProviderConformanceTest")))
                            .build(),
                    summary);
            TestExecutionSummary result = summary.getSummary();
            Map<String, String> failures = new LinkedHashMap<>();
            result.getFailures()
                    .forEach(f -> failures.put(
                            f.getTestIdentifier().getDisplayName(),
                            String.valueOf(f.getException().getMessage())));
            System.out.println("the kit against a broken provider: " + result.getTestsFailedCount() + " of "
                    + result.getTestsFoundCount() + " checks failed");
            failures.forEach((test, message) -> System.out.println("  " + test + ": " + message));

            assertTrue(result.getTestsFailedCount() >= 5, "the kit must fail a broken provider: " + failures);
            assertMessage(
                    failures,
                    "identityMatchesTheServiceProperty()",
                    "name() equals orchard.provider.name ==> expected: <broken> but was: <wrong-name>");
            assertMessage(
                    failures,
                    "addingAnExistingNameIsAlreadyExists()",
                    "Expected dev.orchard.api.error.AlreadyExistsException to be thrown, but nothing was thrown.");
            assertMessage(
                    failures,
                    "unknownPodsAreNotFound()",
                    "Expected dev.orchard.api.error.NotFoundException to be thrown, but nothing was thrown.");
            assertMessage(failures, "configureNodeReportsCapacityAndConditions()", "capacity in cpu, memory and pods");
            assertMessage(
                    failures,
                    "createGetListAndDelete()",
                    "getPodStatus of a created pod returned null; it must return its status");
            failures.forEach((test, message) -> assertTrue(
                    !message.startsWith("Cannot invoke"),
                    () -> test + " failed with a bare NullPointerException: " + message));
        } finally {
            if (before == null) {
                System.clearProperty("orchard.tck.provider");
            } else {
                System.setProperty("orchard.tck.provider", before);
            }
            r.unregister();
        }
    }

    private static void assertMessage(Map<String, String> failures, String test, String expected) {
        String message = failures.get(test);
        assertNotNull(message, () -> test + " should have failed; failures: " + failures.keySet());
        assertTrue(
                message.contains(expected),
                () -> test + " failed with \"" + message + "\", expected \"" + expected + "\"");
    }
}
