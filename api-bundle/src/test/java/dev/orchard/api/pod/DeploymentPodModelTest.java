package dev.orchard.api.pod;

import static dev.orchard.api.InvalidInput.assertInvalidInput;
import static dev.orchard.api.InvalidInput.assertInvalidInputContaining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.UnsupportedException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The 1.1 model: what a typical Deployment's pod carries, validated as Kubernetes validates it. */
class DeploymentPodModelTest {
    private static final Container WEB = Container.of("web", "nginx:1.27", "nginx");

    @Test
    void theOneZeroConstructorsMeanWhatTheyMeant() {
        Container c = new Container("c", "img", List.of("run"), List.of(), Map.of("A", "1"), "", List.of(), null);
        assertEquals(Resources.NONE, c.limits());
        assertEquals(List.of(), c.ports());
        assertEquals(Map.of(), c.envKeyRefs());
        assertNull(c.livenessProbe());
        assertNull(c.readinessProbe());
        PodSpec spec = new PodSpec(List.of(c), List.of(new PodVolume("data", "vol")), null, 5, null);
        assertEquals(List.of(), spec.initContainers());
        assertEquals(Map.of(), spec.nodeSelector());
        assertEquals(List.of(), spec.tolerations());
        assertEquals(Set.of(), spec.features(), "a 1.0 spec uses no 1.1 feature");
        assertEquals("vol", spec.volumes().get(0).claimName());
        assertEquals(new ClaimSource("vol"), spec.volumes().get(0).source());
        PodStatus status = new PodStatus(PodPhase.RUNNING, null, null, "10.0.0.1", "10.1.0.1", null, List.of());
        assertEquals(List.of(), status.conditions());
        assertEquals(List.of(), status.initContainerStatuses());
    }

    @Test
    void portsAreValidatedAndUnique() {
        assertEquals(Protocol.TCP, new ContainerPort("http", 80, null).protocol());
        assertInvalidInput("container port 0 must be between 1 and 65535", () -> ContainerPort.tcp(0));
        assertInvalidInput("container port 65536 must be between 1 and 65535", () -> ContainerPort.tcp(65536));
        assertInvalidInputContaining(() -> new ContainerPort("HTTP", 80, Protocol.TCP), "port name \"HTTP\"");
        assertInvalidInputContaining(() -> new ContainerPort("8080", 80, Protocol.TCP), "at least one letter");
        assertInvalidInputContaining(() -> new ContainerPort("a-very-long-name", 80, null), "at most 15");
        assertInvalidInput(
                "container \"web\" lists port 80/TCP twice",
                () -> WEB.withPorts(List.of(ContainerPort.tcp(80), new ContainerPort("http", 80, Protocol.TCP))));
        WEB.withPorts(List.of(ContainerPort.tcp(53), new ContainerPort("dns", 53, Protocol.UDP)));
        assertInvalidInput(
                "container \"web\" names two ports \"http\"",
                () -> WEB.withPorts(List.of(new ContainerPort("http", 80, null), new ContainerPort("http", 81, null))));
    }

    @Test
    void requestsMustNotExceedLimits() {
        Container c = WEB.withResources(Resources.of("250m", "64Mi", null), Resources.of("500m", "128Mi", null));
        assertEquals(500, c.limits().cpuMillis());
        WEB.withResources(Resources.of("2", null, null), Resources.of(null, "128Mi", null)); // no cpu limit
        assertInvalidInputContaining(
                () -> WEB.withResources(Resources.of("2", null, null), Resources.of("1", null, null)),
                "container \"web\" requests",
                "a request must not exceed its limit");
    }

