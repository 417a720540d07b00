package dev.orchard.runtime.internal;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Properties;
import org.apache.felix.fileinstall.ArtifactInstaller;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Turns {@code deploy/<factory-pid>~<name>.cfg} into the named factory configuration {@code <factory-pid>~<name>}
 * (Configuration Admin 1.6), which FileInstall 3.7 does not do itself: it knows only {@code <pid>-<name>.cfg}.
 * Deleting the file deletes the configuration. Both spellings then work.
 *
 * <p>Registered with a high ranking, FileInstall asks it before its own configuration installer.
 */
final class NamedConfigurationInstaller implements ArtifactInstaller {
    /** Marks the configurations made from a file, as FileInstall marks its own. */
    static final String FILENAME_PROPERTY = "felix.fileinstall.filename";

    private final ServiceTracker<ConfigurationAdmin, ConfigurationAdmin> configAdmin;

    NamedConfigurationInstaller(BundleContext context) {
        this.configAdmin = new ServiceTracker<>(context, ConfigurationAdmin.class, null);
        this.configAdmin.open();
    }

    void close() {
        configAdmin.close();
    }

    @Override
    public boolean canHandle(File artifact) {
        return parse(artifact) != null;
    }

    @Override
    public void install(File artifact) throws Exception {
        update(artifact);
    }

    @Override
    public void update(File artifact) throws Exception {
        String[] pid = parse(artifact);
        Dictionary<String, Object> props = read(artifact);
        props.put(FILENAME_PROPERTY, artifact.toURI().toString());
        Configuration config = admin().getFactoryConfiguration(pid[0], pid[1], "?");
        config.updateIfDifferent(props);
    }

    @Override
    public void uninstall(File artifact) throws Exception {
        String[] pid = parse(artifact);
        Configuration[] existing =
                admin().listConfigurations("(" + Constants.SERVICE_PID + "=" + escape(pid[0] + "~" + pid[1]) + ")");
        if (existing != null) {
            for (Configuration c : existing) {
                c.delete();
            }
        }
    }

    private ConfigurationAdmin admin() throws InterruptedException {
        ConfigurationAdmin admin = configAdmin.waitForService(10_000);
        if (admin == null) {
            throw new IllegalStateException("Configuration Admin is not available");
        }
        return admin;
    }

    /** Splits {@code a.b.c~name.cfg} into the factory PID and the name, or returns null for other files. */
    static String[] parse(File artifact) {
        String file = artifact.getName();
        if (!file.endsWith(".cfg")) {
            return null;
        }
        String base = file.substring(0, file.length() - ".cfg".length());
        int tilde = base.indexOf('~');
        if (tilde <= 0 || tilde == base.length() - 1 || base.indexOf('~', tilde + 1) >= 0) {
            return null;
        }
        return new String[] {base.substring(0, tilde), base.substring(tilde + 1)};
    }

    private static Dictionary<String, Object> read(File artifact) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(artifact.toPath())) {
            p.load(in); // ISO-8859-1 with \\u escapes, as FileInstall reads .cfg files
        }
        Dictionary<String, Object> props = new Hashtable<>();
        for (String key : p.stringPropertyNames()) {
            props.put(key, p.getProperty(key).trim());
        }
        return props;
    }

    /**
     * Escapes a value for an LDAP filter: backslash, star and parentheses. DeployFolder finds a file's configuration
     * with it too.
     *
     * @param value the value
     * @return the value as a filter can hold it
     */
    static String escape(String value) {
        return value.replace("\\", "\\\\")
                .replace("*", "\\*")
                .replace("(", "\\(")
                .replace(")", "\\)");
    }
}
