package dev.orchard.provider.kubernetes.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The keys of one Kubernetes provider instance's configuration, with their defaults: the one list of them. DS maps
 * a method {@code master_url()} to the key {@code master.url}. Credentials are never keys: a token lives in the
 * file {@code token.file} names, or in the kubeconfig.
 */
@ObjectClassDefinition(
        id = "dev.orchard.provider.kubernetes",
        name = "Orchard Kubernetes provider",
        description = "Volumes as PersistentVolumeClaims and pods offloaded into one Kubernetes cluster. Each factory"
                + " configuration dev.orchard.provider.kubernetes~<name> is one more cluster.")
public @interface KubernetesConfiguration {
    /**
     * The provider name; if not set, the part after '~' of a factory configuration's PID.
     *
     * @return a DNS-1123 label, or empty
     */
    @AttributeDefinition(required = false, description = "The provider name, a DNS-1123 label, e.g. prod-cluster.")
    String name() default "";

    /**
     * The orchestrator's label.
     *
     * @return the label
     */
    @AttributeDefinition(required = false, description = "The orchestrator's label.")
    String label() default "Kubernetes";

    /**
     * Where the orchestrator runs; empty: the nodes' topology.kubernetes.io/region labels.
     *
     * @return the region, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "Where the orchestrator runs; empty: the regions of the cluster's nodes"
                    + " (topology.kubernetes.io/region).")
    String region() default "";

    /**
     * The service ranking.
     *
     * @return the ranking
     */
    @AttributeDefinition(required = false, description = "The service ranking; the highest of a name is used.")
    int service_ranking() default 0;

    /**
     * The kubeconfig file.
     *
     * @return a path, relative to the runtime's folder, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "A kubeconfig file, relative to the runtime's folder; or use master.url. One of them is"
                    + " required, except for the instance named kubernetes inside a pod.")
    String kubeconfig() default "";

    /**
     * The kubeconfig's context.
     *
     * @return a context name, or empty for the current context
     */
    @AttributeDefinition(required = false, description = "The kubeconfig's context; empty: its current context.")
    String context() default "";

    /**
     * The API server's URL, instead of a kubeconfig.
     *
     * @return an https URL, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "The API server's URL, e.g. https://10.0.0.1:6443, with token.file and ca.file; plain http"
                    + " only to 127.0.0.1.")
    String master_url() default "";

    /**
     * The file holding the bearer token.
     *
     * @return a path, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "A file holding the bearer token for master.url, read for every request.")
    String token_file() default "";

    /**
     * The CA certificates of the API server.
     *
     * @return a path, or empty for the JVM's trust store
     */
    @AttributeDefinition(required = false, description = "The API server's CA certificates (PEM) for master.url.")
    String ca_file() default "";

    /**
     * Whether to accept any server certificate.
     *
     * @return true or false
     */
    @AttributeDefinition(
            required = false,
            description = "true accepts any server certificate, even where TLS would fail; only for tests.")
    String trust_certs() default "false";

    /**
     * How long one request to the API server may take.
     *
     * @return milliseconds
     */
    @AttributeDefinition(required = false, description = "How long one request may take, in milliseconds.")
    String request_timeout_ms() default "10000";

    /**
     * The prefix of the cluster namespace of each Orchard namespace.
     *
     * @return the prefix, possibly empty
     */
    @AttributeDefinition(
            required = false,
            description = "Orchard namespace ns lives in the cluster namespace <prefix>ns; empty maps it as it is.")
    String namespace_prefix() default "orchard-";

    /**
     * The storage class of volumes whose profile names none.
     *
     * @return a storage class, or empty for the cluster's default
     */
    @AttributeDefinition(
            required = false,
            description = "The storage class of new volumes; empty: the cluster's default.")
    String storage_class() default "";
}
