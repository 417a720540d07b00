package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.http.api.ApiServlet;
import dev.orchard.http.api.Endpoints;
import dev.orchard.http.binding.TokenState;
import jakarta.servlet.Servlet;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the Orchard API servlet on the servlet whiteboard under {@value ApiServlet#ROOT}, built from
 * configuration {@code dev.orchard.http} and the two registries.
 */
@Component(
        configurationPid = "dev.orchard.http",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
public final class HttpApiComponent {
    private static final Logger LOG = LoggerFactory.getLogger(HttpApiComponent.class);

    private final ServiceRegistration<Servlet> registration;

    /**
     * Builds the servlet and registers it.
     *
     * @param context the bundle context
     * @param properties configuration {@code dev.orchard.http}
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     */
    @Activate
    public HttpApiComponent(
            BundleContext context,
            Map<String, Object> properties,
            @Reference OrchestratorRegistry orchestrators,
            @Reference PodProviderRegistry pods) {
        ApiServlet servlet;
        try {
            HttpSettings settings = HttpSettings.of(properties);
            servlet = new ApiServlet(
                    new Endpoints(orchestrators, pods, settings.maxBodyBytes()), TokenState.of(settings.tokenFile()));
        } catch (InvalidInputException e) {
            LOG.error("The HTTP API answers 503 until its configuration is fixed: {}", e.getMessage());
            servlet = ApiServlet.failing(e.getMessage());
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("osgi.http.whiteboard.servlet.pattern", ApiServlet.ROOT + "/*");
        props.put("osgi.http.whiteboard.servlet.name", "orchard-api");
        registration = context.registerService(Servlet.class, servlet, props);
    }

    @Deactivate
    void deactivate() {
        registration.unregister();
    }
}
