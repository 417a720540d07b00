package dev.orchard.benchmarks.harness;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.ProviderProperties;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

/**
 * An empty bundle installed to register many providers, as a provider bundle would, and to take them all away
 * at once by being uninstalled. A fresh bundle per batch keeps the framework's per-bundle bookkeeping of the
 * harness itself out of the measurements.
 */
final class Registrar implements AutoCloseable {
    private final Bundle bundle;
    private final BundleContext context;

    Registrar(BundleContext harness, String name) throws BundleException, IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "dev.orchard.benchmarks.registrar." + name);
        a.putValue("Bundle-Version", "1.0.0");
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        new JarOutputStream(jar, m).close();
        bundle = harness.installBundle(
                "bench:registrar:" + name + ":" + System.nanoTime(), new ByteArrayInputStream(jar.toByteArray()));
        bundle.start();
        context = bundle.getBundleContext();
    }

    /**
     * Registers n orchestrators named prefix-0 to prefix-(n-1).
     *
     * @param prefix the name prefix
     * @param n how many
     * @param tracked true to register them as orchestrators, false under a type nobody tracks
     */
    void register(String prefix, int n, boolean tracked) {
        String[] types = {tracked ? Orchestrator.class.getName() : Untracked.class.getName()};
        for (int i = 0; i < n; i++) {
            String name = prefix + "-" + i;
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(ProviderProperties.NAME, name);
            context.registerService(types, new Probe(name), props);
        }
    }

    @Override
    public void close() throws BundleException {
        bundle.uninstall(); // unregisters everything it registered
    }
}
