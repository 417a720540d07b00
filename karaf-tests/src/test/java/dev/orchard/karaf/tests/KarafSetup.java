package dev.orchard.karaf.tests;

import static org.ops4j.pax.exam.CoreOptions.maven;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;
import static org.ops4j.pax.exam.CoreOptions.vmOption;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.configureConsole;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFileExtend;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.karafDistributionConfiguration;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.keepRuntimeFolder;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.logLevel;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.apache.karaf.features.FeaturesService;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.karaf.options.LogLevelOption.LogLevel;

/**
 * The pax-exam configuration of the Karaf test. It runs in the test JVM only (pax-exam calls the configuration
 * method there), so the Karaf test class itself never loads pax-exam's Karaf options inside Karaf.
 *
 * <p>Maven passes the settings as system properties (see this module's pom.xml): {@code orchard.version},
 * {@code orchard.karaf.version}, {@code orchard.repo} (this build's bundles in Maven layout),
 * {@code orchard.karaf.dir} (where Karaf is unpacked) and {@code org.ops4j.pax.url.mvn.localRepository}.
 */
final class KarafSetup {
    /** Karaf system property: the version of the orchard features repository to add. */
    static final String VERSION = "orchard.version";
    /** Karaf system property: the provider bundle jar that the test installs at run time. */
    static final String TINY_BUNDLE = "orchard.it.tiny.bundle";
    /** Karaf system property: the local provider's volume root. */
    static final String VOLUMES = "orchard.it.volumes";
    /** Karaf system property: the port Karaf's SSH server listens on. */
    static final String SSH_PORT = "orchard.it.ssh.port";
    /** Karaf system property: the password of {@link #SSH_USER}, new for every run. */
    static final String SSH_PASSWORD = "orchard.it.ssh.password";
    /** The user the batch client logs in as; {@code etc/users.properties} gives it the role {@code ssh}. */
    static final String SSH_USER = "orchard-it";
    /** Karaf system property: a file the test writes its measurements to. */
    static final String MEASUREMENTS = "orchard.it.measurements";

    private static final String LOOPBACK = "127.0.0.1";
    private static final String MVN_CFG = "etc/org.ops4j.pax.url.mvn.cfg";
    private static final String MVN = "org.ops4j.pax.url.mvn.";

    private KarafSetup() {}

    /**
     * The orchard features repository of this build, inside Karaf (the version comes from {@link #VERSION}).
     *
     * @return its {@code mvn:} URI
     */
    static URI featuresRepository() {
        return URI.create("mvn:dev.orchard/karaf-feature/" + System.getProperty(VERSION) + "/xml/features");
    }

    /**
     * Adds the orchard features repository (again is harmless) and installs the features, in order.
     *
     * @param features Karaf's features service
     * @param names the features to install
     * @throws Exception if Karaf cannot
     */
    static void install(FeaturesService features, String... names) throws Exception {
        features.addRepository(featuresRepository());
        for (String name : names) {
            features.installFeature(name);
        }
    }

    /**
     * What a Karaf needs before an Orchard feature with the HTTP add-on ({@code orchard-http}, or
     * {@code orchard-kubelet}, which brings it) is installed, as the features' descriptions say: Felix HTTP waits
     * for its configuration (which Orchard's binding guard checks), here 127.0.0.1 and {@code port}; and the
     * system bundle exports {@code com.sun.management}, which the Prometheus client's JVM metrics import and Karaf's
     * {@code etc/config.properties} leaves out.
     *
     * @param port the port Jetty is configured to listen on
     * @return the pax-exam options
     */
    static List<Option> httpOptions(String port) {
        List<Option> options = new ArrayList<>(plainHttpOptions(port));
        // The console serves nothing until Orchard's login (the HTTP token) is registered (README).
        options.add(
                editConfigurationFilePut("etc/system.properties", "felix.webconsole.security.providers", "orchard"));
        return options;
    }

    /**
     * As {@link #httpOptions(String)}, without {@code felix.webconsole.security.providers}: a Karaf set up only as
     * the features require, in which the console falls back to its own login while Orchard's is absent.
     *
     * @param port the port Jetty is configured to listen on
     * @return the pax-exam options
     */
    static List<Option> plainHttpOptions(String port) {
        return List.of(
                editConfigurationFilePut("etc/system.properties", "org.apache.felix.http.require.config", "true"),
                editConfigurationFileExtend(
                        "etc/config.properties", "org.osgi.framework.system.packages.extra", "com.sun.management"),
                editConfigurationFilePut("etc/org.apache.felix.http.cfg", "org.apache.felix.http.host", LOOPBACK),
                editConfigurationFilePut("etc/org.apache.felix.http.cfg", "org.osgi.service.http.port", port));
    }

