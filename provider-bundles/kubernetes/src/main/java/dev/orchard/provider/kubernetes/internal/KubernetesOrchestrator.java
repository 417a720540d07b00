package dev.orchard.provider.kubernetes.internal;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.provider.kubernetes.internal.node.KubernetesNode;
import dev.orchard.provider.kubernetes.internal.volumes.KubernetesStorage;
import java.util.Optional;

/**
 * The orchestrator of one cluster: its name, its label ({@code Kubernetes} by default), its region (configured, or
 * the regions of its nodes), and its volumes as PersistentVolumeClaims.
 */
final class KubernetesOrchestrator implements Orchestrator {
    private final String name;
    private final String label;
    private final String region;
    private final KubernetesNode node;
    private final KubernetesStorage storage;

    /**
     * Creates the orchestrator.
     *
     * @param name the provider name
     * @param label the label
     * @param region the configured region, or empty to ask the nodes
     * @param node the cluster's nodes, for the region
     * @param storage the volumes
     */
    KubernetesOrchestrator(String name, String label, String region, KubernetesNode node, KubernetesStorage storage) {
        this.name = name;
        this.label = label;
        this.region = region;
        this.node = node;
        this.storage = storage;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String region() {
        return region.isEmpty() ? node.region() : region;
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.of(storage);
    }
}
