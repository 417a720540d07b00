package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.ClaimSource;
import dev.orchard.api.pod.ConfigMapSource;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.EmptyDirSource;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.SecretSource;
import dev.orchard.api.pod.TaintEffect;
import dev.orchard.api.pod.Toleration;
import dev.orchard.api.pod.TolerationOperator;
import io.fabric8.kubernetes.api.model.ConfigMapVolumeSource;
import io.fabric8.kubernetes.api.model.EmptyDirVolumeSource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimVolumeSource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.SecretVolumeSource;
import io.fabric8.kubernetes.api.model.Volume;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pod's metadata and spec as Kubernetes writes them, and back: containers, init containers, volumes (claims of
 * the same names, emptyDir, config maps, secrets), restart policy, grace period, node selector and tolerations.
 *
 * <p>Orchard's {@code nodeName} is not the target cluster's (its scheduler places the pod), so it travels in an
 * annotation and comes back from it.
 */
public final class PodManifest {
    /** The annotation that keeps Orchard's node name. */
    public static final String NODE_NAME = OriginLabels.OWN_PREFIX + "node-name";

    private PodManifest() {}

    /**
     * The Kubernetes pod of an Orchard pod.
     *
     * @param pod the Orchard pod
     * @param clusterNamespace where it goes
     * @param origin the labels marking what the provider made
     * @return the Kubernetes pod, with no status
     * @throws InvalidInputException if the pod uses a key the provider owns or has a container without an image
     */
    public static io.fabric8.kubernetes.api.model.Pod toKubernetes(
            Pod pod, String clusterNamespace, OriginLabels origin) {
        NamespacedName key = new NamespacedName(pod.namespace(), pod.name());
        OriginLabels.requireNoneOwned("annotations", pod.metadata().annotations());
        Map<String, String> annotations = new HashMap<>(pod.metadata().annotations());
        PodSpec spec = pod.spec();
        if (!spec.nodeName().isEmpty()) {
            annotations.put(NODE_NAME, spec.nodeName());
        }
        PodBuilder b = new PodBuilder()
                .withNewMetadata()
                .withName(pod.name())
                .withNamespace(clusterNamespace)
                .withLabels(origin.mark(key, pod.metadata().labels()))
                .withAnnotations(annotations.isEmpty() ? null : annotations)
                .endMetadata()
                .withNewSpec()
                .withRestartPolicy(restartPolicy(spec.restartPolicy()))
                .withTerminationGracePeriodSeconds(spec.terminationGracePeriodSeconds())
                .withNodeSelector(spec.nodeSelector().isEmpty() ? null : spec.nodeSelector())
                .endSpec();
        for (Container c : spec.initContainers()) {
            b.editSpec().addToInitContainers(ContainerManifest.toKubernetes(c)).endSpec();
        }
        for (Container c : spec.containers()) {
            b.editSpec().addToContainers(ContainerManifest.toKubernetes(c)).endSpec();
        }
        for (PodVolume v : spec.volumes()) {
            b.editSpec().addToVolumes(volume(v)).endSpec();
        }
        for (Toleration t : spec.tolerations()) {
            b.editSpec().addToTolerations(toleration(t)).endSpec();
        }
        return b.build();
    }

    /**
     * The Orchard spec of a Kubernetes pod.
     *
     * @param pod the Kubernetes pod
     * @return the spec
     * @throws InvalidInputException if the pod uses what Orchard's model cannot hold
     */
    public static PodSpec spec(io.fabric8.kubernetes.api.model.Pod pod) {
        var s = pod.getSpec();
        List<Container> containers = new ArrayList<>();
        ContainerManifest.nonNull(s.getContainers()).forEach(c -> containers.add(ContainerManifest.toOrchard(c)));
        List<Container> init = new ArrayList<>();
        ContainerManifest.nonNull(s.getInitContainers()).forEach(c -> init.add(ContainerManifest.toOrchard(c)));
        List<PodVolume> volumes = new ArrayList<>();
        ContainerManifest.nonNull(s.getVolumes()).forEach(v -> volumes.add(volume(v)));
        List<Toleration> tolerations = new ArrayList<>();
        ContainerManifest.nonNull(s.getTolerations()).forEach(t -> tolerations.add(toleration(t)));
        Map<String, String> annotations = pod.getMetadata().getAnnotations();
        return new PodSpec(
                containers,
                volumes,
                restartPolicy(s.getRestartPolicy()),
                s.getTerminationGracePeriodSeconds() == null
                        ? PodSpec.DEFAULT_GRACE_PERIOD_SECONDS
                        : s.getTerminationGracePeriodSeconds(),
                annotations == null ? "" : annotations.getOrDefault(NODE_NAME, ""),
                init,
                s.getNodeSelector(),
                tolerations);
    }

