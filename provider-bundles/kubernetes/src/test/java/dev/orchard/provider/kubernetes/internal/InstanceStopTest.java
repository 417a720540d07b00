package dev.orchard.provider.kubernetes.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.provider.kubernetes.internal.pods.KubernetesPods;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a provider instance leaves behind once it stops: nothing. Stopping, updating or uninstalling its bundle, and
 * deleting or changing its configuration, all deactivate its component, which closes its publication: the
 * registrations go, the watch closes, and the threads of the client and the informer end.
 */
class InstanceStopTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    @Test
    void closingThePublicationUnregistersAndEndsTheClientsThreads() {
        ApiServer api = new ApiServer();
        try (TcpProxy proxy = new TcpProxy(api.port())) {
            ClientThreads before = ClientThreads.once(1, WAIT); // the server's client of the test's own
            ClientThreads serving = serveThenStop(new RecordingBundleContext(), proxy);
            // The JDK HTTP client has no close of its own (Java 17): its selector thread ends once it is collected, as
            // a removed bundle's instance is, nothing holding it any more; an open watch would hold it for good.
            ClientThreads[] after = {null};
            Cluster.await("the instance's threads to end (" + before + " before)", WAIT, () -> {
                after[0] = ClientThreads.collected();
                return after[0].clients() <= before.clients();
            });
            System.out.printf("client threads: before %s; serving %s; after %s%n", before, serving, after[0]);
        } finally {
            api.close();
        }
    }

    // Publishes an instance, uses it, and closes its publication as its component's deactivation does. Nothing of it
    // is held once this returns, as nothing is in a framework once the bundle is gone.
    private static ClientThreads serveThenStop(RecordingBundleContext framework, TcpProxy proxy) {
        ProviderPublication publication = ProviderPublication.publish(
                framework.context(),
                ProviderConfiguration.of(
                        Map.of("name", "prod", "master.url", proxy.url(), "request.timeout.ms", "5000"),
                        KubernetesConfiguration.class,
                        ""),
                KubernetesInstance.CONTRACTS,
                c -> KubernetesInstance.services(c, null));
        PodProvider pods = (PodProvider) framework.only(PodProvider.class).service();
        pods.createPod(PodsTest.pod("prod", "web"));
        assertEquals("web", pods.getPod("prod", "web").name(), "the instance served, from its informer");
        Cluster.await("the pod watch to connect", WAIT, () -> ((KubernetesPods) pods).watching());
        ClientThreads serving = ClientThreads.now();
        assertTrue(proxy.openConnections() > 0, "the instance had connections: " + proxy);

        publication.close();
        assertTrue(framework.only(Orchestrator.class).unregistered(), "the orchestrator is unregistered");
        assertTrue(framework.only(PodProvider.class).unregistered(), "the pods are unregistered");
        return serving;
    }
}
