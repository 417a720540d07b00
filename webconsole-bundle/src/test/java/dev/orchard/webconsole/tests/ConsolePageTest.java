package dev.orchard.webconsole.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderProperties;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * The Orchard page in the real Web Console: behind the console's login, a row per provider candidate with its
 * state, bundle link and escaped failure reason, the chosen provider's volumes, pods and node conditions, typed
 * errors, and the bare fragment the page refreshes itself from.
 */
class ConsolePageTest {
    private static final String PAGE = "/system/console/orchard";
    private static final String INJECTION = "<script>window.owned=1</script>";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 20_000)
    OrchestratorRegistry orchestrators;

    @InjectService(timeout = 20_000)
    PodProviderRegistry pods;

    @Test
    void theConsolesLoginStaysOn() throws Exception {
        Console.await(context, PAGE, r -> r.status() == 200);
        assertEquals(401, Console.get(context, PAGE, null).status());
        assertEquals(401, Console.get(context, PAGE + "/fragment", null).status());
        assertEquals(401, Console.get(context, PAGE, "admin:wrong").status());
        assertEquals(
                401, Console.get(context, PAGE, "admin:admin").status(), "the console's own default opens nothing");
        assertEquals(200, Console.get(context, PAGE, Console.login()).status());
    }

    @Test
    void everyCandidateIsARowWithItsStateBundleLinkAndEscapedReason() {
        ServiceRegistration<Orchestrator> failed = register("mock", 100, INJECTION);
        ServiceRegistration<Orchestrator> shadowed = register("mock", -5, null);
        try {
            Console.Response r = Console.await(
                    context, PAGE + "?provider=mock", p -> p.body().contains("data-state='SHADOWED'"));
            String html = r.body();
            assertTrue(html.contains("data-name='mock' data-kind='ORCHESTRATOR' data-state='ACTIVE'"), html);
            assertTrue(html.contains("data-name='mock' data-kind='POD' data-state='ACTIVE'"), html);
            assertTrue(html.contains("data-state='FAILED'"), html);
            assertTrue(html.contains("&lt;script&gt;window.owned=1&lt;/script&gt;"), html);
            assertFalse(html.contains(INJECTION), "the failure reason is shown as text: " + html);
            long mock = Arrays.stream(context.getBundles())
                    .filter(b -> b.getSymbolicName().equals("dev.orchard.provider.mock"))
                    .mapToLong(Bundle::getBundleId)
                    .findFirst()
                    .orElseThrow();
            assertTrue(html.contains("href='/system/console/bundles/" + mock + "'"), html);
            // The stand-ins registered here belong to the tests bundle: their rows link to it.
            assertTrue(
                    html.contains("href='/system/console/bundles/"
                            + context.getBundle().getBundleId() + "'"),
                    html);
        } finally {
            failed.unregister();
            shadowed.unregister();
        }
    }

    @Test
    void theChosenProvidersVolumesPodsAndNodeAreRows() {
        VolumeProfile volume =
                VolumeProfile.builder().name("console-data").capacity("10Mi").build();
        Pod pod = Pod.of("default", "console-pod", PodSpec.of(Container.of("main", "busybox", "sleep", "60")));
        orchestrators.call("mock", o -> o.storageOps().orElseThrow().addStorage(volume));
        pods.call("mock", p -> {
            p.createPod(pod);
            return null;
        });
        try {
            String html = Console.await(
                            context, PAGE + "?provider=mock", r -> r.body().contains("console-pod"))
                    .body();
            assertTrue(html.contains("<td>default</td><td>console-data</td><td>10Mi</td>"), html);
            assertTrue(html.contains("<td>default</td><td>console-pod</td>"), html);
            assertTrue(html.contains("<td>mock</td><td>Ready</td><td>True</td><td>KubeletReady</td>"), html);
            assertTrue(html.contains("<html"), "the console frames the page");

            Console.Response fragment = Console.await(context, PAGE + "/fragment?provider=mock", r -> true);
            assertEquals(200, fragment.status(), fragment.body());
            assertFalse(fragment.body().contains("<html"), "the fragment is bare: " + fragment.body());
            assertTrue(fragment.body().contains("console-data"), fragment.body());
        } finally {
            orchestrators.call("mock", o -> o.storageOps().orElseThrow().deleteStorage(volume));
            pods.call("mock", p -> {
                p.deletePod("default", "console-pod");
                return null;
            });
        }
    }

    @Test
    void aProviderThatIsNotThereIsATypedErrorNotAStackTrace() {
        String html = Console.await(context, PAGE + "?provider=nobody", r -> r.status() == 200)
                .body();
        assertTrue(html.contains("<strong>NOT_FOUND</strong>: no orchestrator is named &#34;nobody&#34;"), html);
        assertTrue(html.contains("<strong>NOT_FOUND</strong>: no pod provider is named &#34;nobody&#34;"), html);
        String page = html.substring(html.indexOf("<div id='orchard'"));
        assertFalse(page.contains("Exception"), "no exception's name, let alone a stack trace: " + page);
    }

    private ServiceRegistration<Orchestrator> register(String name, int ranking, String failure) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put("service.ranking", ranking);
        if (failure != null) {
            props.put(ProviderProperties.FAILURE, failure);
        }
        return context.registerService(Orchestrator.class, new NoStorage(name), props);
    }

    /** An orchestrator without storage: the page lists it, and never calls it. */
    private record NoStorage(String name) implements Orchestrator {
        @Override
        public String label() {
            return name;
        }

        @Override
        public String region() {
            return "";
        }

        @Override
        public Optional<StorageOps> storageOps() {
            return Optional.empty();
        }
    }
}
