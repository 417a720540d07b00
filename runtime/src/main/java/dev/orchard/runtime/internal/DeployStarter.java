package dev.orchard.runtime.internal;

import dev.orchard.runtime.internal.DeployFolder.Entry;
import dev.orchard.runtime.internal.DeployFolder.State;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;

/**
 * Finishes what FileInstall starts at start-up. Its first scan installs the bundles already in {@code deploy/} while
 * the framework is below their start level, so it cannot start them then; it tries again only when a file changes,
 * and does not log that second attempt's failure (it counts the bundle among those that failed before). Once the
 * framework is at its final level, this starts each bundle from {@code deploy/} that is still not started, as
 * FileInstall would, and records why one fails in {@link DeployFolder}, which logs it.
 */
final class DeployStarter {
    private final BundleContext context;
    private final DeployFolder deploy;
    private final Set<String> tried = ConcurrentHashMap.newKeySet();

    /**
     * Creates the starter.
     *
     * @param context the runtime bundle's context
     * @param deploy the deploy folder's state
     */
    DeployStarter(BundleContext context, DeployFolder deploy) {
        this.context = context;
        this.deploy = deploy;
    }

    /**
     * Starts the bundles of the entries that FileInstall installed but did not start, once each.
     *
     * @param entries the deploy folder's entries
     */
    void startLeftovers(List<Entry> entries) {
        if ("false".equals(context.getProperty("felix.fileinstall.bundles.new.start"))) {
            return; // told to install only
        }
        for (Entry e : entries) {
            Bundle b = e.bundle();
            if (e.state() != State.PENDING
                    || b == null
                    || b.getState() != Bundle.INSTALLED && b.getState() != Bundle.RESOLVED
                    || b.getHeaders("").get(Constants.FRAGMENT_HOST) != null
                    || !tried.add(b.getBundleId() + "@" + b.getLastModified())) {
                continue;
            }
            try {
                b.start(Bundle.START_ACTIVATION_POLICY);
            } catch (BundleException | IllegalStateException ex) {
                deploy.failed(e.file(), "cannot be started", FileInstallLog.reason(ex), ex);
            }
        }
    }
}
