package dev.orchard.runtime.internal;

import dev.orchard.api.registry.ShellCommands;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.hooks.service.EventListenerHook;
import org.osgi.framework.hooks.service.FindHook;
import org.osgi.framework.hooks.service.ListenerHook.ListenerInfo;

/**
 * Keeps Gogo's {@code telnetd} out of the runtime: it serves an unauthenticated shell on a TCP port, through which
 * any local user could run {@code orchard:pod-run} as the runtime's user. Service hooks hide the shell bundle's
 * {@code telnetd} command from every other bundle, so the shell never sees it, and a command of the same name takes
 * its place that refuses, pointing to {@code -c}.
 */
final class TelnetGuard implements FindHook, EventListenerHook, Function {
    /** The command's name, in Gogo's scope {@code gogo}. */
    static final String TELNETD = "telnetd";
    /** What the refusal says. */
    static final String REFUSAL = "telnetd is not available in Orchard: it would serve an unauthenticated shell on a"
            + " TCP port. Run commands with java -jar orchard.jar -c \"<command>\" in the runtime's folder; the"
            + " running runtime takes them on its owner-only socket .orchard/socket";

    private final BundleContext context;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    /**
     * Creates the guard.
     *
     * @param context the runtime bundle's context
     */
    TelnetGuard(BundleContext context) {
        this.context = context;
    }

    /** Registers the hooks and the refusing command; before the shell bundle starts, so that it never shows. */
    void register() {
        registrations.add(context.registerService(
                new String[] {FindHook.class.getName(), EventListenerHook.class.getName()}, this, null));
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(CommandProcessor.COMMAND_SCOPE, "gogo");
        props.put(CommandProcessor.COMMAND_FUNCTION, TELNETD);
        registrations.add(context.registerService(Function.class, this, props));
    }

    /** Unregisters what {@link #register()} registered. */
    void unregister() {
        registrations.forEach(r -> {
            try {
                r.unregister();
            } catch (IllegalStateException gone) {
                // the framework unregistered it
            }
        });
        registrations.clear();
    }

    @Override
    public void find(
            BundleContext finder,
            String name,
            String filter,
            boolean allServices,
            Collection<ServiceReference<?>> references) {
        references.removeIf(ref -> hidden(ref, finder));
    }

    @Override
    public void event(ServiceEvent event, Map<BundleContext, Collection<ListenerInfo>> listeners) {
        ServiceReference<?> ref = event.getServiceReference();
        listeners.keySet().removeIf(listener -> hidden(ref, listener));
    }

    /** The refusing {@code telnetd}: prints why and fails, as an orchard command does. */
    @Override
    public Object execute(CommandSession session, List<Object> arguments) {
        System.err.println(REFUSAL);
        if (session != null) {
            session.put(ShellCommands.STATUS_VARIABLE, 1);
        }
        return null;
    }

    // A telnetd command that some other bundle (Gogo's shell) registers.
    private boolean isForeignTelnet(ServiceReference<?> ref) {
        Bundle owner = ref.getBundle();
        if (owner == null || owner.equals(context.getBundle())) {
            return false;
        }
        Object functions = ref.getProperty(CommandProcessor.COMMAND_FUNCTION);
        if (functions instanceof String[] names) {
            for (String n : names) {
                if (TELNETD.equals(n)) {
                    return true;
                }
            }
            return false;
        }
        return TELNETD.equals(String.valueOf(functions));
    }

    // Hidden from all but the registering bundle itself and the framework, as the hooks' contract asks.
    private boolean hidden(ServiceReference<?> ref, BundleContext finder) {
        Bundle b = finder.getBundle();
        return isForeignTelnet(ref) && b != null && b.getBundleId() != 0 && !b.equals(ref.getBundle());
    }

    @Override
    public String toString() {
        return "gogo:" + TELNETD;
    }
}
