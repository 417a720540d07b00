package dev.orchard.api.pod;

import dev.orchard.api.error.UnsupportedException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A field of the pod model beyond Orchard 1.0's, which a provider honours, or refuses with
 * {@link UnsupportedException}, but never drops silently. {@link PodSpec#features()} says which a spec uses.
 *
 * @since 1.1
 */
public enum PodFeature {
    /** {@link Container#ports()}. */
    CONTAINER_PORTS("spec.containers[].ports"),
    /** {@link Container#limits()}. */
    RESOURCE_LIMITS("spec.containers[].resources.limits"),
    /** {@link Container#livenessProbe()} and {@link Container#readinessProbe()}. */
    PROBES("spec.containers[].livenessProbe and readinessProbe"),
    /** {@link Container#envKeyRefs()}. */
    ENV_KEY_REFS("spec.containers[].env[].valueFrom"),
    /** {@link PodSpec#initContainers()}. */
    INIT_CONTAINERS("spec.initContainers"),
    /** Pod volumes backed by an {@link EmptyDirSource}. */
    EMPTY_DIR_VOLUMES("spec.volumes[].emptyDir"),
    /** Pod volumes backed by a {@link ConfigMapSource}. */
    CONFIG_MAP_VOLUMES("spec.volumes[].configMap"),
    /** Pod volumes backed by a {@link SecretSource}. */
    SECRET_VOLUMES("spec.volumes[].secret"),
    /** {@link PodSpec#nodeSelector()}. */
    NODE_SELECTOR("spec.nodeSelector"),
    /** {@link PodSpec#tolerations()}. */
    TOLERATIONS("spec.tolerations");

    private final String field;

    PodFeature(String field) {
        this.field = field;
    }

    /**
     * Where the feature is in a Kubernetes pod, for messages.
     *
     * @return e.g. {@code spec.initContainers}
     */
    public String field() {
        return field;
    }

    /**
     * Refuses a pod that uses a feature its provider does not honour.
     *
     * @param pod the pod to create or update
     * @param honoured the features the provider honours
     * @param provider the provider's description for the message, e.g. {@code "the local provider"}
     * @throws UnsupportedException naming every feature used but not honoured
     */
    public static void requireHonoured(Pod pod, Set<PodFeature> honoured, String provider) {
        List<String> refused = new ArrayList<>();
        for (PodFeature f : pod.spec().features()) {
            if (!honoured.contains(f)) {
                refused.add(f.field);
            }
        }
        if (!refused.isEmpty()) {
            throw new UnsupportedException(provider + " cannot honour " + String.join(", ", refused) + " of pod "
                    + pod.namespace() + "/" + pod.name() + "; remove it, or run the pod on a provider that can");
        }
    }

    static Set<PodFeature> usedBy(PodSpec spec) {
        EnumSet<PodFeature> used = EnumSet.noneOf(PodFeature.class);
        if (!spec.initContainers().isEmpty()) {
            used.add(INIT_CONTAINERS);
        }
        List<Container> all = new ArrayList<>(spec.initContainers());
        all.addAll(spec.containers());
        for (Container c : all) {
            if (!c.ports().isEmpty()) {
                used.add(CONTAINER_PORTS);
            }
            if (!c.limits().equals(Resources.NONE)) {
                used.add(RESOURCE_LIMITS);
            }
            if (c.livenessProbe() != null || c.readinessProbe() != null) {
                used.add(PROBES);
            }
            if (!c.envKeyRefs().isEmpty()) {
                used.add(ENV_KEY_REFS);
            }
        }
        for (PodVolume v : spec.volumes()) {
            if (v.source() instanceof EmptyDirSource) {
                used.add(EMPTY_DIR_VOLUMES);
            } else if (v.source() instanceof ConfigMapSource) {
                used.add(CONFIG_MAP_VOLUMES);
            } else if (v.source() instanceof SecretSource) {
                used.add(SECRET_VOLUMES);
            }
        }
        if (!spec.nodeSelector().isEmpty()) {
            used.add(NODE_SELECTOR);
        }
        if (!spec.tolerations().isEmpty()) {
            used.add(TOLERATIONS);
        }
        return Set.copyOf(used);
    }
}
