package dev.orchard.karaf.tests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import javax.inject.Inject;
import org.apache.karaf.features.Feature;
import org.apache.karaf.features.FeaturesService;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Installs the {@code orchard} feature into a real Apache Karaf 4.4 (the minimal distribution, offline) and checks
 * what a Karaf user would: the registries list {@code mock} and {@code local}, the local provider creates and
 * deletes a volume, the {@code orchard:*} commands run in Karaf's shell, and a provider bundle installed at run time
 * comes and goes. One Karaf serves every test; the first test to run installs the feature and reports how long that
 * took.
 *
 * <p>This class names no {@code dev.orchard.api} type (see {@link OrchardInKaraf}).
 */
@RunWith(KarafExam.class)
@ExamReactorStrategy(PerClass.class)
public class OrchardFeatureIT {
    /** How long any wait may take: 2 shared cores make Karaf slow, never this slow. */
    private static final long TIMEOUT_MS = 60_000;

    private static final Set<String> PROVIDERS = Set.of("mock", "local");
    private static final String PAX_LOGGING_API = "org.ops4j.pax.logging.pax-logging-api";

    /** The Orchard view, created once the feature is installed; shared by the tests of this Karaf. */
    private static OrchardInKaraf orchard;

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    @Inject
    private SessionFactory sessions;

    /** Creates the test; pax-exam does. */
    public OrchardFeatureIT() {}

    /**
     * The Karaf to run in; evaluated in the test JVM.
     *
     * @return the pax-exam options
     * @throws IOException if a file the test needs cannot be written
     */
    @Configuration
    public Option[] config() throws IOException {
        return KarafSetup.options();
    }

    /**
     * Karaf's log (at WARN, as pax-exam configures it) stays free of warnings and errors: an Orchard component that
     * fails to activate, a bundle that does not resolve or a bad configuration would show there first.
     *
     * @throws IOException if the log cannot be read
     */
    @After
    public void karafLogHasNoWarningsOrErrors() throws IOException {
        Path log = Path.of(System.getProperty("karaf.log"), "karaf.log");
        if (!Files.exists(log)) {
            return; // nothing logged at WARN or above yet: pax-logging creates the file on the first line
        }
        List<String> bad = Files.readAllLines(log).stream()
                .filter(line -> line.contains("| WARN ") || line.contains("| ERROR "))
                .collect(Collectors.toList());
        assertEquals("warnings and errors in " + log, List.of(), bad);
    }

    /**
     * After {@code feature:install orchard}, the orchard features are installed, every Orchard bundle is active,
     * and both registries are services that list {@code mock} and {@code local}.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void orchardFeatureInstallsAndBothRegistriesListMockAndLocal() throws Exception {
        OrchardInKaraf o = orchard();
        for (String name : List.of("orchard", "orchard-core", "orchard-provider-mock", "orchard-provider-local")) {
            Feature[] found = features.getFeatures(name);
            assertEquals("features named " + name, 1, found.length);
            assertTrue(name + " is installed", features.isInstalled(found[0]));
        }
        for (String bsn : List.of(
                "dev.orchard.api", "dev.orchard.registry", "dev.orchard.provider.mock", "dev.orchard.provider.local")) {
            Bundle bundle = bundle(bsn);
            assertNotNull(bsn + " is installed", bundle);
            assertEquals(bsn + " is ACTIVE", Bundle.ACTIVE, bundle.getState());
        }
        assertTrue(
                "orchestrators: " + o.orchestratorNames(), o.orchestratorNames().containsAll(PROVIDERS));
        assertTrue(
                "pod providers: " + o.podProviderNames(), o.podProviderNames().containsAll(PROVIDERS));
        assertEquals(
                "mock's bundle",
                "dev.orchard.provider.mock/"
                        + bundle("dev.orchard.provider.mock").getVersion(),
                o.orchestratorBundle("mock").orElse(""));
    }

    /**
     * The feature ships neither slf4j-api nor SPI Fly: Orchard's bundles get {@code org.slf4j} from Karaf's
     * pax-logging, and Jackson from the bundles the feature lists.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void slf4jComesFromPaxLoggingAndNothingExtraIsInstalled() throws Exception {
        orchard();
        for (Bundle bundle : context.getBundles()) {
            String bsn = String.valueOf(bundle.getSymbolicName());
            assertFalse("an slf4j-api bundle is installed: " + bsn, bsn.equals("slf4j.api"));
            assertFalse("SPI Fly is installed: " + bsn, bsn.startsWith("org.apache.aries.spifly"));
        }
        for (String bsn : List.of("dev.orchard.registry", "dev.orchard.provider.mock", "dev.orchard.provider.local")) {
            assertEquals(bsn + " imports org.slf4j from", PAX_LOGGING_API, exporterOf(bsn, "org.slf4j"));
        }
        assertEquals(
                "the local provider imports Jackson from",
                "com.fasterxml.jackson.core.jackson-databind",
                exporterOf("dev.orchard.provider.local", "com.fasterxml.jackson.databind"));
    }

    /**
     * A volume is created and deleted through {@code OrchestratorRegistry.get("local").storageOps()}, as a
     * directory under the root that {@code etc/dev.orchard.provider.local.cfg} configures.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void localProviderCreatesAndDeletesAVolumeUnderItsConfiguredRoot() throws Exception {
        Path root = Path.of(System.getProperty(KarafSetup.VOLUMES));
        orchard().createAndDeleteLocalVolume(root, "karaf-it", "data");
    }

    /**
     * The registry's commands are Gogo functions that Karaf's shell runs: {@code orchard:providers} prints mock and
     * local to the session's output (it returns nothing, as Karaf's own commands), and a failure prints its one line
     * on the session's stderr.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    @UsesKarafShell
    public void orchardCommandsRunInKarafsShell() throws Exception {
        orchard();
        ServiceReference<?>[] commands = context.getServiceReferences(
                (String) null, "(&(osgi.command.scope=orchard)(osgi.command.function=providers))");
        assertNotNull("no service with osgi.command.scope=orchard and osgi.command.function=providers", commands);
        assertEquals(1, commands.length);

        Shell shell = execute("orchard:providers");
        assertEquals("orchard:providers returns nothing: it prints", "", shell.result);
        assertTrue("header of:\n" + shell.out, shell.out.startsWith("NAME "));
        assertProvidersTable(shell.out);

        Shell failed = execute("orchard:provider nope");
        assertEquals("NotFound: provider \"nope\" not found", failed.err.strip());
    }

    /**
     * Karaf's batch client ({@code bin/client -b}, the commands on its stdin, over SSH) prints the table of
     * {@code orchard:providers}: the command prints it to the session's output, since Karaf's SSH shell prints no
     * command's return value.
     *
     * @throws Exception if Karaf or the client fails
     */
    @Test
    @UsesKarafShell
    public void orchardProvidersPrintsItsTableThroughTheBatchClient() throws Exception {
        orchard();
        BatchClient.Run run = BatchClient.run("orchard:providers\n", TIMEOUT_MS);
        assertEquals("bin/client -b exit code; stderr:\n" + run.err(), 0, run.exitCode());
        assertProvidersTable(run.out());
    }

