package dev.orchard.kubelet.internal.server;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.http.binding.BindingRule;
import dev.orchard.http.streaming.StreamLimit;
import dev.orchard.kubelet.api.ClientAuth;
import dev.orchard.kubelet.api.ExecServlet;
import dev.orchard.kubelet.api.HealthServlet;
import dev.orchard.kubelet.api.KubeletGate;
import dev.orchard.kubelet.api.LogsServlet;
import dev.orchard.kubelet.api.NodeProvider;
import dev.orchard.kubelet.api.PodsServlet;
import dev.orchard.kubelet.api.StatsServlet;
import dev.orchard.kubelet.api.TokenFile;
import jakarta.servlet.Servlet;
import java.io.IOException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.whiteboard.Preprocessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bridge's kubelet API server: an HTTPS server of its own, from a factory configuration of Felix HTTP
 * ({@code org.apache.felix.http~orchard-kubelet-<node>}, HTTPS only), and the API's gate ({@link KubeletGate}, a
 * preprocessor that refuses every path but the kubelet's and every unauthenticated request) and servlets registered
 * on the servlet whiteboard for that server alone ({@code osgi.http.whiteboard.target}); made with the bridge's
 * instance and removed with it. Jetty's WebSocket container is on in that server, for exec.
 */
public final class KubeletServer implements AutoCloseable {
    /** Felix HTTP's configuration PID, here as a factory PID: one more server per configuration. */
    static final String FELIX_PID = "org.apache.felix.http";
    /** The servlet whiteboard's runtime service, one per Felix HTTP server. */
    private static final String RUNTIME = "org.osgi.service.servlet.runtime.HttpServiceRuntime";

    private static final long STOP_WAIT_S = 10;

    private static final Logger LOG = LoggerFactory.getLogger(KubeletServer.class);

    private final BundleContext context;
    private final String name;
    private final Configuration configuration;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    private KubeletServer(BundleContext context, String name, Configuration configuration) {
        this.context = context;
        this.name = name;
        this.configuration = configuration;
    }

