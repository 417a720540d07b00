package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderState;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectBundleInstaller;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.install.BundleInstaller;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.context.BundleInstallerExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** Provider bundles installed, started, stopped, updated and uninstalled at run time, with the registries following. */
@ExtendWith({BundleContextExtension.class, BundleInstallerExtension.class, ServiceExtension.class})
class ProviderBundleLifecycleTest {
    @InjectBundleContext
    BundleContext context;

    @InjectBundleInstaller
    BundleInstaller installer;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry orchestrators;

    @InjectService(timeout = 10_000)
    PodProviderRegistry pods;

    @Test
    void followsInstallStartStopUpdateAndUninstall() throws Exception {
        Bundle v1 = installer.installBundle("tb/swap-v1.jar", false);
        assertFalse(orchestrators.has("swap"), "an installed but unstarted bundle provides nothing");

        v1.start();
        Await.until("swap to appear", () -> orchestrators.has("swap") && pods.exists("swap"), this::state);
        assertEquals("1.0.0", orchestrators.get("swap").label());
        assertEquals("1.0.0", orchestrators.call("swap", Orchestrator::label));
        assertTrue(orchestrators.names().contains("swap"));
        assertEquals(List.of(ProviderState.ACTIVE), states("swap"));

        v1.stop();
        Await.until("swap to leave", () -> !orchestrators.has("swap") && !pods.exists("swap"), this::state);
        assertThrows(NotFoundException.class, () -> orchestrators.get("swap"));
        assertTrue(orchestrators.find("swap").isEmpty());
        assertTrue(orchestrators.candidates("swap").isEmpty());

        v1.start();
        Await.until("swap to come back", () -> orchestrators.has("swap"), this::state);

        try (InputStream newer =
                context.getBundle().getEntry("tb/update-v2.jar").openStream()) {
            v1.update(newer);
        }
        Await.until(
                "the updated bundle to serve swap",
                () -> orchestrators
                        .find("swap")
                        .map(o -> o.label().equals("1.1.0"))
                        .orElse(false),
                this::state);
        assertEquals("1.1.0", pods.call("swap", p -> ((Orchestrator) p).label()));

        v1.uninstall();
        Await.until("swap to be gone", () -> !orchestrators.has("swap") && !pods.exists("swap"), this::state);
        assertTrue(orchestrators.providers().stream().noneMatch(p -> p.name().equals("swap")));
    }

    @Test
    void higherRankedV2ShadowsV1AndV1ReturnsWhenV2Leaves() throws Exception {
        Bundle v1 = installer.installBundle("tb/swap-v1.jar", true);
        Await.until("v1", () -> orchestrators.has("swap"), this::state);

        Bundle v2 = installer.installBundle("tb/swap-v2.jar", true);
        Await.until(
                "v2 to take over", () -> "2.0.0".equals(orchestrators.call("swap", Orchestrator::label)), this::state);
        List<ProviderInfo> candidates = orchestrators.candidates("swap");
        assertEquals(List.of(ProviderState.ACTIVE, ProviderState.SHADOWED), states("swap"));
        assertEquals("dev.orchard.test.swap.v2", candidates.get(0).bundleSymbolicName());
        assertEquals(10, candidates.get(0).ranking());
        assertEquals("dev.orchard.test.swap.v1", candidates.get(1).bundleSymbolicName());

        v2.uninstall();
        Await.until("v1 to return", () -> "1.0.0".equals(orchestrators.call("swap", Orchestrator::label)), this::state);
        assertEquals(List.of(ProviderState.ACTIVE), states("swap"));
        v1.uninstall();
    }

    @Test
    void activationFailureIsFailedWithItsReasonWhileOthersWork() throws Exception {
        installer.installBundle("tb/swap-v1.jar", true);
        installer.installBundle("tb/failing.jar", true);
        Await.until(
                "broken to be registered",
                () -> !orchestrators.candidates("broken").isEmpty(),
                this::state);

        OrchardException e = assertThrows(OrchardException.class, () -> orchestrators.get("broken"));
        assertEquals(OrchardException.Category.UNAVAILABLE, e.category());
        List<ProviderInfo> broken = orchestrators.candidates("broken");
        assertEquals(ProviderState.FAILED, broken.get(0).state(), broken::toString);
        String reason = broken.get(0).failureReason().orElseThrow();
        assertTrue(reason.contains("simulated activation failure"), reason);
        assertFalse(orchestrators.names().contains("broken"));

        assertEquals("1.0.0", orchestrators.call("swap", Orchestrator::label), "other providers keep working");
    }

    private List<ProviderState> states(String name) {
        return orchestrators.candidates(name).stream().map(ProviderInfo::state).collect(Collectors.toList());
    }

    private String state() {
        return orchestrators.providers() + " / " + pods.providers();
    }
}
