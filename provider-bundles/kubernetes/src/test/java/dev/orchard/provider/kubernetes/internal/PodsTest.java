package dev.orchard.provider.kubernetes.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.ConfigMapSource;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerPort;
import dev.orchard.api.pod.EmptyDirSource;
import dev.orchard.api.pod.EnvKeyRef;
import dev.orchard.api.pod.HttpGetAction;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Probe;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.SecretSource;
import dev.orchard.api.pod.TaintEffect;
import dev.orchard.api.pod.TcpSocketAction;
import dev.orchard.api.pod.Toleration;
import dev.orchard.api.pod.TolerationOperator;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pods offloaded into a mock API server: manifests, the cache, notifications, updates and deletes. */
class PodsTest {
    private final Cluster cluster = new Cluster();

    @AfterEach
    void close() {
        cluster.close();
    }

    static Container web() {
        return Container.of("web", "nginx:1.27", "nginx", "-g", "daemon off;");
    }

    static Pod pod(String ns, String name) {
        return new Pod(
                new ObjectMeta(name, ns, "", Map.of("app", "web"), Map.of("note", "hi"), null),
                new PodSpec(List.of(web()), List.of(), RestartPolicy.ALWAYS, 7, "virtual-node-1"),
                null);
    }

    @Test
    void createPutsThePodInTheMappedNamespaceMarkedWithItsOrigin() {
        cluster.pods.createPod(pod("prod", "web"));
        var p = cluster.clusterPod("prod", "web");
        assertEquals("orchard-prod", p.getMetadata().getNamespace());
        Map<String, String> labels = p.getMetadata().getLabels();
        assertEquals("web", labels.get("app"));
        assertEquals("k8s", labels.get(OriginLabels.PROVIDER));
        assertEquals("prod", labels.get(OriginLabels.NAMESPACE));
        assertEquals("web", labels.get(OriginLabels.NAME));
        assertEquals("orchard", labels.get(OriginLabels.MANAGED_BY));
        assertNull(p.getSpec().getNodeName(), "the target cluster's scheduler places the pod, not Orchard's node");
        assertEquals(7L, p.getSpec().getTerminationGracePeriodSeconds());

        Pod read = cluster.pods.getPod("prod", "web");
        assertEquals("virtual-node-1", read.spec().nodeName(), "Orchard's node name comes back as given");
        assertEquals(Map.of("app", "web"), read.metadata().labels(), "the origin is hidden");
        assertEquals(Map.of("note", "hi"), read.metadata().annotations());
        assertFalse(read.metadata().uid().isBlank());
        assertEquals(PodPhase.PENDING, read.status().phase(), "no kubelet has written a status yet");
        assertThrows(AlreadyExistsException.class, () -> cluster.pods.createPod(pod("prod", "web")));
    }

    @Test
    void aMountOfAClaimTheProviderDoesNotHoldIsNotFoundAndCreatesNothing() {
        Container web = new Container(
                "web",
                "nginx:1.27",
                List.of(),
                List.of(),
                Map.of(),
                "",
                List.of(new VolumeMount("data", "/data", false)),
                null);
        PodSpec spec = new PodSpec(List.of(web), List.of(new PodVolume("data", "nobody")), RestartPolicy.ALWAYS, 7, "");
        NotFoundException e =
                assertThrows(NotFoundException.class, () -> cluster.pods.createPod(Pod.of("prod", "orphan", spec)));
        assertTrue(e.getMessage().contains("prod/nobody"), e.getMessage());
        assertNull(cluster.clusterPod("prod", "orphan"), "no pod reached the cluster");
    }

