package dev.orchard.api.pod;

import java.util.Objects;

/**
 * The value of an environment variable taken from a key of a config map or a secret in the pod's namespace, as
 * Kubernetes' {@code valueFrom.configMapKeyRef} and {@code secretKeyRef}. Immutable.
 *
 * @param source whether the key is in a config map or a secret
 * @param objectName the config map's or secret's name
 * @param key the key whose value the variable takes
 * @param optional whether the container starts when the object or key is missing (the variable is then unset)
 * @since 1.1
 */
public record EnvKeyRef(Source source, String objectName, String key, boolean optional) {
    /** Where the key is. */
    public enum Source {
        /** A config map. */
        CONFIG_MAP,
        /** A secret. */
        SECRET
    }

    /** Validates the names. */
    public EnvKeyRef {
        Objects.requireNonNull(source, "source");
        ObjectRefs.requireObjectName(source == Source.SECRET ? "secret name" : "config map name", objectName);
        ObjectRefs.requireKey("key", key);
    }
}
