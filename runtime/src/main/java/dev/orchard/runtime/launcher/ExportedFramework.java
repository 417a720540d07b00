package dev.orchard.runtime.launcher;

import dev.orchard.runtime.launcher.LauncherProperties.RunBundle;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * Creates the framework of an executable jar exported from a bndrun: through the standard {@link FrameworkFactory},
 * with the run properties, bundles and start levels that bnd wrote into the jar's {@code launcher.properties}, each
 * bundle but fragments marked to start. The runtime's {@code orchard.jar} and the conformance kit's {@code
 * orchard-tck.jar} both start their framework through it; what runs once it is started is theirs.
 */
public final class ExportedFramework {
    private ExportedFramework() {}

    /**
     * Creates and initialises the framework and installs the jar's bundles; the caller starts it.
     *
     * @param properties framework properties of the caller's own (its storage, its options); they win over the
     *     bndrun's run properties
     * @return the framework, initialised, not started
     * @throws IOException if the jar holds no {@code launcher.properties}, no framework, or not a listed bundle
     * @throws BundleException if the framework cannot be initialised or a bundle not installed
     */
    public static Framework create(Map<String, String> properties) throws IOException, BundleException {
        ClassLoader jar = ExportedFramework.class.getClassLoader();
        LauncherProperties launch = LauncherProperties.read(jar);
        Map<String, String> config = new HashMap<>(launch.frameworkProperties());
        config.putAll(properties);
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class, jar)
                .findFirst()
                .orElseThrow(() -> new IOException("the jar holds no OSGi framework (no FrameworkFactory)"));
        Framework created = factory.newFramework(config);
        created.init();
        if (launch.defaultStartLevel() > 0) {
            created.adapt(FrameworkStartLevel.class).setInitialBundleStartLevel(launch.defaultStartLevel());
        }
        install(created.getBundleContext(), launch, jar);
        return created;
    }

    // Installs the bndrun's bundles at their start levels and marks each but fragments to start with its level.
    private static void install(BundleContext context, LauncherProperties launch, ClassLoader jar)
            throws BundleException, IOException {
        for (RunBundle run : launch.bundles()) {
            Bundle bundle;
            try (InputStream in = jar.getResourceAsStream(run.path())) {
                if (in == null) {
                    throw new IOException(
                            "the jar lacks " + run.path() + ", which " + LauncherProperties.RESOURCE + " lists");
                }
                bundle = context.installBundle(run.path(), in);
            }
            if (!run.symbolicName().equals(bundle.getSymbolicName())) {
                throw new IOException(LauncherProperties.RESOURCE + " lists " + run.path() + " as " + run.symbolicName()
                        + " but it is " + bundle.getSymbolicName());
            }
            if (run.startLevel() > 0) {
                bundle.adapt(BundleStartLevel.class).setStartLevel(run.startLevel());
            }
            if (bundle.getHeaders("").get(Constants.FRAGMENT_HOST) == null) {
                bundle.start();
            }
        }
    }
}
