package dev.orchard.api.pod;

/**
 * A pod volume holding a secret's keys as files. Immutable.
 *
 * @param secretName the secret, in the pod's namespace
 * @param optional whether the pod starts when the secret is missing
 * @since 1.1
 */
public record SecretSource(String secretName, boolean optional) implements VolumeSource {
    /** Validates the name. */
    public SecretSource {
        ObjectRefs.requireObjectName("secret name", secretName);
    }
}
