package dev.orchard.benchmarks.hello;

import jakarta.servlet.Servlet;
import java.util.Hashtable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Registers {@link HelloServlet} with the servlet whiteboard at {@code /hello}: no DS, no configuration, so that
 * nothing but Jetty and the whiteboard stands between a request and the servlet.
 */
public final class HelloActivator implements BundleActivator {
    /** The path the servlet answers. */
    public static final String PATH = "/hello";

    /** Creates the activator; the framework does. */
    public HelloActivator() {}

    @Override
    public void start(BundleContext context) {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("osgi.http.whiteboard.servlet.pattern", PATH);
        context.registerService(Servlet.class, new HelloServlet(), properties);
    }

    @Override
    public void stop(BundleContext context) {
        // the framework unregisters the service
    }
}