    @Test
    void probesValidateTheirActionAndTiming() {
        Probe http = Probe.of(new HttpGetAction("/healthz", 8080, false));
        assertEquals(10, http.periodSeconds());
        assertEquals("/", new HttpGetAction("", 80, true).path());
        assertInvalidInputContaining(() -> new HttpGetAction("healthz", 80, false), "must start with '/'");
        assertInvalidInputContaining(() -> new HttpGetAction("/a b", 80, false), "no spaces");
        assertInvalidInput("TCP probe port 0 must be between 1 and 65535", () -> new TcpSocketAction(0));
        assertInvalidInput("an exec probe needs a command", () -> new ExecAction(List.of()));
        assertInvalidInput(
                "probe periodSeconds 0 must be at least 1", () -> new Probe(new TcpSocketAction(80), 0, 0, 1, 1, 3));
        assertInvalidInput(
                "probe initialDelaySeconds -1 must be 0 or more",
                () -> new Probe(new TcpSocketAction(80), -1, 1, 1, 1, 3));
        assertEquals(http, WEB.withProbes(http, null).livenessProbe());
    }

    @Test
    void envVariablesFromKeysAreValidated() {
        EnvKeyRef ref = new EnvKeyRef(EnvKeyRef.Source.SECRET, "db-credentials", "password", false);
        Container c = WEB.withEnvKeyRefs(Map.of("DB_PASSWORD", ref));
        assertEquals(ref, c.envKeyRefs().get("DB_PASSWORD"));
        assertInvalidInputContaining(() -> WEB.withEnvKeyRefs(Map.of("1X", ref)), "environment variable name \"1X\"");
        assertInvalidInputContaining(
                () -> new EnvKeyRef(EnvKeyRef.Source.CONFIG_MAP, "Bad_Name", "k", false), "config map name");
        assertInvalidInputContaining(
                () -> new EnvKeyRef(EnvKeyRef.Source.CONFIG_MAP, "settings", "a/b", false), "key \"a/b\"");
        Container both = new Container(
                "both", "i", null, null, Map.of("X", "1"), null, null, null, null, null, null, null, null);
        assertInvalidInput(
                "environment variable \"X\" of container \"both\" has both a value and a key reference; give one",
                () -> both.withEnvKeyRefs(Map.of("X", ref)));
    }

    @Test
    void volumeSourcesAreValidated() {
        assertEquals("", new PodVolume("scratch", new EmptyDirSource(true, 0)).claimName());
        assertInvalidInputContaining(() -> new EmptyDirSource(false, -1), "must be 0 (none) or more");
        assertInvalidInputContaining(() -> new ConfigMapSource("", false), "config map name \"\"");
        assertInvalidInputContaining(() -> new SecretSource("UPPER", false), "secret name \"UPPER\"");
        assertInvalidInputContaining(() -> new ClaimSource("a.b"), "volume claim name \"a.b\"");
        new ConfigMapSource("app.settings", true);
    }

    @Test
    void initContainersShareTheNameSpaceAndTakeNoProbes() {
        Container init = Container.of("migrate", "flyway", "migrate");
        PodSpec spec = PodSpec.of(WEB).withContainers(List.of(WEB), List.of(init));
        assertEquals(List.of(init), spec.initContainers());
        assertInvalidInput(
                "container name \"web\" is used twice",
                () -> PodSpec.of(WEB).withContainers(List.of(WEB), List.of(WEB.withImage("other"))));
        Container probed = init.withProbes(Probe.of(new TcpSocketAction(1)), null);
        assertInvalidInputContaining(
                () -> PodSpec.of(WEB).withContainers(List.of(WEB), List.of(probed)), "init container \"migrate\"");
    }

    @Test
    void initContainersCountAsKubernetesCountsThem() {
        Container big = Container.of("init", "i").withResources(Resources.of("4", "1Gi", null), null);
        Container small = WEB.withResources(Resources.of("1", "2Gi", null), null);
        Resources total =
                PodSpec.of(small).withContainers(List.of(small), List.of(big)).totalRequests();
        assertEquals(new Resources(4000, 2L << 30, 1), total, "max(init) per dimension beside sum(containers)");
    }

