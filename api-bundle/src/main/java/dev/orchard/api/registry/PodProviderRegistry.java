package dev.orchard.api.registry;

import dev.orchard.api.pod.PodProvider;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The registry of {@link PodProvider}s: the counterpart of virtual-kubelet's provider store.
 */
@ProviderType
public interface PodProviderRegistry extends ProviderRegistry<PodProvider> {
    /**
     * Tells whether a usable pod provider has a name.
     *
     * @param name the name
     * @return true if {@link #get(String)} would return one
     */
    boolean exists(String name);
}
