package dev.orchard.api.orchestrator;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import dev.orchard.api.quantity.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a caller asks of {@link StorageOps}: the counterpart of maya's volume provisioner profile.
 *
 * <p>Immutable and validated when built. A profile used to add a volume needs a name and a capacity; one used
 * to read or delete needs a name; one used to list needs neither. Build one with {@link #builder()}:
 *
 * <pre>{@code
 * VolumeProfile p = VolumeProfile.builder().name("data").capacity("10Gi").label("app", "db").build();
 * }</pre>
 */
public final class VolumeProfile {
    /** The namespace used when none is given. */
    public static final String DEFAULT_NAMESPACE = "default";
    /** The most replicas a profile may ask for. */
    public static final int MAX_REPLICAS = 32;

    private final String name;
    private final String namespace;
    private final long capacityBytes;
    private final int replicas;
    private final String storageClass;
    private final Map<String, String> labels;
    private final String orchestrator;

    private VolumeProfile(Builder b) {
        this.name = b.name == null ? null : Names.requireDns1123Label("volume name", b.name);
        this.namespace = Names.requireDns1123Label("namespace", b.namespace);
        if (b.capacityBytes != 0) {
            Quantity.requirePositive("capacity", b.capacityBytes);
        }
        this.capacityBytes = b.capacityBytes;
        if (b.replicas < 1 || b.replicas > MAX_REPLICAS) {
            throw new InvalidInputException("replicas " + b.replicas + " must be between 1 and " + MAX_REPLICAS);
        }
        this.replicas = b.replicas;
        if (b.storageClass != null && !b.storageClass.isEmpty()) {
            Names.requireDns1123Label("storage class", b.storageClass);
        }
        this.storageClass = b.storageClass == null || b.storageClass.isEmpty() ? null : b.storageClass;
        this.labels = Checks.requireLabels("labels", b.labels);
        this.orchestrator = b.orchestrator == null ? null : Names.requireDns1123Label("orchestrator", b.orchestrator);
    }

    /**
     * Starts a new profile.
     *
     * @return an empty builder with namespace {@value #DEFAULT_NAMESPACE} and one replica
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts a builder holding this profile's values, to derive another profile.
     *
     * @return a builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.name = name;
        b.namespace = namespace;
        b.capacityBytes = capacityBytes;
        b.replicas = replicas;
        b.storageClass = storageClass;
        b.labels.putAll(labels);
        b.orchestrator = orchestrator;
        return b;
    }

    /**
     * The volume name.
     *
     * @return the name, or empty for a list profile
     */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /**
     * The volume name, for operations that need one.
     *
     * @return the name
     * @throws InvalidInputException if the profile has no name
     */
    public String requireName() {
        if (name == null) {
            throw new InvalidInputException("volume name is required for this operation");
        }
        return name;
    }

    /**
     * The namespace.
     *
     * @return the namespace; {@value #DEFAULT_NAMESPACE} unless one was set
     */
    public String namespace() {
        return namespace;
    }

    /**
     * The capacity in bytes.
     *
     * @return the capacity, or empty if none was set
     */
    public OptionalLong capacityBytes() {
        return capacityBytes == 0 ? OptionalLong.empty() : OptionalLong.of(capacityBytes);
    }

    /**
     * The capacity, for operations that need one.
     *
     * @return the capacity in bytes, at least 1
     * @throws InvalidInputException if the profile has no capacity
     */
    public long requireCapacityBytes() {
        if (capacityBytes == 0) {
            throw new InvalidInputException(
                    "capacity is required to add volume " + Names.quote(name) + "; give a quantity such as 1Gi");
        }
        return capacityBytes;
    }

    /**
     * The number of replicas.
     *
     * @return between 1 and {@value #MAX_REPLICAS}
     */
    public int replicas() {
        return replicas;
    }

    /**
     * The storage class.
     *
     * @return the storage class, or empty for the orchestrator's default
     */
    public Optional<String> storageClass() {
        return Optional.ofNullable(storageClass);
    }

    /**
     * The labels: those of a new volume, or the filter of a list.
     *
     * @return an immutable map; never null
     */
    public Map<String, String> labels() {
        return labels;
    }

    /**
     * The orchestrator this profile targets.
     *
     * @return the orchestrator name, or empty for the default orchestrator
     */
    public Optional<String> orchestrator() {
        return Optional.ofNullable(orchestrator);
    }

    /**
     * Tells whether a volume matches this profile as a list filter: same namespace, and every label of the
     * profile present on the volume with the same value.
     *
     * @param volume the volume
     * @return true if it matches
     */
    public boolean matches(Volume volume) {
        return volume.namespace().equals(namespace)
                && volume.labels().entrySet().containsAll(labels.entrySet());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VolumeProfile p
                && Objects.equals(name, p.name)
                && namespace.equals(p.namespace)
                && capacityBytes == p.capacityBytes
                && replicas == p.replicas
                && Objects.equals(storageClass, p.storageClass)
                && labels.equals(p.labels)
                && Objects.equals(orchestrator, p.orchestrator);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, namespace, capacityBytes, replicas, storageClass, labels, orchestrator);
    }

    @Override
    public String toString() {
        return "VolumeProfile[name=" + name + ", namespace=" + namespace + ", capacityBytes=" + capacityBytes
                + ", replicas=" + replicas + ", storageClass=" + storageClass + ", labels=" + labels
                + ", orchestrator=" + orchestrator + "]";
    }

    /** Collects the values of a {@link VolumeProfile}; {@link #build()} validates them. Not thread-safe. */
    public static final class Builder {
        private String name;
        private String namespace = DEFAULT_NAMESPACE;
        private long capacityBytes;
        private int replicas = 1;
        private String storageClass;
        private final Map<String, String> labels = new LinkedHashMap<>();
        private String orchestrator;

        private Builder() {}

        /**
         * Sets the volume name.
         *
         * @param volumeName a DNS-1123 label, or null for none
         * @return this builder
         */
        public Builder name(String volumeName) {
            this.name = volumeName;
            return this;
        }

        /**
         * Sets the namespace.
         *
         * @param ns a DNS-1123 label; null restores {@value VolumeProfile#DEFAULT_NAMESPACE}
         * @return this builder
         */
        public Builder namespace(String ns) {
            this.namespace = ns == null ? DEFAULT_NAMESPACE : ns;
            return this;
        }

        /**
         * Sets the capacity from a Kubernetes quantity.
         *
         * @param quantity e.g. {@code 512Mi} or {@code 10Gi}
         * @return this builder
         * @throws InvalidInputException at once, if the quantity is not a positive whole number of bytes
         */
        public Builder capacity(String quantity) {
            this.capacityBytes = Quantity.parseBytes("capacity", quantity);
            return this;
        }

        /**
         * Sets the capacity in bytes.
         *
         * @param bytes the capacity, at least 1
         * @return this builder
         * @throws InvalidInputException at once, if bytes is not positive
         */
        public Builder capacityBytes(long bytes) {
            this.capacityBytes = Quantity.requirePositive("capacity", bytes);
            return this;
        }

        /**
         * Sets the number of replicas.
         *
         * @param count between 1 and {@value VolumeProfile#MAX_REPLICAS}
         * @return this builder
         */
        public Builder replicas(int count) {
            this.replicas = count;
            return this;
        }

        /**
         * Sets the storage class.
         *
         * @param className a DNS-1123 label, or null for the default
         * @return this builder
         */
        public Builder storageClass(String className) {
            this.storageClass = className;
            return this;
        }

        /**
         * Adds one label.
         *
         * @param key the label key
         * @param value the label value
         * @return this builder
         */
        public Builder label(String key, String value) {
            this.labels.put(key, value);
            return this;
        }

        /**
         * Adds labels.
         *
         * @param more the labels to add; null adds none
         * @return this builder
         */
        public Builder labels(Map<String, String> more) {
            if (more != null) {
                this.labels.putAll(more);
            }
            return this;
        }

        /**
         * Sets the orchestrator this profile targets.
         *
         * @param orchestratorName a DNS-1123 label, or null for the default
         * @return this builder
         */
        public Builder orchestrator(String orchestratorName) {
            this.orchestrator = orchestratorName;
            return this;
        }

        /**
         * Validates the values and builds the profile.
         *
         * @return the profile
         * @throws InvalidInputException naming the first field that is not allowed
         */
        public VolumeProfile build() {
            return new VolumeProfile(this);
        }
    }
}