    @Test
    void tolerationsFollowKubernetesRules() {
        Toleration t = new Toleration("dedicated", null, "gpu", TaintEffect.NO_SCHEDULE, -1);
        assertEquals(TolerationOperator.EQUAL, t.operator());
        assertEquals("", Toleration.exists("virtual-kubelet.io/provider").value());
        assertInvalidInput(
                "a toleration with an empty key must use the operator EXISTS",
                () -> new Toleration("", TolerationOperator.EQUAL, "", null, -1));
        new Toleration("", TolerationOperator.EXISTS, "", null, -1); // tolerates everything
        assertInvalidInputContaining(
                () -> new Toleration("k", TolerationOperator.EXISTS, "v", null, -1), "must have no value");
        assertInvalidInput(
                "tolerationSeconds applies only to the effect NO_EXECUTE, not NO_SCHEDULE",
                () -> new Toleration("k", null, "v", TaintEffect.NO_SCHEDULE, 30));
        assertInvalidInputContaining(() -> new Toleration("bad key!", null, "v", null, -1), "toleration key");
    }

    @Test
    void nodeSelectorIsALabelMap() {
        PodSpec spec = PodSpec.of(WEB).withScheduling(Map.of("kubernetes.io/os", "linux"), null);
        assertEquals(Set.of(PodFeature.NODE_SELECTOR), spec.features());
        assertInvalidInputContaining(
                () -> PodSpec.of(WEB).withScheduling(Map.of("zone", "not valid!"), null), "node selector value");
    }

    @Test
    void conditionsAreLookedUpByType() {
        PodCondition ready = new PodCondition(PodCondition.READY, true, null, null, Instant.EPOCH);
        PodStatus status = PodStatus.NONE.withConditions(List.of(ready));
        assertEquals(ready, status.condition("Ready").orElseThrow());
        assertTrue(status.condition(PodCondition.INITIALIZED).isEmpty());
        assertEquals(List.of(ready), status.withPhase(PodPhase.RUNNING).conditions(), "withPhase keeps conditions");
        assertInvalidInput("pod condition type must not be empty", () -> new PodCondition(" ", true, "", "", null));
    }

    @Test
    void featuresNameEveryFieldBeyondOneZero() {
        Container full = WEB.withPorts(List.of(ContainerPort.tcp(80)))
                .withResources(Resources.NONE, Resources.of("1", null, null))
                .withProbes(null, Probe.of(new TcpSocketAction(80)))
                .withEnvKeyRefs(Map.of("K", new EnvKeyRef(EnvKeyRef.Source.CONFIG_MAP, "c", "k", true)));
        PodSpec spec = PodSpec.of(full)
                .withContainers(List.of(full), List.of(Container.of("init", "i")))
                .withVolumes(List.of(
                        new PodVolume("a", new EmptyDirSource(false, 0)),
                        new PodVolume("b", new ConfigMapSource("c", false)),
                        new PodVolume("s", new SecretSource("s", false)),
                        new PodVolume("d", "claim")))
                .withScheduling(Map.of("k", "v"), List.of(Toleration.exists("k")));
        assertEquals(EnumSet.allOf(PodFeature.class), EnumSet.copyOf(spec.features()));
    }

    @Test
    void aProviderRefusesWhatItCannotHonourByName() {
        Pod pod =
                Pod.of("prod", "web", PodSpec.of(WEB).withContainers(List.of(WEB), List.of(Container.of("init", "i"))));
        PodFeature.requireHonoured(pod, EnumSet.of(PodFeature.INIT_CONTAINERS), "the test provider");
        UnsupportedException e = assertThrows(
                UnsupportedException.class, () -> PodFeature.requireHonoured(pod, Set.of(), "the test provider"));
        assertEquals(
                "the test provider cannot honour spec.initContainers of pod prod/web; remove it, or run the pod on a"
                        + " provider that can",
                e.getMessage());
        PodFeature.requireHonoured(Pod.of("prod", "plain", PodSpec.of(WEB)), Set.of(), "the test provider");
    }
}
