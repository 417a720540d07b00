package dev.orchard.provider.kubernetes.cluster;

import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

/**
 * Tells whether fabric8 may be used yet inside a framework: it looks up its HTTP client and its model types once,
 * through the ServiceLoader that SPI Fly mediates, and caches what it finds for good, so a client built before every
 * fabric8 bundle and SPI Fly are active would never see a model bundle that starts after it (and would spoil the
 * cache for every other user of fabric8 in the framework). Build a {@link ClusterClient} only once
 * {@link #notActive} is empty.
 */
public final class Fabric8Bundles {
    /** The symbolic name of Aries SPI Fly. */
    public static final String SPI_FLY = "org.apache.aries.spifly.dynamic.bundle";

    private Fabric8Bundles() {}

    /**
     * Every fabric8 bundle and SPI Fly that is not active yet; fragments have no state of their own to wait for.
     *
     * @param context any bundle's context, to see the framework's bundles
     * @return the symbolic names waited for; empty when fabric8 may be used
     */
    public static List<String> notActive(BundleContext context) {
        List<String> waiting = new ArrayList<>();
        boolean spiFly = false;
        for (Bundle b : context.getBundles()) {
            String name = b.getSymbolicName() == null ? "" : b.getSymbolicName();
            boolean fragment = b.getHeaders("").get(Constants.FRAGMENT_HOST) != null;
            if (name.equals(SPI_FLY)) {
                spiFly = b.getState() == Bundle.ACTIVE;
            }
            if ((name.startsWith("io.fabric8.") || name.equals(SPI_FLY))
                    && !fragment
                    && b.getState() != Bundle.ACTIVE) {
                waiting.add(name);
            }
        }
        if (!spiFly && !waiting.contains(SPI_FLY)) {
            waiting.add(SPI_FLY + " (not installed: fabric8 finds its HTTP client and model types through it)");
        }
        return waiting;
    }
}