    private static String restartPolicy(RestartPolicy p) {
        return switch (p) {
            case ALWAYS -> "Always";
            case ON_FAILURE -> "OnFailure";
            case NEVER -> "Never";
        };
    }

    private static RestartPolicy restartPolicy(String p) {
        if (p == null || p.equals("Always")) {
            return RestartPolicy.ALWAYS;
        }
        return p.equals("OnFailure") ? RestartPolicy.ON_FAILURE : RestartPolicy.NEVER;
    }

    private static Volume volume(PodVolume v) {
        Volume k = new Volume();
        k.setName(v.name());
        if (v.source() instanceof ClaimSource c) {
            k.setPersistentVolumeClaim(new PersistentVolumeClaimVolumeSource(c.claimName(), null));
        } else if (v.source() instanceof EmptyDirSource e) {
            k.setEmptyDir(new EmptyDirVolumeSource(
                    e.memory() ? "Memory" : null,
                    e.sizeLimitBytes() > 0 ? Quantities.ofBytes(e.sizeLimitBytes()) : null));
        } else if (v.source() instanceof ConfigMapSource c) {
            k.setConfigMap(new ConfigMapVolumeSource(null, null, c.name(), c.optional() ? Boolean.TRUE : null));
        } else if (v.source() instanceof SecretSource s) {
            k.setSecret(new SecretVolumeSource(null, null, s.optional() ? Boolean.TRUE : null, s.secretName()));
        }
        return k;
    }

    private static PodVolume volume(Volume k) {
        if (k.getPersistentVolumeClaim() != null) {
            return new PodVolume(k.getName(), k.getPersistentVolumeClaim().getClaimName());
        }
        if (k.getEmptyDir() != null) {
            EmptyDirVolumeSource e = k.getEmptyDir();
            return new PodVolume(
                    k.getName(),
                    new EmptyDirSource(
                            "Memory".equals(e.getMedium()), Quantities.bytes("sizeLimit", e.getSizeLimit())));
        }
        if (k.getConfigMap() != null) {
            ConfigMapVolumeSource c = k.getConfigMap();
            return new PodVolume(k.getName(), new ConfigMapSource(c.getName(), Boolean.TRUE.equals(c.getOptional())));
        }
        if (k.getSecret() != null) {
            SecretVolumeSource s = k.getSecret();
            return new PodVolume(
                    k.getName(), new SecretSource(s.getSecretName(), Boolean.TRUE.equals(s.getOptional())));
        }
        throw new InvalidInputException("pod volume " + k.getName()
                + " is of a kind Orchard's pod model does not hold (e.g. a projected token)");
    }

    public static io.fabric8.kubernetes.api.model.Toleration toleration(Toleration t) {
        return new io.fabric8.kubernetes.api.model.Toleration(
                t.effect() == null ? null : effect(t.effect()),
                t.key().isEmpty() ? null : t.key(),
                t.operator() == TolerationOperator.EXISTS ? "Exists" : "Equal",
                t.tolerationSeconds() < 0 ? null : t.tolerationSeconds(),
                t.value().isEmpty() ? null : t.value());
    }

    private static Toleration toleration(io.fabric8.kubernetes.api.model.Toleration k) {
        TolerationOperator op = "Exists".equals(k.getOperator()) ? TolerationOperator.EXISTS : TolerationOperator.EQUAL;
        TaintEffect effect = null;
        for (TaintEffect e : TaintEffect.values()) {
            effect = effect(e).equals(k.getEffect()) ? e : effect;
        }
        return new Toleration(
                k.getKey(), op, k.getValue(), effect, k.getTolerationSeconds() == null ? -1 : k.getTolerationSeconds());
    }

    private static String effect(TaintEffect e) {
        return switch (e) {
            case NO_SCHEDULE -> "NoSchedule";
            case PREFER_NO_SCHEDULE -> "PreferNoSchedule";
            case NO_EXECUTE -> "NoExecute";
        };
    }

    /**
     * The Orchard metadata of a Kubernetes pod: its Orchard namespace and name, with the provider's labels and
     * annotations hidden.
     *
     * @param meta the pod's metadata
     * @param key its Orchard namespace and name
     * @return the metadata
     */
    public static dev.orchard.api.pod.ObjectMeta meta(ObjectMeta meta, NamespacedName key) {
        return new dev.orchard.api.pod.ObjectMeta(
                key.name(),
                key.namespace(),
                meta.getUid(),
                OriginLabels.hide(meta.getLabels()),
                OriginLabels.hide(meta.getAnnotations()),
                Timestamps.parse("creation timestamp", meta.getCreationTimestamp()));
    }
}
