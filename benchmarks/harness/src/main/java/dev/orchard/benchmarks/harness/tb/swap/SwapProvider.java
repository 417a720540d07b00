package dev.orchard.benchmarks.harness.tb.swap;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import java.util.Optional;
import org.osgi.framework.BundleContext;

/**
 * The "swap" orchestrator the benchmarks install, start and stop. Its label is its bundle's version, so a
 * caller can tell which bundle served a call; its region is "active" until it is deactivated, so a caller can
 * tell a call that reached a provider after its release.
 */
public abstract class SwapProvider implements Orchestrator {
    private volatile String label = "";
    private volatile boolean active;

    protected void start(BundleContext context) {
        label = context.getBundle().getVersion().toString();
        active = true;
    }

    protected void stop() {
        active = false;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String name() {
        return "swap";
    }

    @Override
    public String region() {
        return active ? "active" : "deactivated";
    }

    @Override
    public Optional<StorageOps> storageOps() {
        return Optional.empty();
    }
}