    @Test
    void aDeploymentsPodComesBackAsGiven() {
        Container app = new Container(
                        "app",
                        "registry.example/app:2",
                        List.of("/app"),
                        List.of("--port", "8080"),
                        Map.of("MODE", "prod"),
                        "/srv",
                        List.of(
                                new VolumeMount("data", "/data", false),
                                new VolumeMount("cache", "/cache", false),
                                new VolumeMount("config", "/etc/app", true),
                                new VolumeMount("creds", "/etc/creds", true)),
                        Resources.of("250m", "128Mi", null))
                .withResources(Resources.of("250m", "128Mi", null), Resources.of("1", "256Mi", null))
                .withPorts(List.of(new ContainerPort("http", 8080, null)))
                .withEnvKeyRefs(Map.of(
                        "DB_PASSWORD", new EnvKeyRef(EnvKeyRef.Source.SECRET, "db", "password", false),
                        "LEVEL", new EnvKeyRef(EnvKeyRef.Source.CONFIG_MAP, "settings", "level", true)))
                .withProbes(
                        Probe.of(new HttpGetAction("/healthz", 8080, false)),
                        new Probe(new TcpSocketAction(8080), 5, 2, 1, 1, 3));
        Container migrate = new Container(
                "migrate", "registry.example/migrate:2", List.of("migrate"), null, null, null, null, null);
        PodSpec spec = new PodSpec(
                List.of(app),
                List.of(
                        new PodVolume("data", "data"),
                        new PodVolume("cache", new EmptyDirSource(true, 64L << 20)),
                        new PodVolume("config", new ConfigMapSource("settings", true)),
                        new PodVolume("creds", new SecretSource("db", false))),
                RestartPolicy.ON_FAILURE,
                30,
                "",
                List.of(migrate),
                Map.of("disktype", "ssd"),
                List.of(
                        Toleration.exists("virtual-kubelet.io/provider"),
                        new Toleration("dedicated", TolerationOperator.EQUAL, "db", TaintEffect.NO_EXECUTE, 60)));
        cluster.storage.addStorage(VolumeProfile.builder()
                .namespace("prod")
                .name("data")
                .capacity("1Gi")
                .build());
        cluster.pods.createPod(Pod.of("prod", "app", spec));

        assertEquals(spec, cluster.pods.getPod("prod", "app").spec());
        var k = cluster.clusterPod("prod", "app").getSpec();
        assertEquals(
                "data", k.getVolumes().get(0).getPersistentVolumeClaim().getClaimName(), "the claim of the same name");
        assertEquals("Memory", k.getVolumes().get(1).getEmptyDir().getMedium());
        assertEquals(
                "1",
                k.getContainers().get(0).getResources().getLimits().get("cpu").getAmount());
        assertEquals("migrate", k.getInitContainers().get(0).getName());
        assertEquals("NoExecute", k.getTolerations().get(1).getEffect());
        var password = k.getContainers().get(0).getEnv().stream()
                .filter(e -> e.getName().equals("DB_PASSWORD"))
                .findFirst()
                .orElseThrow();
        assertEquals("password", password.getValueFrom().getSecretKeyRef().getKey());
        assertEquals("db", password.getValueFrom().getSecretKeyRef().getName());
    }

    @Test
    void readsComeFromTheCacheNotTheApiServer() {
        cluster.pods.createPod(pod("prod", "web"));
        int before = cluster.api.mock().getRequestCount();
        for (int i = 0; i < 100; i++) {
            cluster.pods.getPod("prod", "web");
            cluster.pods.getPodStatus("prod", "web");
            cluster.pods.getPods();
        }
        assertEquals(before, cluster.api.mock().getRequestCount(), "300 reads made no request");
    }

    @Test
    void aStatusWrittenIntoTheServerShowsAndIsNotified() throws Exception {
        BlockingQueue<Pod> notified = new LinkedBlockingQueue<>();
        cluster.pods.notifyPods(notified::add);
        cluster.pods.createPod(pod("prod", "web"));
        cluster.run("prod", "web");
        Cluster.await("Running", () -> cluster.pods.getPodStatus("prod", "web").phase() == PodPhase.RUNNING);
        var status = cluster.pods.getPodStatus("prod", "web");
        assertEquals("10.244.1.9", status.podIp());
        assertEquals("192.168.0.7", status.hostIp());
        assertTrue(status.condition("Ready").orElseThrow().status());
        assertTrue(status.containerStatuses().get(0).ready());
        Pod last = null;
        for (Pod p = notified.poll(5, TimeUnit.SECONDS); p != null; p = notified.poll(1, TimeUnit.SECONDS)) {
            last = p;
            if (p.status().phase() == PodPhase.RUNNING) {
                break;
            }
        }
        assertEquals(PodPhase.RUNNING, last.status().phase(), "the informer fed notifyPods");
    }

