package dev.orchard.registry.shell;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * Registers orchard commands as Gogo {@link Function} services, one per name: the way to offer names with a
 * '-' in them, which no Java method can have. Each runs through {@link ShellErrors}.
 */
final class ShellFunctions {
    private final BundleContext context;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    ShellFunctions(BundleContext context) {
        this.context = context;
    }

    ShellFunctions add(String name, BiFunction<CommandSession, List<Object>, Object> body) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("osgi.command.scope", "orchard");
        props.put("osgi.command.function", name);
        Function f = (session, args) -> ShellErrors.run(session, () -> body.apply(session, args));
        registrations.add(context.registerService(Function.class, f, props));
        return this;
    }

    void close() {
        registrations.forEach(ServiceRegistration::unregister);
        registrations.clear();
    }
}
