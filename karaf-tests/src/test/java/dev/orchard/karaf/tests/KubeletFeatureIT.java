package dev.orchard.karaf.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.inject.Inject;
import org.apache.karaf.features.FeaturesService;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * Installs the {@code orchard-kubelet} feature, with the mock provider, into a real Apache Karaf 4.4 (minimal,
 * offline), with {@code etc/dev.orchard.kubelet-karaf.cfg} pointing a bridge at fabric8's mock API server in the
 * test JVM: the node is registered in the API server, Ready (the mock provider serves its name), and its Lease is
 * there. It goes through no shell, so it runs on every Java.
 */
@RunWith(KarafExam.class)
@ExamReactorStrategy(PerClass.class)
public class KubeletFeatureIT {
    private static final long TIMEOUT_MS = 120_000;
    /** Karaf system property: the mock API server's URL. */
    private static final String API_SERVER = "orchard.it.kubelet.url";

    private static final String NODE = "karaf-node";
    // One condition object of the node's status, and its fields (the server's JSON has no nested object there).
    private static final Pattern READY = Pattern.compile("\\{[^{}]*\"type\":\"Ready\"[^{}]*\\}");

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    /** Creates the test; pax-exam does. */
    public KubeletFeatureIT() {}

    /**
     * The Karaf to run in, with one bridge configured, and the mock API server it reaches; evaluated in the test
     * JVM.
     *
     * @return the pax-exam options
     * @throws IOException if a file the test needs cannot be written, or the server cannot listen
     */
    @Configuration
    public Option[] config() throws IOException {
        String url = MockApiServer.url();
        List<Option> options = new ArrayList<>(List.of(KarafSetup.options()));
        // The feature brings the HTTP add-on (for the kubelet API, which this bridge leaves off: it sets no
        // kubelet.client.ca or kubelet.token.file); Jetty gets a free loopback port, never Felix HTTP's 8080.
        options.addAll(KarafSetup.httpOptions(KarafSetup.freePort()));
        String cfg = "etc/dev.orchard.kubelet-karaf.cfg";
        options.add(editConfigurationFilePut(cfg, "node.name", NODE));
        options.add(editConfigurationFilePut(cfg, "provider", "mock"));
        options.add(editConfigurationFilePut(cfg, "master.url", url));
        options.add(editConfigurationFilePut(cfg, "lease.interval.ms", "1000"));
        options.add(editConfigurationFilePut(cfg, "status.interval.ms", "1000"));
        options.add(systemProperty(API_SERVER).value(url));
        return options.toArray(new Option[0]);
    }

    /**
     * After {@code feature:install orchard-provider-mock orchard-kubelet}, the bridge and fabric8's bundles are
     * active, and the configured node appears in the API server with the virtual-kubelet label, turns Ready, and
     * holds a Lease.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void theFeatureInstallsAndRegistersTheNodeInTheMockApiServer() throws Exception {
        KarafSetup.install(features, "orchard-provider-mock", "orchard-kubelet");
        boolean bridge = false;
        for (Bundle b : context.getBundles()) {
            String bsn = String.valueOf(b.getSymbolicName());
            if (bsn.startsWith("io.fabric8.") || bsn.equals("dev.orchard.kubelet")) {
                boolean fragment = b.getHeaders().get("Fragment-Host") != null;
                assertEquals(bsn + " is active", fragment ? Bundle.RESOLVED : Bundle.ACTIVE, b.getState());
                bridge |= bsn.equals("dev.orchard.kubelet");
            }
        }
        assertTrue("the feature installed dev.orchard.kubelet", bridge);

        String server = System.getProperty(API_SERVER);
        String node = server + "api/v1/nodes/" + NODE;
        Await.until(
                "the node " + NODE + " is Ready in the API server",
                TIMEOUT_MS,
                () -> ready(HttpProbe.get(node).body()));
        String body = HttpProbe.get(node).body();
        assertTrue(body, body.contains("\"type\":\"virtual-kubelet\""));
        assertTrue(body, body.contains("\"virtual-kubelet.io/provider\""));
        HttpResponse<String> lease =
                HttpProbe.get(server + "apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" + NODE);
        assertEquals("the node's Lease: " + lease.body(), 200, lease.statusCode());
    }

    private static boolean ready(String node) {
        Matcher m = READY.matcher(node);
        return m.find() && m.group().contains("\"status\":\"True\"");
    }
}
