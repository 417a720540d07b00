package dev.orchard.kubelet.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The keys of one bridge's configuration, with their defaults: the one list of them. One factory configuration
 * {@code dev.orchard.kubelet~<instance>} is one node. DS maps a method {@code node_name()} to the key
 * {@code node.name}. The cluster keys are the Kubernetes provider's, meaning the same.
 */
@ObjectClassDefinition(
        id = "dev.orchard.kubelet",
        name = "Orchard kubelet bridge",
        description = "Makes a pod provider a node of a Kubernetes cluster. Each factory configuration"
                + " dev.orchard.kubelet~<instance> is one node.")
public @interface KubeletConfiguration {
    /**
     * The node's name in the cluster.
     *
     * @return a DNS-1123 subdomain; empty: the part after '~' of the factory configuration's PID
     */
    @AttributeDefinition(
            required = false,
            description = "The node's name in the cluster; empty: the part after '~' of the configuration's PID.")
    String node_name() default "";

    /**
     * The pod provider's name in the registry.
     *
     * @return a DNS-1123 label, or empty for the name {@code OrchestratorRegistry.detectDefault()} gives
     */
    @AttributeDefinition(
            required = false,
            description = "The pod provider's name in the registry; empty: the registry's default (detectDefault:"
                    + " the configured default, ORCHARD_ORCHESTRATOR, kubernetes inside a cluster, else local).")
    String provider() default "";

    /**
     * The node's labels beside {@code type=virtual-kubelet} and {@code kubernetes.io/role=agent}.
     *
     * @return comma-separated {@code key=value} pairs
     */
    @AttributeDefinition(required = false, description = "More node labels: key=value,key=value.")
    String node_labels() default "";

    /**
     * The node's taints.
     *
     * @return comma-separated {@code key=value:Effect}; empty: {@code virtual-kubelet.io/provider=<provider>:NoSchedule}
     */
    @AttributeDefinition(
            required = false,
            description = "The node's taints, key=value:Effect, comma-separated; empty:"
                    + " virtual-kubelet.io/provider=<provider>:NoSchedule. 'none' for no taint.")
    String node_taints() default "";

    /**
     * What happens to the node when the bridge stops.
     *
     * @return {@code not-ready} or {@code remove}
     */
    @AttributeDefinition(
            required = false,
            description = "On stop: not-ready leaves the node NotReady (its pods stay bound); remove deletes it.")
    String node_on_stop() default "not-ready";

    /**
     * How often the node's Lease is renewed.
     *
     * @return milliseconds
     */
    @AttributeDefinition(required = false, description = "How often the node's Lease is renewed, in milliseconds.")
    String lease_interval_ms() default "10000";

    /**
     * How often the node's status is written and pod statuses are polled from a provider that does not push.
     *
     * @return milliseconds
     */
    @AttributeDefinition(
            required = false,
            description = "How often the node status is written and, for providers that do not push, pod statuses"
                    + " are polled, in milliseconds.")
    String status_interval_ms() default "10000";

    /**
     * How long a call to the pod provider may take, for the kubelet API and the pods' sync.
     *
     * @return milliseconds
     */
    @AttributeDefinition(
            required = false,
            description = "How long a call to the pod provider may take, in milliseconds, for the kubelet API"
                    + " (answered 503 past it) and the sync of the node's pods (retried at the next reconcile)."
                    + " How many threads the provider may hold: call.threads in configuration"
                    + " dev.orchard.registry. Exec and log follows last as long as their client and have none.")
    String call_timeout_ms() default "30000";

    /**
     * The kubeconfig file.
     *
     * @return a path, relative to the runtime's folder, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "A kubeconfig file, relative to the runtime's folder; or use master.url.")
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
            description = "The API server's URL, with token.file and ca.file; plain http only to 127.0.0.1.")
    String master_url() default "";

    /**
     * The file holding the bearer token.
     *
     * @return a path, or empty
     */
    @AttributeDefinition(required = false, description = "A file holding the bearer token for master.url.")
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
    @AttributeDefinition(required = false, description = "true accepts any server certificate; only for tests.")
    String trust_certs() default "false";

    /**
     * How long one request to the API server may take.
     *
     * @return milliseconds
     */
    @AttributeDefinition(required = false, description = "How long one request may take, in milliseconds.")
    String request_timeout_ms() default "10000";

    /**
     * The address the kubelet API listens on.
     *
     * @return an IP address or host name
     */
    @AttributeDefinition(
            required = false,
            description = "The address the kubelet API (HTTPS) listens on; every request must authenticate.")
    String kubelet_address() default "127.0.0.1";

    /**
     * The kubelet API's port.
     *
     * @return a port, 1 to 65535, or 0 for any free port
     */
    @AttributeDefinition(required = false, description = "The kubelet API's HTTPS port; 0: any free port.")
    String kubelet_port() default "10250";

    /**
     * The kubelet API's certificate.
     *
     * @return a PEM file, or empty for a self-signed certificate made at start
     */
    @AttributeDefinition(
            required = false,
            description = "The kubelet API's certificate chain (PEM), with kubelet.tls.key; empty: self-signed.")
    String kubelet_tls_cert() default "";

    /**
     * The kubelet API certificate's private key.
     *
     * @return a PEM file (PKCS#8, PKCS#1 or SEC1), or empty
     */
    @AttributeDefinition(required = false, description = "The private key (PEM) of kubelet.tls.cert.")
    String kubelet_tls_key() default "";

    /**
     * The CA whose client certificates the kubelet API accepts.
     *
     * @return a PEM file of CA certificates, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "CA certificates (PEM): a client certificate they sign is accepted by the kubelet API.")
    String kubelet_client_ca() default "";

    /**
     * The bearer token the kubelet API accepts.
     *
     * @return a file that only its owner may read, or empty
     */
    @AttributeDefinition(
            required = false,
            description = "A file (chmod 600) holding a bearer token the kubelet API accepts. Without it and without"
                    + " kubelet.client.ca the kubelet API does not start.")
    String kubelet_token_file() default "";
}
