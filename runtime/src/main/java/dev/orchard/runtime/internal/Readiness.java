package dev.orchard.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.felix.service.command.CommandProcessor;
import org.osgi.framework.AllServiceListener;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleListener;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * Says when the runtime has started, as a command run in it must see it: the framework at its final start level and
 * the shell there. {@code -c} waits for it.
 */
final class Readiness {
    // A safety net only: every change that can end the wait (a bundle, service or framework event) wakes it at once.
    private static final long RECHECK_MILLIS = 50L;

    private final BundleContext context;
    private final Object monitor = new Object();
    private boolean changed;

    /**
     * Creates the check.
     *
     * @param context the runtime bundle's context
     */
    Readiness(BundleContext context) {
        this.context = context;
    }

    /**
     * Waits until the runtime has started, or the time is up.
     *
     * @param millis the longest wait
     * @return what had not started when the time was up; empty if everything had
     * @throws InterruptedException if interrupted
     */
    List<String> await(long millis) throws InterruptedException {
        BundleListener bundles = e -> changed();
        AllServiceListener services = e -> changed();
        FrameworkListener framework = e -> changed();
        context.addBundleListener(bundles);
        context.addServiceListener(services);
        context.addFrameworkListener(framework);
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            while (true) {
                List<String> pending = pending();
                long left = deadline - System.nanoTime();
                if (pending.isEmpty() || left <= 0) {
                    return pending;
                }
                synchronized (monitor) {
                    if (!changed) {
                        monitor.wait(Math.max(1, Math.min(RECHECK_MILLIS, TimeUnit.NANOSECONDS.toMillis(left))));
                    }
                    changed = false;
                }
            }
        } finally {
            context.removeFrameworkListener(framework);
            context.removeServiceListener(services);
            context.removeBundleListener(bundles);
        }
    }

    private void changed() {
        synchronized (monitor) {
            changed = true;
            monitor.notifyAll();
        }
    }

    // What has not started yet, each as a message names it.
    private List<String> pending() {
        List<String> pending = new ArrayList<>();
        Bundle system = context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION);
        int level = system.adapt(FrameworkStartLevel.class).getStartLevel();
        String property = context.getProperty(Constants.FRAMEWORK_BEGINNING_STARTLEVEL);
        int beginning = property == null ? 1 : Integer.parseInt(property.trim());
        if (system.getState() != Bundle.ACTIVE || level < beginning) {
            pending.add("the framework (at start level " + level + " of " + beginning + ")");
            return pending;
        }
        if (context.getServiceReference(CommandProcessor.class) == null) {
            pending.add("the Gogo shell");
        }
        return pending;
    }
}
