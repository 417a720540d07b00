package dev.orchard.runtime.internal;

import dev.orchard.runtime.internal.DeployFolder.Entry;
import dev.orchard.runtime.internal.DeployFolder.State;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
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
import org.osgi.service.cm.Configuration;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Says when the runtime has started, as a command run in it must see it: the framework at its final start level,
 * the shell there, every file of {@code deploy/} handled (a bundle installed and started, a configuration read, or a
 * failure recorded), and Declarative Services done with them (the components of those bundles loaded, those
 * configurations given to their components). The shell, the control socket and {@code -c} wait for it.
 */
final class Readiness {
    // A safety net only: every change that can end the wait (a bundle, service or framework event, a failure
    // recorded) wakes it at once.
    private static final long RECHECK_MILLIS = 50L;

    private final BundleContext context;
    private final DeployFolder deploy;
    private final DeployStarter starter;
    private final Object monitor = new Object();
    private boolean changed;

    /**
     * Creates the check.
     *
     * @param context the runtime bundle's context
     * @param deploy the deploy folder's state
     */
    Readiness(BundleContext context, DeployFolder deploy) {
        this.context = context;
        this.deploy = deploy;
        this.starter = new DeployStarter(context, deploy);
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
        Runnable removeDeployListener = deploy.onChange(this::changed);
        ServiceTracker<ServiceComponentRuntime, ServiceComponentRuntime> scr =
                new ServiceTracker<>(context, ServiceComponentRuntime.class, null);
        scr.open();
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            while (true) {
                List<String> pending = pending(scr.getService());
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
            scr.close();
            removeDeployListener.run();
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
    private List<String> pending(ServiceComponentRuntime scr) {
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
        List<Entry> entries;
        try {
            starter.startLeftovers(deploy.entries());
            entries = deploy.entries();
        } catch (IOException e) {
            return pending; // no folder to wait for
        }
        for (Entry e : entries) {
            if (e.state() == State.PENDING) {
                pending.add(DeployFolder.shown(e.file()) + " (" + e.detail() + ")");
            } else if (scr != null && e.bundle() != null && e.state() == State.INSTALLED) {
                componentsLoaded(scr, e, pending);
            } else if (scr != null && e.configuration() != null) {
                configurationGiven(scr, e, pending);
            }
        }
        return pending;
    }

    // The components of a bundle from deploy/ that need no configuration have a configuration in SCR.
    private static void componentsLoaded(ServiceComponentRuntime scr, Entry e, List<String> pending) {
        if (e.bundle().getState() != Bundle.ACTIVE) {
            return;
        }
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs(e.bundle())) {
            if (scr.isComponentEnabled(d)
                    && !"require".equals(d.configurationPolicy)
                    && scr.getComponentConfigurationDTOs(d).isEmpty()) {
                pending.add(DeployFolder.shown(e.file()) + " (component " + d.name + " not loaded yet)");
            }
        }
    }

    // A configuration from deploy/ has reached every component that takes its PID.
    private static void configurationGiven(ServiceComponentRuntime scr, Entry e, List<String> pending) {
        Configuration c = e.configuration();
        String pid = c.getPid();
        String factory = c.getFactoryPid();
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            Collection<String> pids = d.configurationPid == null ? List.of() : Arrays.asList(d.configurationPid);
            if (scr.isComponentEnabled(d)
                    && !"ignore".equals(d.configurationPolicy)
                    && (pids.contains(pid) || (factory != null && pids.contains(factory)))
                    && scr.getComponentConfigurationDTOs(d).stream()
                            .noneMatch(cc -> pid.equals(cc.properties.get(Constants.SERVICE_PID)))) {
                pending.add(DeployFolder.shown(e.file()) + " (component " + d.name + " not configured yet)");
            }
        }
    }
}
