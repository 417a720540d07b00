package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.RegistryObserver;
import dev.orchard.http.api.ApiServlet;
import dev.orchard.http.api.Endpoints;
import dev.orchard.http.api.MayaEndpoints;
import dev.orchard.http.api.ProviderCalls;
import dev.orchard.http.binding.BindingRule;
import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.RequestRules;
import dev.orchard.http.metrics.MetricsServlet;
import dev.orchard.http.metrics.OrchardMetrics;
import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import java.nio.file.Path;
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
 * they count from), built from configuration {@code dev.orchard.http} and the registries. They share one authority
 * (the credential and the request rules, see {@link RequestRules}), which is also registered as an
 * {@link HttpAuthority} service (the Web Console add-on logs users in with it) and as a whiteboard filter on every
 * path of the server. All of them target the main HTTP server only ({@link BindingRule#MAIN_SERVER_TARGET}).
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
    private final ProviderCalls calls;
    private final BundleContext context;
    private final Authority authority = new Authority();
    // What the log last said about the credential, for the bundle's life: a reactivation or an unrelated change
    // does not say it again.
    private static volatile String announced = "";

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
        this.context = context;
        calls = new ProviderCalls(orchestrators, pods);
        api = ApiServlet.orchard(new Endpoints(orchestrators, pods, calls), authority);
        maya = ApiServlet.maya(new MayaEndpoints(orchestrators, calls), authority);
        metrics = new OrchardMetrics(orchestrators, pods, authority);
        modified(properties);
        // The filter and the authority first: no servlet is reachable before the rules are.
        registerFilter(context);
        registrations.add(context.registerService(HttpAuthority.class, authority, null));
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
            Credentials.Resolved credential = Credentials.resolve(settings, context);
            announce(credential);
            calls.timeout(settings.callTimeoutMillis());
            authority.serve(new RequestRules(credential.state(), settings.maxBodyBytes(), settings.allowedHosts()));
            api.serve(settings.maxBodyBytes());
            maya.serve(settings.maxBodyBytes());
        } catch (InvalidInputException e) {
            LOG.error("The HTTP API answers 503 until its configuration is fixed: {}", e.getMessage());
            authority.fail(e.getMessage());
        }
    }

    /** Says once where the token is (never the token), as Jupyter does, or loudly why nothing passes. */
    private void announce(Credentials.Resolved credential) {
        String now = credential
                .state()
                .problem()
                .map(p -> "refused " + p)
                .orElse(
                        credential.state().configured()
                                ? "file " + credential.file().orElseThrow()
                                : "off");
        if (now.equals(announced) && !credential.created()) {
            return;
        }
        announced = now;
        if (credential.state().problem().isPresent()) {
            LOG.error(
                    "HTTP refuses every request until its token file is fixed: {}",
                    credential.state().problem().get());
        } else if (!credential.state().configured()) {
            LOG.warn("HTTP authentication is off (auth=none in configuration dev.orchard.http): any local user"
                    + " can use the API; HTTP listens on loopback only");
        } else {
            Path file = credential.file().orElseThrow();
            LOG.info(
                    "HTTP needs a bearer token: {} the token file {}; send it as Authorization: Bearer $(cat {})",
                    credential.created() ? "made" : "using",
                    file,
                    file);
        }
    }

    // Every path of every servlet context of the main server, the whiteboard's and the HttpService's: the console's,
    // Felix's and any other bundle's servlets meet the rules and need the credential too. The kubelet bridge's
    // servers authenticate their own clients and are reached by other names.
    private void registerFilter(BundleContext context) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("osgi.http.whiteboard.filter.pattern", "/*");
        props.put("osgi.http.whiteboard.filter.name", "orchard-request-guard");
        props.put(
                "osgi.http.whiteboard.context.select",
                "(|(osgi.http.whiteboard.context.name=*)(osgi.http.whiteboard.context.httpservice=*))");
        props.put("osgi.http.whiteboard.target", BindingRule.MAIN_SERVER_TARGET);
        props.put("service.ranking", Integer.MAX_VALUE);
        registrations.add(context.registerService(Filter.class, new GuardFilter(authority), props));
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
