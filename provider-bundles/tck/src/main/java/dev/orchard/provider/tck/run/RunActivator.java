package dev.orchard.provider.tck.run;

import dev.orchard.provider.tck.KitProperties;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.Callable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Offers the kit's runner to {@code orchard-tck.jar}'s main class where the command runs the kit ({@link
 * KitProperties#RUN}), and nowhere else: in a bndrun's tester the kit is only its checks, and needs no launcher.
 */
public final class RunActivator implements BundleActivator {
    /** Creates the activator; the framework calls it. */
    public RunActivator() {}

    /**
     * Registers the runner, a {@code Callable<Integer>} (a JDK type: the main class sees another class loader).
     *
     * @param context the kit's bundle context
     */
    @Override
    public void start(BundleContext context) {
        if (Boolean.parseBoolean(context.getProperty(KitProperties.RUN))) {
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(KitProperties.RUNNER, Boolean.TRUE);
            context.registerService(Callable.class, new KitRun(context, System.out), props);
        }
    }

    /**
     * Nothing to do: the framework unregisters the runner.
     *
     * @param context the kit's bundle context
     */
    @Override
    public void stop(BundleContext context) {}
}