    /**
     * Reads the credentials and TLS files, registers the API for the server and creates the server.
     *
     * @param context the bridge bundle's context
     * @param configurations ConfigurationAdmin
     * @param settings the API's settings
     * @param node the node's name
     * @param provider the pod provider's name
     * @param deadline how long the API's calls to the provider may take
     * @param pods the registry every call goes through
     * @return the running server
     * @throws InvalidInputException if neither a client CA nor a token file is configured, or one cannot be read
     */
    public static KubeletServer start(
            BundleContext context,
            ConfigurationAdmin configurations,
            ApiSettings settings,
            String node,
            String provider,
            CallDeadline deadline,
            PodProviderRegistry pods) {
        if (!settings.authenticates()) {
            throw new InvalidInputException("the kubelet API does not start: no client can authenticate. Set "
                    + ApiSettings.CLIENT_CA + " (CA certificates, PEM) or " + ApiSettings.TOKEN_FILE
                    + " (a file with a bearer token, chmod 600), or both");
        }
        List<X509Certificate> ca = TlsFiles.clientCa(settings);
        Optional<TokenFile> token = settings.tokenFile().map(TokenFile::read);
        TlsFiles files = TlsFiles.write(folder(context, node), ServingKey.of(settings, node), ca);
        String name = BindingRule.KUBELET_SERVER_PREFIX + node;
        try {
            Configuration configuration = configurations.getFactoryConfiguration(FELIX_PID, name, "?");
            KubeletServer server = new KubeletServer(context, name, configuration);
            // The gate first: the guard looks for it when the configuration is delivered.
            server.register(context, ClientAuth.of(ca, token), new NodeProvider(pods, provider, node, deadline));
            try {
                configuration.update(felixProperties(name, settings, files));
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
            LOG.info(
                    "Kubelet API of node {} on https://{}:{} (server {}, files in {})",
                    node,
                    settings.address(),
                    settings.port(),
                    name,
                    files.folder());
            return server;
        } catch (IOException e) {
            throw new InvalidInputException(
                    "the kubelet API's server configuration " + FELIX_PID + "~" + name + " cannot be written: "
                            + Secrets.redact(e.getMessage()),
                    e);
        }
    }

    /**
     * The instance's own folder, in the bridge bundle's data area.
     *
     * @param context the bundle context
     * @param node the node's name
     * @return the folder
     */
    static Path folder(BundleContext context, String node) {
        return context.getDataFile("kubelet-" + node).toPath();
    }

    private void register(BundleContext context, ClientAuth auth, NodeProvider backend) {
        // A preprocessor, not a filter: it runs for every request of the server before a servlet context is chosen,
        // so no other bundle's context (the Web Console's) or servlet registered for every server is reached here.
        Dictionary<String, Object> gate = target();
        gate.put(Constants.SERVICE_RANKING, Integer.MAX_VALUE);
        // The HTTP guard lets this server listen beyond loopback only while this gate vouches for it.
        gate.put(BindingRule.KUBELET_GUARDED_SERVER, name);
        registrations.add(context.registerService(Preprocessor.class, new KubeletGate(auth), gate));
        // One bound for this server's long-lived streams, logs and exec sessions alike.
        StreamLimit streams = new StreamLimit();
        servlet(context, new LogsServlet(backend, streams), "/containerLogs/*");
        servlet(context, new ExecServlet(backend, streams), "/exec/*");
        servlet(context, new StatsServlet(backend), "/stats/*");
        servlet(context, new PodsServlet(backend), "/pods");
        servlet(context, new HealthServlet(backend), "/healthz");
    }

    private void servlet(BundleContext context, Servlet servlet, String pattern) {
        Dictionary<String, Object> properties = target();
        properties.put("osgi.http.whiteboard.servlet.pattern", pattern);
        properties.put("osgi.http.whiteboard.servlet.name", name + pattern);
        properties.put("osgi.http.whiteboard.servlet.asyncSupported", Boolean.TRUE);
        registrations.add(context.registerService(Servlet.class, servlet, properties));
    }

    /** Properties that bind a whiteboard service to this server only. */
    private Dictionary<String, Object> target() {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("osgi.http.whiteboard.target", "(" + BindingRule.SERVER_NAME + "=" + name + ")");
        return properties;
    }

    private static Dictionary<String, Object> felixProperties(String name, ApiSettings settings, TlsFiles files) {
        Dictionary<String, Object> p = new Hashtable<>();
        p.put(BindingRule.SERVER_NAME, name);
        p.put("org.apache.felix.http.enable", Boolean.FALSE);
        p.put("org.apache.felix.https.enable", Boolean.TRUE);
        p.put(BindingRule.HOST, settings.address());
        p.put("org.osgi.service.http.port.secure", settings.port());
        p.put("org.apache.felix.https.keystore", files.keystore().toString());
        p.put("org.apache.felix.https.keystore.type", "PKCS12");
        p.put("org.apache.felix.https.keystore.password", files.password());
        p.put("org.apache.felix.https.keystore.key.password", files.password());
        // Wanted, not needed: a client with a token and no certificate must get through TLS to be answered.
        p.put("org.apache.felix.jetty.websocket.enable", Boolean.TRUE); // exec: Jetty's WebSocket container
        p.put("org.apache.felix.https.clientcertificate", files.truststore().isPresent() ? "wants" : "none");
        files.truststore().ifPresent(t -> {
            p.put("org.apache.felix.https.truststore", t.toString());
            p.put("org.apache.felix.https.truststore.type", "PKCS12");
            p.put("org.apache.felix.https.truststore.password", files.password());
        });
        return p;
    }

    /**
     * Removes the server, waits (up to {@value #STOP_WAIT_S} s) for it to stop, then removes the API's gate and
     * servlets: servlets that target every server must never be served here without the gate.
     */
    @Override
    public void close() {
        CountDownLatch stopped = new CountDownLatch(1);
        String runtime = "(&(objectClass=" + RUNTIME + ")(" + BindingRule.SERVER_NAME + "=" + name + "))";
        ServiceListener listener = event -> {
            if (event.getType() == ServiceEvent.UNREGISTERING) {
                stopped.countDown();
            }
        };
        try {
            context.addServiceListener(listener, runtime);
            ServiceReference<?>[] running = context.getAllServiceReferences(RUNTIME, runtime);
            configuration.delete();
            if (running != null && !stopped.await(STOP_WAIT_S, TimeUnit.SECONDS)) {
                LOG.warn("Kubelet API server {} did not stop within {} s", name, STOP_WAIT_S);
            }
        } catch (IOException | IllegalStateException | InvalidSyntaxException e) {
            LOG.warn("Kubelet API server {} could not be removed: {}", name, Secrets.redact(e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                context.removeServiceListener(listener);
            } catch (IllegalStateException e) {
                // the bundle is stopping
            }
        }
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException e) {
                // already gone with the bundle
            }
        }
        registrations.clear();
        LOG.info("Kubelet API server {} removed", name);
    }
}