    /**
     * Builds the options: Karaf minimal, offline, reading Maven's local repository and this build's bundles, with
     * every listening socket on 127.0.0.1 and a free port.
     *
     * @return the options
     * @throws IOException if a file the test needs cannot be written
     */
    static Option[] options() throws IOException {
        LoopbackRmi.install(); // before pax-exam creates its RMI registry in this JVM
        // pax-exam pumps this JVM's stdin into Karaf's. Under failsafe, stdin carries Maven's commands to this JVM:
        // Karaf would swallow the acknowledgement of the end of the run, and the JVM would wait 30 s to exit.
        // Failsafe keeps its own handle on the real stdin; Karaf, with no local console, reads none.
        System.setIn(InputStream.nullInputStream());
        Path karafDir = Path.of(required("orchard.karaf.dir")).toAbsolutePath();
        Files.createDirectories(karafDir);
        Path work = Files.createTempDirectory(karafDir, "run-");
        Path agent = writeAgent(work.resolve("loopback-rmi-agent.jar"));
        Path tiny = TinyProviderBundle.write(work.resolve("tiny-provider.jar"));
        String localRepository = required(MVN + "localRepository");
        String orchardRepo = Path.of(required("orchard.repo")).toUri().toString();
        String sshPort = freePort();
        String sshPassword = UUID.randomUUID().toString();
        List<Option> options = new ArrayList<>(List.of(
                karafDistributionConfiguration()
                        .frameworkUrl(maven().groupId("org.apache.karaf")
                                .artifactId("apache-karaf-minimal")
                                .version(required("orchard.karaf.version"))
                                .type("tar.gz"))
                        .unpackDirectory(karafDir.toFile())
                        .useDeployFolder(false),
                configureConsole().ignoreLocalConsole(),
                logLevel(LogLevel.WARN),
                vmOption("-javaagent:" + agent),

                // Resolve only from Karaf's system/ folder, this build's bundles and Maven's local repository: offline.
                editConfigurationFilePut(MVN_CFG, MVN + "offline", "true"),
                editConfigurationFilePut(MVN_CFG, MVN + "localRepository", localRepository),
                editConfigurationFilePut(
                        MVN_CFG,
                        MVN + "defaultRepositories",
                        String.join(
                                ", ",
                                "${karaf.home.uri}${karaf.default.repository}@id=system.repository@snapshots",
                                "${karaf.data.uri}kar@id=kar.repository@multi@snapshots",
                                "${karaf.base.uri}${karaf.default.repository}@id=child.system.repository@snapshots",
                                orchardRepo + "@id=orchard.build@snapshots")),
                editConfigurationFilePut(MVN_CFG, MVN + "repositories", ""),

                // Everything that listens: loopback and a free port. (pax-exam sets the management ports itself.)
                editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshHost", LOOPBACK),
                editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshPort", sshPort),
                // Karaf minimal has no user; the batch client logs in as this one (roles after the password).
                editConfigurationFilePut("etc/users.properties", SSH_USER, sshPassword + ",ssh,viewer"),
                // Karaf minimal has no EventAdmin, so auditing a login through it logs a WARN on every SSH login.
                editConfigurationFilePut("etc/org.apache.karaf.jaas.cfg", "audit.eventadmin.enabled", "false"),
                editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiRegistryHost", LOOPBACK),
                editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiServerHost", LOOPBACK),
                editConfigurationFilePut("etc/custom.properties", "karaf.shutdown.host", LOOPBACK),

                // The local provider keeps its volumes and pods in this run's folder, not in Karaf's working folder.
                editConfigurationFilePut(
                        "etc/dev.orchard.provider.local.cfg",
                        "volume.root",
                        work.resolve("volumes").toString()),
                editConfigurationFilePut(
                        "etc/dev.orchard.provider.local.cfg",
                        "sandbox.root",
                        work.resolve("pods").toString()),
                systemProperty(VERSION).value(required(VERSION)),
                systemProperty(TINY_BUNDLE).value(tiny.toString()),
                systemProperty(SSH_PORT).value(sshPort),
                systemProperty(SSH_PASSWORD).value(sshPassword),
                systemProperty(VOLUMES).value(work.resolve("volumes").toString()),
                systemProperty(MEASUREMENTS)
                        .value(karafDir.resolve("measurements.properties").toString())));
        options.addAll(javaModuleOptions(required("orchard.karaf.version")));
        if (Boolean.getBoolean("orchard.it.keep")) {
            options.add(keepRuntimeFolder()); // -Dorchard.it.keep=true leaves Karaf under target/karaf to look at
        }
        return options.toArray(new Option[0]);
    }