    @Test
    void updateChangesLabelsAnnotationsImagesAndAddedTolerationsOnly() {
        cluster.pods.createPod(pod("prod", "web"));
        Pod current = cluster.pods.getPod("prod", "web");
        Container newer = current.spec().containers().get(0).withImage("nginx:1.28");
        PodSpec spec = current.spec()
                .withContainers(List.of(newer), List.of())
                .withScheduling(Map.of(), List.of(Toleration.exists("spot")));
        cluster.pods.updatePod(new Pod(
                new ObjectMeta("web", "prod", "", Map.of("app", "web", "version", "2"), Map.of(), null), spec, null));
        Pod updated = cluster.pods.getPod("prod", "web");
        assertEquals("2", updated.metadata().labels().get("version"), "read right after the update");
        assertEquals("nginx:1.28", updated.spec().containers().get(0).image());
        assertEquals(current.metadata().uid(), updated.metadata().uid());
        assertEquals("virtual-node-1", updated.spec().nodeName(), "the provider's own annotation survives");

        Container otherCommand = new Container("web", "nginx:1.28", List.of("sh"), null, null, null, null, null);
        InvalidInputException e = assertThrows(
                InvalidInputException.class,
                () -> cluster.pods.updatePod(
                        new Pod(updated.metadata(), spec.withContainers(List.of(otherCommand), List.of()), null)));
        assertTrue(
                e.getMessage().startsWith("spec.containers[web].command of pod prod/web cannot change"),
                e.getMessage());
        InvalidInputException grace = assertThrows(
                InvalidInputException.class,
                () -> cluster.pods.updatePod(new Pod(
                        updated.metadata(),
                        new PodSpec(
                                spec.containers(),
                                List.of(),
                                RestartPolicy.ALWAYS,
                                99,
                                "virtual-node-1",
                                null,
                                null,
                                spec.tolerations()),
                        null)));
        assertTrue(grace.getMessage().startsWith("spec.terminationGracePeriodSeconds"), grace.getMessage());
        InvalidInputException removed = assertThrows(
                InvalidInputException.class,
                () -> cluster.pods.updatePod(
                        new Pod(updated.metadata(), spec.withScheduling(Map.of(), List.of()), null)));
        assertTrue(removed.getMessage().startsWith("spec.tolerations"), removed.getMessage());
        assertThrows(NotFoundException.class, () -> cluster.pods.updatePod(pod("prod", "absent")));
    }

    @Test
    void deleteUsesTheGracePeriodNotifiesTheEndAndASecondDeleteIsNotFound() throws Exception {
        BlockingQueue<Pod> notified = new LinkedBlockingQueue<>();
        cluster.pods.notifyPods(notified::add);
        cluster.pods.createPod(pod("prod", "web"));
        cluster.run("prod", "web");
        Cluster.await("Running", () -> cluster.pods.getPodStatus("prod", "web").phase() == PodPhase.RUNNING);
        while (cluster.api.mock().takeRequest(10, TimeUnit.MILLISECONDS) != null) {
            // forget the requests so far
        }
        cluster.pods.deletePod("prod", "web");
        RecordedRequest delete = cluster.api.mock().takeRequest(5, TimeUnit.SECONDS);
        while (!delete.getMethod().equals("DELETE")) {
            delete = cluster.api.mock().takeRequest(5, TimeUnit.SECONDS);
        }
        assertTrue(delete.getBody().readUtf8().contains("\"gracePeriodSeconds\":7"), "the pod's grace period");
        Cluster.await("gone", () -> cluster.pods.getPods().isEmpty());
        assertThrows(NotFoundException.class, () -> cluster.pods.deletePod("prod", "web"));
        assertThrows(NotFoundException.class, () -> cluster.pods.getPod("prod", "web"));
        Pod end = null;
        for (Pod p = notified.poll(5, TimeUnit.SECONDS); p != null; p = notified.poll(1, TimeUnit.SECONDS)) {
            end = p;
            if (p.status().phase() == PodPhase.SUCCEEDED) {
                break;
            }
        }
        assertEquals(PodPhase.SUCCEEDED, end.status().phase(), "a deleted pod's last notification is terminal");
        assertEquals("Deleted", end.status().reason());
    }

    @Test
    void podsOfOtherProvidersAndUsersAreNotSeen() {
        var foreign = new io.fabric8.kubernetes.api.model.PodBuilder()
                .withNewMetadata()
                .withName("foreign")
                .withNamespace("orchard-prod")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("c")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build();
        cluster.api
                .client()
                .pods()
                .inNamespace("orchard-prod")
                .resource(foreign)
                .create();
        cluster.pods.createPod(pod("prod", "web"));
        assertEquals(
                List.of("web"), cluster.pods.getPods().stream().map(Pod::name).toList());
        assertThrows(NotFoundException.class, () -> cluster.pods.getPod("prod", "foreign"));
    }

    @Test
    void whatKubernetesCannotRunIsRefusedBeforeAnyRequest() {
        Pod imageless = Pod.of("prod", "x", PodSpec.of(Container.of("c", "", "true")));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> cluster.pods.createPod(imageless));
        assertEquals("container \"c\" has no image; a Kubernetes cluster runs images only", e.getMessage());
        Pod owned = new Pod(
                new ObjectMeta("x", "prod", "", Map.of("orchard.dev/name", "y"), Map.of(), null),
                PodSpec.of(web()),
                null);
        assertThrows(InvalidInputException.class, () -> cluster.pods.createPod(owned));
        assertTrue(cluster.pods.getPods().isEmpty());
    }
}
