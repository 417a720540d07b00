package dev.orchard.webconsole.internal;

import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.webconsole.page.PageHtml;
import dev.orchard.webconsole.page.PageModel;
import dev.orchard.webconsole.page.PageReader;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.apache.felix.webconsole.servlet.AbstractServlet;
import org.apache.felix.webconsole.servlet.ServletConstants;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The Orchard page of the Felix Web Console ({@code /system/console/orchard}): the console frames the page, and
 * the page's fragment ({@code /system/console/orchard/fragment}) is served bare, for the page's refresh script.
 */
@Component(
        service = Servlet.class,
        property = {
            ServletConstants.PLUGIN_LABEL + "=" + OrchardConsolePlugin.LABEL,
            ServletConstants.PLUGIN_TITLE + "=Orchard",
            ServletConstants.PLUGIN_CATEGORY + "=Orchard"
        })
public final class OrchardConsolePlugin extends AbstractServlet {
    /** The page's label: its path under the console's root. */
    static final String LABEL = "orchard";

    private static final long serialVersionUID = 1L;
    private static final String DEFAULT_APP_ROOT = "/system/console";

    private final transient BundleContext context;
    private final transient PageReader reader;

    /**
     * Creates the page on the registries.
     *
     * @param context this bundle's context, to find the bundle that registered each provider
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     */
    @Activate
    public OrchardConsolePlugin(
            BundleContext context, @Reference OrchestratorRegistry orchestrators, @Reference PodProviderRegistry pods) {
        this.context = context;
        this.reader = new PageReader(orchestrators, pods, this::bundleId);
    }

    /** Serves the fragment; any other path is left to the console, which frames {@link #renderContent}. */
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo();
        if (path != null && path.endsWith("/" + LABEL + PageHtml.FRAGMENT)) {
            PageModel model = reader.read(request.getParameter("provider"), request.getParameter("namespace"));
            byte[] html = PageHtml.fragment(model, appRoot(request), pluginRoot(request), namespace(request))
                    .getBytes(StandardCharsets.UTF_8);
            setNoCache(response);
            response.setContentType("text/html;charset=utf-8");
            response.setContentLength(html.length);
            response.getOutputStream().write(html);
        }
    }

    /** Writes the page inside the console's frame. */
    @Override
    public void renderContent(HttpServletRequest request, HttpServletResponse response) throws IOException {
        PageModel model = reader.read(request.getParameter("provider"), request.getParameter("namespace"));
        response.getWriter().write(PageHtml.page(model, appRoot(request), pluginRoot(request), namespace(request)));
    }

    private static String namespace(HttpServletRequest request) {
        String ns = request.getParameter("namespace");
        return ns == null || ns.isBlank() ? "default" : ns.strip();
    }

    private static String appRoot(HttpServletRequest request) {
        Object root = request.getAttribute(ServletConstants.ATTR_APP_ROOT);
        return root instanceof String s ? s : DEFAULT_APP_ROOT;
    }

    private static String pluginRoot(HttpServletRequest request) {
        Object root = request.getAttribute(ServletConstants.ATTR_PLUGIN_ROOT);
        return root instanceof String s ? s : appRoot(request) + "/" + LABEL;
    }

    /** The id of the bundle that registered a provider's service, by its service id; empty once it is gone. */
    private OptionalLong bundleId(ProviderInfo info) {
        try {
            ServiceReference<?>[] refs =
                    context.getAllServiceReferences(null, "(" + Constants.SERVICE_ID + "=" + info.serviceId() + ")");
            if (refs != null && refs.length > 0 && refs[0].getBundle() != null) {
                return OptionalLong.of(refs[0].getBundle().getBundleId());
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("a service id filter is always valid", e);
        }
        return OptionalLong.empty();
    }
}
