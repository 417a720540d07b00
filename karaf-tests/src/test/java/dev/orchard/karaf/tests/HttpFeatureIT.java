package dev.orchard.karaf.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
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
 * Installs the {@code orchard-http} feature, with the mock provider, into a real Apache Karaf 4.4 (minimal,
 * offline), set up as the feature's description says ({@code org.apache.felix.http.require.config=true} in
 * {@code etc/system.properties}) with Jetty on a free port of 127.0.0.1: the API answers
 * {@code GET /orchard/api/v1/providers} with the mock provider. It goes through no shell, so it runs on every Java.
 */
@RunWith(KarafExam.class)
@ExamReactorStrategy(PerClass.class)
public class HttpFeatureIT {
    private static final long TIMEOUT_MS = 120_000;
    /** Karaf system property: the port Jetty is configured to listen on. */
    private static final String PORT = "orchard.it.http.port";

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    /** Creates the test; pax-exam does. */
    public HttpFeatureIT() {}

    /**
     * The Karaf to run in, with Felix HTTP's configuration in {@code etc/}; evaluated in the test JVM.
     *
     * @return the pax-exam options
     * @throws IOException if a file the test needs cannot be written
     */
    @Configuration
    public Option[] config() throws IOException {
        // Free now; Jetty binds it after the feature's install. A collision fails the test loudly.
        String port = KarafSetup.freePort();
        List<Option> options = new ArrayList<>(List.of(KarafSetup.options()));
        options.addAll(KarafSetup.httpOptions(port));
        options.add(systemProperty(PORT).value(port));
        return options.toArray(new Option[0]);
    }

    /**
     * After {@code feature:install orchard-provider-mock orchard-http}, Felix HTTP and Orchard's HTTP bundle are
     * active and {@code GET /orchard/api/v1/providers} lists the mock provider.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void theFeatureInstallsAndServesTheApi() throws Exception {
        features.addRepository(URI.create(
                "mvn:dev.orchard/karaf-feature/" + System.getProperty(KarafSetup.VERSION) + "/xml/features"));
        features.installFeature("orchard-provider-mock");
        features.installFeature("orchard-http");
        for (String bsn : List.of("dev.orchard.http", "org.apache.felix.http.jetty12")) {
            Bundle b = bundle(bsn);
            assertEquals(bsn + " is active", Bundle.ACTIVE, b.getState());
        }
        URI providers = URI.create("http://127.0.0.1:" + System.getProperty(PORT) + "/orchard/api/v1/providers");
        Await.until("GET " + providers + " answers 200", TIMEOUT_MS, () -> HttpProbe.status(providers, null) == 200);
        HttpResponse<String> answer = HttpProbe.get(providers, null);
        assertEquals(answer.body(), 200, answer.statusCode());
        assertTrue(answer.body(), answer.body().contains("\"mock\""));
    }

    private Bundle bundle(String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + bsn + " after the feature's install");
    }
}
