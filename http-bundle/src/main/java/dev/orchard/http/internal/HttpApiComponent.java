package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.RegistryObserver;
import dev.orchard.http.api.ApiServlet;
import dev.orchard.http.api.Endpoints;
import dev.orchard.http.api.MayaEndpoints;
import dev.orchard.http.binding.BindingRule;
import dev.orchard.http.binding.TokenState;
import dev.orchard.http.metrics.MetricsServlet;
import dev.orchard.http.metrics.OrchardMetrics;
import jakarta.servlet.Servlet;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the API servlets on the servlet whiteboard, Orchard's under {@value ApiServlet#ROOT}, maya's volume
 * paths under {@value ApiServlet#MAYA_ROOT} and the metrics at {@value MetricsServlet#PATH} (with the registry observer
 * they count from), built from configuration {@code dev.orchard.http} and the registries; all three share its token,
 * and all three target the main HTTP server only ({@link BindingRule#MAIN_SERVER_TARGET}).
 */
@Component(
        configurationPid = "dev.orchard.http",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
public final class HttpApiComponent {
    private static final Logger LOG = LoggerFactory.getLogger(HttpApiComponent.class);

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final ApiServlet api;
    private final ApiServlet maya;
    private final OrchardMetrics metrics;

    /**
     * Builds the servlets and registers them.
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
        api = ApiServlet.orchard(new Endpoints(orchestrators, pods));
        maya = ApiServlet.maya(new MayaEndpoints(orchestrators));
        metrics = new OrchardMetrics(orchestrators, pods);
        modified(properties);
        register(context, api, "orchard-api", ApiServlet.ROOT, ApiServlet.ROOT + "/*");
        register(context, maya, "orchard-maya-volumes", ApiServlet.MAYA_ROOT, ApiServlet.MAYA_ROOT + "/*");
        register(context, metrics.servlet(), "orchard-metrics", MetricsServlet.PATH);
        registrations.add(context.registerService(RegistryObserver.class, metrics.observer(), null));
    }

    /**
     * Applies a changed configuration to the registered servlets in place: a servlet re-registered while Jetty
     * restarts (a change of Felix HTTP's configuration at the same moment) can be lost by the whiteboard.
     *
     * @param properties configuration {@code dev.orchard.http}
     */
    @Modified
    void modified(Map<String, Object> properties) {
        try {
            HttpSettings settings = HttpSettings.of(properties);
            TokenState token = TokenState.of(settings.tokenFile());
            api.serve(settings.maxBodyBytes(), token);
            maya.serve(settings.maxBodyBytes(), token);
            metrics.servlet().serve(token);
        } catch (InvalidInputException e) {
            LOG.error("The HTTP API answers 503 until its configuration is fixed: {}", e.getMessage());
            api.fail(e.getMessage());
            maya.fail(e.getMessage());
            metrics.servlet().fail(e.getMessage());
        }
    }

    // The API's roots are served with everything below them: maya's clients list with /latest/volumes/. On the main
    // server only: another server (the kubelet bridge's) has another job and other clients.
    private void register(BundleContext context, Servlet servlet, String name, String... patterns) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("osgi.http.whiteboard.target", BindingRule.MAIN_SERVER_TARGET);
        props.put("osgi.http.whiteboard.servlet.pattern", patterns);
        props.put("osgi.http.whiteboard.servlet.name", name);
        registrations.add(context.registerService(Servlet.class, servlet, props));
    }

    @Deactivate
    void deactivate() {
        registrations.forEach(ServiceRegistration::unregister);
        metrics.close();
    }
}
