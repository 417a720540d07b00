package dev.orchard.provider.tck.run;

import dev.orchard.api.naming.Names;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;

/**
 * Waits for the provider under test to serve: an Orchestrator or a PodProvider registered under its name without a
 * declared failure. If none does in time, it says what did appear: the name FAILED with its reason, or the names of
 * every provider that is registered, so that a misspelling is obvious.
 */
final class ProviderAwait {
    private static final String CONTRACTS =
            "(|(objectClass=" + Orchestrator.class.getName() + ")(objectClass=" + PodProvider.class.getName() + "))";

    private ProviderAwait() {}

    /**
     * Waits until the provider serves, or the timeout passes.
     *
     * @param context the kit's bundle context
     * @param name the provider's name, a DNS-1123 label
     * @param timeout how long to wait
     * @return empty if it serves; else why the run cannot check it, in words
     * @throws InterruptedException if interrupted while waiting
     */
    static Optional<String> await(BundleContext context, String name, Duration timeout) throws InterruptedException {
        Object changed = new Object();
        ServiceListener listener = event -> {
            synchronized (changed) {
                changed.notifyAll();
            }
        };
        try {
            context.addServiceListener(listener, CONTRACTS);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("the kit's own filter " + CONTRACTS + " is invalid", e);
        }
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            synchronized (changed) {
                while (!serving(context, name)) {
                    long left = (deadline - System.nanoTime()) / 1_000_000L;
                    if (left <= 0) {
                        return Optional.of(why(context, name, timeout));
                    }
                    changed.wait(left);
                }
            }
            return Optional.empty();
        } finally {
            context.removeServiceListener(listener);
        }
    }

    private static boolean serving(BundleContext context, String name) {
        for (ServiceReference<?> ref : references(context)) {
            if (name.equals(ref.getProperty(ProviderProperties.NAME))
                    && ref.getProperty(ProviderProperties.FAILURE) == null) {
                return true;
            }
        }
        return false;
    }

    private static String why(BundleContext context, String name, Duration timeout) {
        Set<String> failed = new TreeSet<>();
        Set<String> others = new TreeSet<>();
        for (ServiceReference<?> ref : references(context)) {
            Object named = ref.getProperty(ProviderProperties.NAME);
            Object failure = ref.getProperty(ProviderProperties.FAILURE);
            if (name.equals(named)) {
                failed.add(String.valueOf(failure));
            } else {
                others.add(named + (failure == null ? "" : " (FAILED: " + failure + ")"));
            }
        }
        String waited = " within " + timeout.toSeconds() + " s";
        if (!failed.isEmpty()) {
            return "provider " + Names.quote(name) + " is FAILED, and did not serve" + waited + ": "
                    + String.join("; ", failed);
        }
        return "no Orchestrator or PodProvider named " + Names.quote(name) + " appeared" + waited + "; "
                + (others.isEmpty()
                        ? "no provider appeared at all"
                        : "the providers that did: " + String.join(", ", others));
    }

    private static ServiceReference<?>[] references(BundleContext context) {
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(null, CONTRACTS);
            return refs == null ? new ServiceReference<?>[0] : refs;
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("the kit's own filter " + CONTRACTS + " is invalid", e);
        }
    }
}
