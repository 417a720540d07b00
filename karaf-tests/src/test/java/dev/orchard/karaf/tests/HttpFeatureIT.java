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
 * {@code GET /orchard/api/v1/providers} with the mock provider; and the {@code orchard-webconsole} feature in the
 * same Karaf: Felix Web Console 5 serves Orchard's page at {@code /system/console/orchard} behind its login. It
 * goes through no shell, so it runs on every Java.
 */
@RunWith(KarafExam.class)
@ExamReactorStrategy(PerClass.class)
public class HttpFeatureIT {
    private static final long TIMEOUT_MS = 120_000;
    /** Karaf system property: the port Jetty is configured to listen on. */
    private static final String PORT = "orchard.it.http.port";
    /** The console's own default login, which opens nothing: its login is the HTTP add-on's token. */
    private static final String DEFAULT_LOGIN = "admin:admin";
    /** The page's row of the mock's pod provider, serving. */
    private static final String MOCK_ACTIVE = "data-name='mock' data-kind='POD' data-state='ACTIVE'";

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
        KarafSetup.install(features, "orchard-provider-mock", "orchard-http");
        for (String bsn : List.of("dev.orchard.http", "org.apache.felix.http.jetty12")) {
            Bundle b = bundle(bsn);
            assertEquals(bsn + " is active", Bundle.ACTIVE, b.getState());
        }
        URI providers = URI.create("http://127.0.0.1:" + System.getProperty(PORT) + "/orchard/api/v1/providers");
        // Authentication is on by default: the add-on made its token in Karaf's data folder.
        Await.until("GET " + providers + " answers 401", TIMEOUT_MS, () -> HttpProbe.status(providers, null) == 401);
        String bearer = "Bearer " + token();
        Await.until("GET " + providers + " answers 200", TIMEOUT_MS, () -> HttpProbe.status(providers, bearer) == 200);
        HttpResponse<String> answer = HttpProbe.get(providers, bearer);
        assertEquals(answer.body(), 200, answer.statusCode());
        assertTrue(answer.body(), answer.body().contains("\"mock\""));
    }

    /**
     * After {@code feature:install orchard-provider-mock orchard-webconsole}, the console and Orchard's page are
     * active; the page answers 401 without the login, and with it lists the mock provider, as its fragment does.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void theFeatureInstallsAndServesTheOrchardPage() throws Exception {
        KarafSetup.install(features, "orchard-provider-mock", "orchard-webconsole");
        List<String> wanted = List.of("dev.orchard.webconsole", "org.apache.felix.webconsole", "dev.orchard.http");
        for (Bundle b : context.getBundles()) {
            if (wanted.contains(b.getSymbolicName())) {
                assertEquals(b.getSymbolicName() + " is active", Bundle.ACTIVE, b.getState());
            }
        }
        String console = "http://127.0.0.1:" + System.getProperty(PORT) + "/system/console/orchard";
        URI page = URI.create(console);
        String login = "admin:" + token();
        Await.until("GET " + page + " answers 200", TIMEOUT_MS, () -> HttpProbe.status(page, login) == 200);
        HttpResponse<String> shown = HttpProbe.get(page, login);
        assertTrue(shown.body(), shown.body().contains("id='orchard-providers'"));
        assertTrue(shown.body(), shown.body().contains(MOCK_ACTIVE));
        assertEquals("without the login", 401, HttpProbe.get(page, null).statusCode());
        assertEquals(
                "with a wrong password", 401, HttpProbe.get(page, "admin:wrong").statusCode());
        assertEquals(
                "with the console's default",
                401,
                HttpProbe.get(page, DEFAULT_LOGIN).statusCode());
        HttpResponse<String> fragment = HttpProbe.get(URI.create(console + "/fragment"), login);
        assertEquals(fragment.body(), 200, fragment.statusCode());
        assertTrue(fragment.body(), fragment.body().contains(MOCK_ACTIVE));
    }

    // The token the HTTP add-on made in Karaf's data folder, as the operator reads it.
    private String token() throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Path.of(context.getProperty("karaf.data"), "orchard-http", "token");
        Await.until("the token file " + file, TIMEOUT_MS, () -> java.nio.file.Files.exists(file));
        return java.nio.file.Files.readString(file).strip();
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