    /**
     * Karaf's {@code help} describes an orchard command with its usage, options and parameters (it runs the command
     * with {@code --help}), and lists the commands with their descriptions.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    @UsesKarafShell
    public void karafsHelpDescribesTheOrchardCommands() throws Exception {
        orchard();
        Shell help = execute("help orchard:volume-add");
        assertTrue(help.out, help.out.contains("volume-add - creates a volume"));
        assertTrue(
                help.out,
                help.out.contains(
                        "usage: volume-add [-n <namespace>] [-r <replicas>] [-l <key>=<value>]... <orchestrator> <name>"
                                + " <capacity>"));
        assertTrue(help.out, help.out.contains("<capacity>       its size, a quantity such as 64Mi or 1Gi"));

        Shell list = execute("help");
        assertTrue(list.out, list.out.contains("orchard:exec"));
        assertTrue(list.out, list.out.contains("runs a command in a container"));
    }

    private static void assertProvidersTable(String table) {
        List<String> rows = table.lines().map(String::strip).collect(Collectors.toList());
        assertTrue("header of:\n" + table, rows.stream().anyMatch(r -> r.startsWith("NAME ")));
        for (String name : PROVIDERS) {
            for (String kind : List.of("orchestrator", "pod")) {
                assertTrue(
                        name + " " + kind + " ACTIVE in:\n" + table,
                        rows.stream()
                                .anyMatch(r -> r.matches(name + "\\s+" + kind
                                        + "\\s+ACTIVE\\s+dev\\.orchard\\.provider\\." + name + "/.*")));
            }
        }
    }

    /**
     * Karaf with Orchard listens on the loopback address only: SSH on the port the configuration chose, and
     * pax-exam's RMI and Karaf's shutdown port beside it (Linux only: it reads {@code /proc}).
     *
     * @throws Exception if Karaf fails
     */
    @Test
    public void everyListeningSocketIsOnLoopback() throws Exception {
        orchard();
        assumeTrue("needs Linux's /proc", ListeningSockets.supported());
        List<InetSocketAddress> listening = ListeningSockets.ofThisProcess();
        int sshPort = Integer.parseInt(System.getProperty(KarafSetup.SSH_PORT));
        assertTrue(
                "SSH listens on port " + sshPort + ": " + listening,
                listening.stream().anyMatch(a -> a.getPort() == sshPort));
        for (InetSocketAddress address : listening) {
            assertTrue(
                    "listens beyond loopback: " + address + " (all: " + listening + ")",
                    address.getAddress().isLoopbackAddress());
        }
    }

