package dev.orchard.provider.kubernetes.internal;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.provider.ProviderPublication;
import dev.orchard.provider.kubernetes.cluster.Fabric8Bundles;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes one provider instance once every fabric8 bundle and SPI Fly are active, and FAILED with the bundles it
 * waits for until then: fabric8 looks up its HTTP client and its model types once, through the ServiceLoader that
 * SPI Fly mediates, and caches what it finds for good, so a client built early would never see a model bundle that
 * starts after it. The two components of the provider (the factory instances and the default one) publish through
 * this. Thread-safe.
 */
final class DeferredPublication implements BundleListener {
    private static final Logger LOG = LoggerFactory.getLogger(DeferredPublication.class);

    private final BundleContext context;
    private final ProviderConfiguration config;
    private final KubernetesInstance.InCluster inCluster;
    private ProviderPublication publication;
    private boolean serving;
    private boolean closed;

    /**
     * Publishes the instance now if the bundles it needs are active, else FAILED until they are.
     *
     * @param context the provider bundle's context
     * @param config the instance's configuration
     * @param inCluster where the pod's own cluster is, for an instance whose configuration names none
     */
    DeferredPublication(BundleContext context, ProviderConfiguration config, KubernetesInstance.InCluster inCluster) {
        this.context = context;
        this.config = config;
        this.inCluster = inCluster;
        context.addBundleListener(this);
        update();
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        if (event.getType() == BundleEvent.STARTED) {
            update();
        }
    }

    private synchronized void update() {
        if (closed || serving) {
            return;
        }
        List<String> waiting = Fabric8Bundles.notActive(context);
        if (publication != null) {
            if (!waiting.isEmpty()) {
                return; // still FAILED for the same reason
            }
            publication.close();
        }
        serving = waiting.isEmpty();
        publication = ProviderPublication.publish(context, config, KubernetesInstance.CONTRACTS, c -> {
            if (!waiting.isEmpty()) {
                throw new UnavailableException("waiting for these bundles to start: " + String.join(", ", waiting));
            }
            return KubernetesInstance.services(c, inCluster);
        });
        if (serving) {
            context.removeBundleListener(this);
        } else {
            LOG.info("Kubernetes provider {} waits for {}", config.rawName(), waiting);
        }
    }

    /** Stops waiting, and unregisters and closes the instance. */
    synchronized void close() {
        closed = true;
        context.removeBundleListener(this);
        if (publication != null) {
            publication.close();
        }
    }
}
