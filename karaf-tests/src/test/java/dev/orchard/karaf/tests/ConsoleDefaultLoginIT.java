package dev.orchard.karaf.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The Web Console never takes its well-known admin/admin where Orchard is installed, even while Orchard's login is
 * absent: in a Karaf set up only as the features require (no {@code felix.webconsole.security.providers}), with
 * {@code orchard-webconsole} installed and then Orchard's HTTP add-on stopped, which takes Orchard's login away and
 * leaves the console on its own login.
 */
@RunWith(KarafExam.class)
@ExamReactorStrategy(PerClass.class)
public class ConsoleDefaultLoginIT {
    private static final long TIMEOUT_MS = 120_000;
    /** Karaf system property: the port Jetty is configured to listen on. */
    private static final String PORT = "orchard.it.http.port";

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    /** Creates the test; pax-exam does. */
    public ConsoleDefaultLoginIT() {}

    /**
     * The Karaf to run in, without the console's security providers property; evaluated in the test JVM.
     *
     * @return the pax-exam options
     * @throws IOException if a file the test needs cannot be written
     */
    @Configuration
    public Option[] config() throws IOException {
        String port = KarafSetup.freePort();
        List<Option> options = new ArrayList<>(List.of(KarafSetup.options()));
        options.addAll(KarafSetup.plainHttpOptions(port));
        options.add(systemProperty(PORT).value(port));
        return options.toArray(new Option[0]);
    }

    /**
     * With Orchard's login, the token opens the console and admin/admin does not; with Orchard's HTTP add-on
     * stopped, admin/admin still does not.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void adminAdminOpensNothingWithOrWithoutOrchardsLogin() throws Exception {
        KarafSetup.install(features, "orchard-provider-mock", "orchard-webconsole");
        URI bundles = URI.create("http://127.0.0.1:" + System.getProperty(PORT) + "/system/console/bundles.json");
        String login = "admin:" + token();
        Await.until("the token opens " + bundles, TIMEOUT_MS, () -> HttpProbe.status(bundles, login) == 200);
        assertEquals("admin/admin with Orchard's login", 401, HttpProbe.status(bundles, "admin:admin"));

        bundle("dev.orchard.http").stop();
        // Orchard's login goes with the add-on (the console's page needs its authority): the token opens no more.
        Await.until(
                "the token no longer opens " + bundles + " once Orchard's login is gone",
                TIMEOUT_MS,
                () -> HttpProbe.status(bundles, login) != 200);
        int status = HttpProbe.status(bundles, "admin:admin");
        assertTrue(
                "admin/admin without Orchard's login answers " + status + ", not 401 or 403",
                status == 401 || status == 403);
    }

    // The token the HTTP add-on made in Karaf's data folder, as the operator reads it.
    private String token() throws IOException {
        Path file = Path.of(context.getProperty("karaf.data"), "orchard-http", "token");
        Await.until("the token file " + file, TIMEOUT_MS, () -> Files.exists(file));
        return Files.readString(file).strip();
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