    /**
     * A provider bundle installed at run time (built by this test, see {@link TinyProviderBundle}) appears in the
     * registry and in {@code orchard:providers}, and disappears when it is uninstalled.
     *
     * @throws Exception if Karaf fails
     */
    @Test
    @UsesKarafShell
    public void providerBundleInstalledAtRuntimeAppearsAndDisappears() throws Exception {
        OrchardInKaraf o = orchard();
        String name = "tiny";
        assertFalse("tiny is there before its bundle", o.orchestratorNames().contains(name));
        Path jar = Path.of(System.getProperty(KarafSetup.TINY_BUNDLE));

        long start = System.nanoTime();
        Bundle tiny = context.installBundle(jar.toUri().toString());
        try {
            tiny.start();
            Await.until(
                    "the registry lists tiny",
                    TIMEOUT_MS,
                    () -> o.orchestratorNames().contains(name));
        } finally {
            if (!o.orchestratorNames().contains(name)) {
                tiny.uninstall(); // leave this Karaf as the other tests expect it
            }
        }
        long appeared = System.nanoTime();
        try {
            assertEquals(
                    TinyProviderBundle.SYMBOLIC_NAME + "/1.0.0",
                    o.orchestratorBundle(name).orElse(""));
            assertTrue(execute("orchard:providers").out.lines().anyMatch(r -> r.startsWith(name + " ")));
        } finally {
            tiny.uninstall();
        }
        Await.until(
                "the registry drops tiny",
                TIMEOUT_MS,
                () -> !o.orchestratorNames().contains(name));
        long gone = System.nanoTime();
        assertTrue(
                "mock and local stay: " + o.orchestratorNames(),
                o.orchestratorNames().containsAll(PROVIDERS));
        report(
                "tiny.visible.ms",
                ms(appeared - start),
                "karaf: a provider bundle installed at run time is listed " + ms(appeared - start)
                        + " ms after installBundle, gone " + ms(gone - appeared) + " ms after uninstall");
        report("tiny.gone.ms", ms(gone - appeared), null);
    }

    /**
     * Adds the orchard features repository and installs the feature {@code orchard}, once per Karaf, and reports
     * the time from {@code installFeature} until both registries list mock and local.
     */
    private OrchardInKaraf orchard() throws Exception {
        synchronized (OrchardFeatureIT.class) {
            if (orchard == null) {
                features.addRepository(KarafSetup.featuresRepository());
                long start = System.nanoTime();
                features.installFeature("orchard");
                long installed = System.nanoTime();
                OrchardInKaraf view = new OrchardInKaraf(context);
                view.awaitProviders(PROVIDERS, TIMEOUT_MS);
                long listed = System.nanoTime();
                report("install.returned.ms", ms(installed - start), null);
                report(
                        "install.listed.ms",
                        ms(listed - start),
                        "karaf: orchard installed and providers listed "
                                + ms(listed - start) + " ms after feature:install (installFeature returned after "
                                + ms(installed - start) + " ms)");
                orchard = view;
            }
            return orchard;
        }
    }

    private Bundle bundle(String symbolicName) {
        return Arrays.stream(context.getBundles())
                .filter(b -> symbolicName.equals(b.getSymbolicName()))
                .findFirst()
                .orElse(null);
    }

    /** The symbolic name of the bundle that a bundle's import of a package is wired to. */
    private String exporterOf(String importer, String packageName) {
        Bundle bundle = bundle(importer);
        assertNotNull(importer + " is installed", bundle);
        List<String> exporters = new ArrayList<>();
        for (BundleWire wire : bundle.adapt(BundleWiring.class).getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
            if (packageName.equals(wire.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE))) {
                exporters.add(wire.getProvider().getBundle().getSymbolicName());
            }
        }
        assertEquals(importer + "'s wires for " + packageName, 1, exporters.size());
        return exporters.get(0);
    }

    /** What one command returned and printed. */
    private record Shell(String result, String out, String err) {}

    /** Runs a command line in a new Karaf shell session, as a person at the console would. */
    private Shell execute(String commandLine) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Object result;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
                Session session = sessions.create(new ByteArrayInputStream(new byte[0]), outStream, errStream)) {
            result = session.execute(commandLine);
        }
        return new Shell(
                result == null ? "" : result.toString(),
                out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }

    /** Prints a measurement and records it in the measurements file that Maven's test JVM named. */
    private static synchronized void report(String key, long value, String line) throws IOException {
        if (line != null) {
            System.out.println(line);
        }
        Path file = Path.of(System.getProperty(KarafSetup.MEASUREMENTS));
        Properties measured = new Properties();
        if (Files.exists(file)) {
            try (var in = Files.newInputStream(file)) {
                measured.load(in);
            }
        }
        measured.setProperty(key, Long.toString(value));
        try (OutputStream fileOut = Files.newOutputStream(file)) {
            measured.store(fileOut, "Karaf test measurements, ms");
        }
    }
}
