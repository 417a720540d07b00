package dev.orchard.registry.shell;

import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ShellCommands;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.Function;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Registers one Gogo function per row of the {@link CommandTable} while Gogo and both registries are there. A
 * function per name, not one object with a method per command, because Gogo maps a function name to a Java method of
 * the same name, and {@code volume-add} cannot be one. The required reference to the {@link CommandProcessor} keeps
 * this component inactive, and its Gogo types unloaded, in a framework without Gogo.
 */
@Component(service = {})
public final class ShellComponent {
    /** Karaf's shell shows this service property as the command's description in its {@code help}. */
    static final String DESCRIPTION = "osgi.command.description";

    private final List<ServiceRegistration<Function>> registrations = new ArrayList<>();

    /**
     * Registers the commands.
     *
     * @param context this bundle's context
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     * @param shell the Gogo command processor; only required, so that without Gogo nothing is registered
     */
    @Activate
    public ShellComponent(
            BundleContext context,
            @Reference(name = "orchestrators") OrchestratorRegistry orchestrators,
            @Reference(name = "pods") PodProviderRegistry pods,
            @Reference(name = "shell") CommandProcessor shell) {
        long own = context.getBundle().getBundleId();
        for (ShellCommand command : new CommandTable(orchestrators, pods, () -> others(context, own)).all()) {
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(CommandProcessor.COMMAND_SCOPE, ShellCommands.SCOPE);
            props.put(CommandProcessor.COMMAND_FUNCTION, command.name());
            props.put(DESCRIPTION, command.description());
            registrations.add(context.registerService(Function.class, new CommandFunction(command), props));
        }
    }

    // The orchard commands other bundles register with a description, e.g. the runtime's orchard:deploy.
    private static List<CommandTable.Other> others(BundleContext context, long own) {
        List<CommandTable.Other> others = new ArrayList<>();
        try {
            ServiceReference<?>[] refs = context.getServiceReferences(
                    Function.class.getName(),
                    "(&(" + CommandProcessor.COMMAND_SCOPE + "=" + ShellCommands.SCOPE + ")(" + DESCRIPTION + "=*)(!("
                            + Constants.SERVICE_BUNDLEID + "=" + own + ")))");
            for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
                Object function = ref.getProperty(CommandProcessor.COMMAND_FUNCTION);
                if (function instanceof String name) {
                    others.add(new CommandTable.Other(name, String.valueOf(ref.getProperty(DESCRIPTION))));
                }
            }
        } catch (InvalidSyntaxException | IllegalStateException e) {
            // no others to list: a filter of constants, or this bundle stopping
        }
        return others;
    }

    @Deactivate
    void deactivate() {
        registrations.forEach(ServiceRegistration::unregister);
        registrations.clear();
    }
}
