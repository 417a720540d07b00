package dev.orchard.provider.kubernetes.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import dev.orchard.api.provider.RecordingBundleContext;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.provider.kubernetes.cluster.ClusterClient;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import dev.orchard.provider.kubernetes.mapping.NamespaceMapping;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What the provider makes of an API server that refuses, fails or is not there, and of a configuration it cannot
 * use: Orchard's error categories, within the request timeout, and a FAILED instance with the reason.
 */
class FaultsTest {
    private static final String CLAIMS = "/api/v1/namespaces/orchard-prod/persistentvolumeclaims";

    private static VolumeProfile volume() {
        return VolumeProfile.builder()
                .namespace("prod")
                .name("data")
                .capacity("1Gi")
                .build();
    }

    private static KubernetesStorage storage(ClusterClient client) {
        return new KubernetesStorage(client, new NamespaceMapping("orchard-"), new OriginLabels("k8s"), "");
    }

    private static OrchardException refusedWith(int code, String message) {
        try (ApiServer api = new ApiServer();
                ClusterClient client = new ClusterClient(api.settings(Duration.ofSeconds(5)))) {
            api.mock()
                    .expect()
                    .post()
                    .withPath(CLAIMS)
                    .andReturn(
                            code,
                            new StatusBuilder()
                                    .withCode(code)
                                    .withMessage(message)
                                    .withStatus("Failure")
                                    .build())
                    .always();
            return assertThrows(OrchardException.class, () -> storage(client).addStorage(volume()));
        }
    }

    @Test
    void aForbiddenRequestNamesThePermissionTheAccountLacks() {
        OrchardException e = refusedWith(403, "persistentvolumeclaims is forbidden: User \"orchard\" cannot create");
        assertEquals(ProviderFaultException.class, e.getClass());
        assertFalse(e.retryable());
        assertTrue(
                e.getMessage().contains("grant it the verb create on persistentvolumeclaims in namespace orchard-prod"),
                e.getMessage());
    }

    @Test
    void refusedCredentialsAreAProviderFault() {
        OrchardException e = refusedWith(401, "Unauthorized");
        assertEquals(ProviderFaultException.class, e.getClass());
        assertTrue(e.getMessage().contains("refused the provider's credentials (401 Unauthorized)"), e.getMessage());
    }

    @Test
    void anInvalidObjectIsInvalidInputWithTheServersMessage() {
        OrchardException e = refusedWith(422, "spec.resources.requests.storage: must be greater than zero");
        assertEquals(InvalidInputException.class, e.getClass());
        assertTrue(
                e.getMessage().endsWith("spec.resources.requests.storage: must be greater than zero"), e.getMessage());
    }

    @Test
    void aServerErrorIsUnavailableAndRetryable() {
        OrchardException e = refusedWith(503, "etcdserver: request timed out");
        assertEquals(UnavailableException.class, e.getClass());
        assertTrue(e.retryable());
        assertTrue(e.getMessage().contains("(503): etcdserver: request timed out"), e.getMessage());
    }

    @Test
    void anUnreachableServerIsUnavailableWithinTheRequestTimeout() {
        ApiServer api = new ApiServer();
        api.stop(); // nothing listens on its port any more
        try (ClusterClient client = new ClusterClient(api.settings(Duration.ofSeconds(2)))) {
            long start = System.nanoTime();
            UnavailableException e = assertThrows(
                    UnavailableException.class, () -> storage(client).addStorage(volume()));
            assertTrue(e.retryable());
            assertTrue(e.getMessage().contains("could not be reached"), e.getMessage());
            assertTrue(
                    Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(3)) < 0,
                    "failed within the request timeout");
        }
    }

    @Test
    void podReadsBeforeTheFirstListAreUnavailableNotEmpty() {
        ApiServer api = new ApiServer();
        api.stop();
        try (Cluster cluster = new Cluster(api, Duration.ofMillis(500))) {
            UnavailableException e = assertThrows(UnavailableException.class, cluster.pods::getPods);
            assertTrue(e.getMessage().contains("have not been listed yet"), e.getMessage());
            assertThrows(UnavailableException.class, () -> cluster.pods.getPod("prod", "web"));
        }
    }

    @Test
    void noThreadOutlivesTheProviderAfterAnOutage() {
        int threadsBefore = Thread.activeCount();
        ApiServer api = new ApiServer();
        try (TcpProxy proxy = new TcpProxy(api.port());
                Cluster cluster = new Cluster(api, api.settings(proxy.url(), Duration.ofSeconds(2)))) {
            cluster.pods.createPod(PodsTest.pod("prod", "web"));
            proxy.cut();
            assertThrows(UnavailableException.class, () -> cluster.pods.createPod(PodsTest.pod("prod", "down")));
            proxy.restore();
            assertEquals("web", cluster.pods.getPod("prod", "web").name(), "the cache kept what it had");
        }
        // A closed JDK HTTP client's selector thread ends once the client is collected, hence the collections.
        Cluster.await("the provider's threads to end (" + threadsBefore + " before)", Duration.ofSeconds(30), () -> {
            System.gc();
            return Thread.activeCount() <= threadsBefore;
        });
    }

    @Test
    void aConfigurationThatNamesNoClusterPublishesAFailedInstanceWithTheReason() {
        assertFailed(Map.of("name", "prod"), "kubeconfig");
        assertFailed(Map.of("name", "prod", "master.url", "ftp://127.0.0.1:1"), "master.url");
        assertFailed(Map.of("name", "prod", "master.url", "http://127.0.0.1:1", "trust.certs", "yes"), "trust.certs");
        assertFailed(Map.of("name", "prod", "kubeconfig", "/nonexistent/kubeconfig"), "/nonexistent/kubeconfig");
    }

    private static void assertFailed(Map<String, Object> properties, String named) {
        RecordingBundleContext framework = new RecordingBundleContext();
        Supplier<ProviderPublication> publish = () -> ProviderPublication.publish(
                framework.context(),
                ProviderConfiguration.of(properties, KubernetesConfiguration.class, ""),
                KubernetesInstance.CONTRACTS,
                c -> KubernetesInstance.services(c, null));
        ProviderPublication publication = publish.get();
        try {
            var failed = framework.only(Orchestrator.class);
            assertEquals("prod", failed.property(ProviderProperties.NAME));
            String reason = String.valueOf(failed.property(ProviderProperties.FAILURE));
            assertTrue(reason.contains(named), properties + " -> " + reason);
            assertTrue(failed.contracts().contains(PodProvider.class.getName()), "FAILED under every contract");
        } finally {
            publication.close();
        }
    }
}
