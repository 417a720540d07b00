package dev.orchard.registry.internal;

import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.registry.core.ServiceAccess;
import java.util.function.Supplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.ComponentConstants;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * Reads service references for the registry core. One instance per registry: the core keeps the references
 * themselves, and obtains a service only on its first use.
 */
final class OsgiServiceAccess<S> implements ServiceAccess<ServiceReference<S>, S> {
    private final BundleContext context;
    private final Supplier<ServiceComponentRuntime> scr;

    OsgiServiceAccess(BundleContext context, Supplier<ServiceComponentRuntime> scr) {
        this.context = context;
        this.scr = scr;
    }

    @Override
    public Object nameProperty(ServiceReference<S> reference) {
        return reference.getProperty(ProviderProperties.NAME);
    }

    @Override
    public String declaredFailure(ServiceReference<S> reference) {
        Object reason = reference.getProperty(ProviderProperties.FAILURE);
        return reason == null ? null : String.valueOf(reason);
    }

    @Override
    public int ranking(ServiceReference<S> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer r ? r : 0;
    }

    @Override
    public long serviceId(ServiceReference<S> reference) {
        return reference.getProperty(Constants.SERVICE_ID) instanceof Long id ? id : -1L;
    }

    @Override
    public String bundleSymbolicName(ServiceReference<S> reference) {
        Bundle b = reference.getBundle();
        return b == null ? "(unregistered)" : String.valueOf(b.getSymbolicName());
    }

    @Override
    public String bundleVersion(ServiceReference<S> reference) {
        Bundle b = reference.getBundle();
        return b == null ? "" : b.getVersion().toString();
    }

    @Override
    public S obtain(ServiceReference<S> reference) {
        try {
            return context.getService(reference);
        } catch (IllegalStateException | SecurityException e) {
            return null; // unregistered meanwhile, or our context is gone
        }
    }

    @Override
    public String obtainFailureReason(ServiceReference<S> reference) {
        String failure = componentFailure(reference);
        return failure != null
                ? failure
                : "the framework returned no service object (a failed activation; see the log)";
    }

    // Asks DS why the providing component failed, so the registry can show the real reason.
    private String componentFailure(ServiceReference<S> reference) {
        ServiceComponentRuntime runtime = scr.get();
        Object componentId = reference.getProperty(ComponentConstants.COMPONENT_ID);
        Bundle bundle = reference.getBundle();
        if (runtime == null || !(componentId instanceof Long id) || bundle == null) {
            return null;
        }
        try {
            for (ComponentDescriptionDTO d : runtime.getComponentDescriptionDTOs(bundle)) {
                for (ComponentConfigurationDTO c : runtime.getComponentConfigurationDTOs(d)) {
                    if (c.id == id && c.failure != null) {
                        String first =
                                c.failure.lines().findFirst().orElse(c.failure).trim();
                        return "activation of component " + d.name + " failed: " + first;
                    }
                }
            }
        } catch (RuntimeException e) {
            return null; // the runtime is going away; fall back to the generic reason
        }
        return null;
    }

    @Override
    public void release(ServiceReference<S> reference) {
        try {
            context.ungetService(reference);
        } catch (IllegalStateException e) {
            // Our bundle context is already invalid: the framework released everything itself.
        }
    }

    @Override
    public int compare(ServiceReference<S> a, ServiceReference<S> b) {
        return a.compareTo(b);
    }
}