    /**
     * The module options that Karaf's {@code bin/karaf} passes on Java 9 and later, which pax-exam's launcher
     * leaves out. Without the patched-in locator, Karaf's specs activator logs a NoClassDefFoundError for every
     * bundle with {@code META-INF/services} (Jackson's, for one). Paths are relative to Karaf's folder, the
     * working folder pax-exam starts it in.
     */
    private static List<Option> javaModuleOptions(String karafVersion) {
        List<String> args = List.of(
                "--add-reads=java.xml=java.logging",
                "--add-exports=java.base/org.apache.karaf.specs.locator=java.xml,ALL-UNNAMED",
                "--patch-module",
                "java.base=lib/endorsed/org.apache.karaf.specs.locator-" + karafVersion + ".jar",
                "--patch-module",
                "java.xml=lib/endorsed/org.apache.karaf.specs.java.xml-" + karafVersion + ".jar",
                "--add-opens",
                "java.base/java.security=ALL-UNNAMED",
                "--add-opens",
                "java.base/java.net=ALL-UNNAMED",
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                "--add-opens",
                "java.base/java.util=ALL-UNNAMED",
                "--add-opens",
                "java.naming/javax.naming.spi=ALL-UNNAMED",
                "--add-opens",
                "java.rmi/sun.rmi.transport.tcp=ALL-UNNAMED",
                "--add-exports=java.base/sun.net.www.protocol.file=ALL-UNNAMED",
                "--add-exports=java.base/sun.net.www.protocol.ftp=ALL-UNNAMED",
                "--add-exports=java.base/sun.net.www.protocol.http=ALL-UNNAMED",
                "--add-exports=java.base/sun.net.www.protocol.https=ALL-UNNAMED",
                "--add-exports=java.base/sun.net.www.protocol.jar=ALL-UNNAMED",
                "--add-exports=java.base/sun.net.www.content.text=ALL-UNNAMED",
                "--add-exports=jdk.xml.dom/org.w3c.dom.html=ALL-UNNAMED",
                "--add-exports=jdk.naming.rmi/com.sun.jndi.url.rmi=ALL-UNNAMED",
                "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
                "--add-exports=java.security.sasl/com.sun.security.sasl=ALL-UNNAMED",
                "--add-exports=java.naming/com.sun.jndi.ldap=ALL-UNNAMED");
        List<Option> options = new ArrayList<>();
        for (String arg : args) {
            options.add(vmOption(arg));
        }
        return options;
    }

    private static String required(String key) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + key + " is not set: run this test with Maven");
        }
        return value;
    }

    /**
     * A port of 127.0.0.1 that is free now; Karaf binds it seconds later. It is taken below Linux's ephemeral range
     * (32768 and up), which the kernel hands to outgoing connections (Maven's, pax-exam's RMI) meanwhile: a port the
     * kernel chose for a listener here (port 0) is in that range, and may be taken by then (a Karaf test once waited
     * two minutes for a Jetty that never answered on one). A collision fails the test loudly.
     *
     * @return the port
     * @throws IOException if no port between 20000 and 32767 can be bound
     */
    static String freePort() throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = 20_000 + java.util.concurrent.ThreadLocalRandom.current().nextInt(12_768);
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(LOOPBACK))) {
                return Integer.toString(socket.getLocalPort());
            } catch (IOException taken) {
                last = taken;
            }
        }
        throw new IOException("no free port of " + LOOPBACK + " between 20000 and 32767", last);
    }

    /** The {@code -javaagent} jar that installs {@link LoopbackRmi} in Karaf's JVM: that class and a manifest. */
    private static Path writeAgent(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), LoopbackRmi.class.getName());
        String entry = LoopbackRmi.class.getName().replace('.', '/') + ".class";
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream jarOut = new JarOutputStream(out, manifest);
                InputStream in = LoopbackRmi.class.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException(entry + " not found on the class path"));
            }
            jarOut.putNextEntry(new JarEntry(entry));
            in.transferTo(jarOut);
            jarOut.closeEntry();
        }
        return jar;
    }
}
