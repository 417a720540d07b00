package dev.orchard.provider.kubernetes.conformance;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.felix.framework.FrameworkFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;

/**
 * A real Felix framework in the test's JVM, holding the runtime's own bundles (taken from the test's class path),
 * whatever jars a run adds (the deploy folder, the kit) and configurations given through Configuration Admin. The
 * JUnit API packages come from the test's class path through the system bundle, so that the kit's classes, loaded by
 * their bundle, can run on the test's own JUnit launcher.
 */
final class Felix implements AutoCloseable {
    /** The runtime's bundles, by the start of their jar's name, in the order the runtime starts them. */
    private static final List<String> RUNTIME = List.of(
            "asm-",
            "org.apache.aries.spifly.dynamic.bundle-",
            "slf4j-api-",
            "slf4j-simple-",
            "jackson-core-",
            "jackson-annotations-",
            "jackson-databind-",
            "org.osgi.util.function-",
            "org.osgi.util.promise-",
            "org.osgi.service.component-",
            "org.apache.felix.scr-",
            "org.apache.felix.configadmin-",
            "orchard-api-");

    private static final String JUNIT = "5.11.4";
    private static final String PLATFORM = "1.11.4";

    private final Framework framework;

    /**
     * Starts a framework with the runtime's bundles and the given jars, all started.
     *
     * @param storage an empty folder for the framework's cache
     * @param properties more framework properties
     * @param jars the jars to add, started after the runtime's
     * @throws BundleException if a bundle does not install or start
     */
    Felix(Path storage, Map<String, String> properties, List<Path> jars) throws BundleException {
        Map<String, String> config = new HashMap<>(properties);
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, junitPackages());
        // The test's class path holds fabric8 too: no bundle may reach it past its imports, as none can in the
        // runtime, whose class path holds only its launcher.
        config.put("felix.bootdelegation.implicit", "false");
        framework = new FrameworkFactory().newFramework(config);
        framework.start();
        List<Bundle> bundles = new ArrayList<>();
        for (Path jar : runtimeJars()) {
            bundles.add(context().installBundle(jar.toUri().toString()));
        }
        for (Path jar : jars) {
            bundles.add(context().installBundle(jar.toUri().toString()));
        }
        for (Bundle b : bundles) {
            if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                b.start();
            }
        }
    }

    private static String junitPackages() {
        List<String> packages = new ArrayList<>();
        for (String p : List.of(
                "org.junit.jupiter.api",
                "org.junit.jupiter.api.extension",
                "org.junit.jupiter.api.function",
                "org.junit.jupiter.api.io",
                "org.junit.jupiter.params",
                "org.junit.jupiter.params.provider",
                "org.junit.jupiter.params.support")) {
            packages.add(p + ";version=" + JUNIT);
        }
        for (String p : List.of(
                "org.junit.platform.commons",
                "org.junit.platform.commons.annotation",
                "org.junit.platform.commons.function",
                "org.junit.platform.commons.support")) {
            packages.add(p + ";version=" + PLATFORM);
        }
        packages.add("org.opentest4j;version=1.3.0");
        packages.add("org.apiguardian.api;version=1.1.2");
        return String.join(",", packages);
    }

    // The runtime's bundles as the test's class path holds them: the versions the runtime is built with.
    private static List<Path> runtimeJars() {
        List<Path> classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .filter(p -> p.toString().endsWith(".jar"))
                .toList();
        List<Path> jars = new ArrayList<>();
        for (String prefix : RUNTIME) {
            List<Path> found = classPath.stream()
                    .filter(p -> p.getFileName().toString().startsWith(prefix)
                            && !p.getFileName().toString().contains("-tests"))
                    .toList();
            if (found.isEmpty()) {
                throw new IllegalStateException("the test's class path has no " + prefix + "*.jar");
            }
            jars.addAll(found);
        }
        return jars;
    }

    /**
     * Every jar of a folder, by name.
     *
     * @param folder the folder, e.g. the deploy folder
     * @return its jars
     * @throws IOException if it cannot be listed
     */
    static List<Path> jarsIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /**
     * The system bundle's context.
     *
     * @return the context
     */
    BundleContext context() {
        return framework.getBundleContext();
    }

    /**
     * The installed bundle of a symbolic name.
     *
     * @param symbolicName the name
     * @return the bundle
     */
    Bundle bundle(String symbolicName) {
        for (Bundle b : context().getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + symbolicName + " is installed");
    }

    /**
     * Creates a factory configuration through Configuration Admin, as a {@code .cfg} in deploy/ would.
     *
     * @param factoryPid the factory PID
     * @param properties its properties
     * @throws Exception if Configuration Admin refuses it
     */
    void configure(String factoryPid, Map<String, String> properties) throws Exception {
        ServiceReference<?> ref =
                firstOf(context().getAllServiceReferences("org.osgi.service.cm.ConfigurationAdmin", null));
        if (ref == null) {
            throw new AssertionError("Configuration Admin is not running");
        }
        // Configuration Admin's classes are its bundle's, not the test's (hence getAllServiceReferences above): reach
        // them through its interfaces, by reflection.
        Class<?> admin = ref.getBundle().loadClass("org.osgi.service.cm.ConfigurationAdmin");
        Class<?> configuration = ref.getBundle().loadClass("org.osgi.service.cm.Configuration");
        Object service = context().getService(ref);
        Object created = admin.getMethod("createFactoryConfiguration", String.class, String.class)
                .invoke(service, factoryPid, "?");
        Dictionary<String, Object> values = new Hashtable<>(properties);
        configuration.getMethod("update", Dictionary.class).invoke(created, values);
    }

    private static ServiceReference<?> firstOf(ServiceReference<?>[] refs) {
        return refs == null ? null : refs[0];
    }

    @Override
    public void close() throws Exception {
        framework.stop();
        framework.waitForStop(30_000);
    }
}
