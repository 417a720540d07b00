package dev.orchard.karaf.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
 * Installs the {@code orchard-provider-kubernetes} feature into a real Apache Karaf 4.4 (minimal, offline), with
 * {@code etc/dev.orchard.provider.kubernetes-k8s.cfg} pointing at fabric8's mock API server in the test JVM, and
 * creates a volume through the registry: the claim appears in the API server.
 *
 * <p>This class names no {@code dev.orchard.api} type (see {@link OrchardInKaraf}).
 */
@RunWith(KarafExam.class)
@ExamReactorStrategy(PerClass.class)
public class KubernetesFeatureIT {
    private static final long TIMEOUT_MS = 120_000;
    /** Karaf system property: the mock API server's URL. */
    private static final String API_SERVER = "orchard.it.kubernetes.url";

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    /** Creates the test; pax-exam does. */
    public KubernetesFeatureIT() {}

    /**
     * The Karaf to run in, and the mock API server it reaches; evaluated in the test JVM.
     *
     * @return the pax-exam options
     * @throws IOException if a file the test needs cannot be written, or the server cannot listen
     */
    @Configuration
    public Option[] config() throws IOException {
        String url = MockApiServer.url();
        List<Option> options = new ArrayList<>(List.of(KarafSetup.options()));
        String cfg = "etc/dev.orchard.provider.kubernetes-k8s.cfg";
        options.add(editConfigurationFilePut(cfg, "name", "k8s"));
        options.add(editConfigurationFilePut(cfg, "master.url", url));
        options.add(editConfigurationFilePut(cfg, "request.timeout.ms", "10000"));
        options.add(systemProperty(API_SERVER).value(url));
        return options.toArray(new Option[0]);
    }

    /**
     * After {@code feature:install orchard-provider-kubernetes}, fabric8's bundles and the provider are active, both
     * registries list {@code k8s}, and a volume added through the registry is a claim in the API server, gone
     * after the delete.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void theFeatureInstallsAndCreatesAVolumeAgainstTheMockApiServer() throws Exception {
        KarafSetup.install(features, "orchard-provider-kubernetes");
        for (Bundle b : context.getBundles()) {
            String bsn = String.valueOf(b.getSymbolicName());
            if (bsn.startsWith("io.fabric8.") || bsn.equals("dev.orchard.provider.kubernetes")) {
                boolean fragment = b.getHeaders().get("Fragment-Host") != null;
                assertEquals(bsn + " is active", fragment ? Bundle.RESOLVED : Bundle.ACTIVE, b.getState());
            }
        }
        OrchardInKaraf orchard = new OrchardInKaraf(context);
        orchard.awaitProviders(Set.of("k8s"), TIMEOUT_MS);

        String claim =
                System.getProperty(API_SERVER) + "api/v1/namespaces/orchard-karaf-it/persistentvolumeclaims/data";
        orchard.addVolume("k8s", "karaf-it", "data");
        HttpResponse<String> created = HttpProbe.get(claim);
        assertEquals("the claim is in the API server: " + created.body(), 200, created.statusCode());
        assertTrue(created.body(), created.body().contains("\"storage\":\"1048576\""));
        assertTrue("deleteStorage removed the volume", orchard.deleteVolume("k8s", "karaf-it", "data"));
        assertEquals("the claim is gone", 404, HttpProbe.get(claim).statusCode());
    }
}
