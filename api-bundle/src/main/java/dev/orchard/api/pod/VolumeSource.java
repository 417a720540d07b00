package dev.orchard.api.pod;

/**
 * What backs a pod's volume: a volume of the orchestrator (a claim), an empty folder, a config map or a secret.
 *
 * @since 1.1
 */
public sealed interface VolumeSource permits ClaimSource, EmptyDirSource, ConfigMapSource, SecretSource {}
