package dev.orchard.api.pod;

/**
 * A pod volume holding a config map's keys as files. Immutable.
 *
 * @param name the config map, in the pod's namespace
 * @param optional whether the pod starts when the config map is missing
 * @since 1.1
 */
public record ConfigMapSource(String name, boolean optional) implements VolumeSource {
    /** Validates the name. */
    public ConfigMapSource {
        ObjectRefs.requireObjectName("config map name", name);
    }
}
