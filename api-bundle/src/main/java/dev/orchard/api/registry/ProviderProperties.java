package dev.orchard.api.registry;

/** Names of service and configuration properties shared by providers and the registry. */
public final class ProviderProperties {
    /**
     * The service property that names a provider, a DNS-1123 label. An {@code Orchestrator} or
     * {@code PodProvider} service without a valid one is recorded as FAILED.
     */
    public static final String NAME = "orchard.provider.name";

    /**
     * The service property of a provider instance that is registered but cannot serve, holding the reason, e.g.
     * an invalid configuration or a data folder owned by another process. The registry shows such a candidate
     * as FAILED with that reason and never calls it; removing the property (a service property update) makes the
     * candidate usable again. {@code dev.orchard.api.provider.ProviderPublication} sets and clears it.
     */
    public static final String FAILURE = "orchard.provider.failure";

    /** The configuration PID of the registry: its {@code default.orchestrator} and {@code drain.timeout.ms}. */
    public static final String REGISTRY_PID = "dev.orchard.registry";

    /** The framework property that names the default orchestrator when the registry configuration does not. */
    public static final String DEFAULT_ORCHESTRATOR_PROPERTY = "orchard.orchestrator.default";

    /** The environment variable that names the default orchestrator, as maya's detection reads its own. */
    public static final String DEFAULT_ORCHESTRATOR_ENV = "ORCHARD_ORCHESTRATOR";

    /** The environment variable whose presence means the process runs inside Kubernetes. */
    public static final String KUBERNETES_ENV = "KUBERNETES_SERVICE_HOST";

    /** The orchestrator chosen inside Kubernetes. */
    public static final String KUBERNETES = "kubernetes";

    /** The orchestrator chosen when nothing else names one: the embedded local provider. */
    public static final String LOCAL = "local";

    private ProviderProperties() {}
}
