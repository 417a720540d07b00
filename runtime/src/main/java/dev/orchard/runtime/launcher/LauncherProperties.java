package dev.orchard.runtime.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What bnd's export wrote from the bndrun into the jar's {@code launcher.properties}: the bundles in order with their
 * start levels, the start level of bundles installed later, the framework's system packages, and the run
 * properties. The bndrun stays the one source of them; this class only reads them.
 */
final class LauncherProperties {
    /** Where bnd's export puts the file in the executable jar. */
    static final String RESOURCE = "launcher.properties";

    private static final String BUNDLES = "launch.bundles";
    private static final String ATTRIBUTES = "launch.runbundles.attrs";
    private static final String DEFAULT_LEVEL = "launch.startlevel.default";
    private static final String SYSTEM_PACKAGES = "launch.system.packages";
    private static final String SYSTEM_CAPABILITIES = "launch.system.capabilities";
    private static final String LAUNCHER_KEYS = "launch.";

    /**
     * A bundle of the bndrun.
     *
     * @param path its jar's path inside the executable jar, e.g. {@code jar/org.apache.felix.scr-2.2.12.jar}
     * @param symbolicName its symbolic name, as the bndrun resolved it
     * @param startLevel its start level; 0 for the default
     */
    record RunBundle(String path, String symbolicName, int startLevel) {}

    private final List<RunBundle> bundles;
    private final Map<String, String> frameworkProperties;
    private final int defaultStartLevel;

    private LauncherProperties(
            List<RunBundle> bundles, Map<String, String> frameworkProperties, int defaultStartLevel) {
        this.bundles = List.copyOf(bundles);
        this.frameworkProperties = Map.copyOf(frameworkProperties);
        this.defaultStartLevel = defaultStartLevel;
    }

    /**
     * Reads the file from the executable jar.
     *
     * @param loader the class loader of the jar
     * @return what it says
     * @throws IOException if the jar holds none, or it cannot be read
     */
    static LauncherProperties read(ClassLoader loader) throws IOException {
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the jar holds no " + RESOURCE + "; it was not exported from a bndrun");
            }
            Properties p = new Properties();
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                p.load(r);
            }
            return parse(p);
        }
    }

    /**
     * Interprets the properties bnd wrote.
     *
     * @param p the properties
     * @return what they say
     * @throws IOException if the bundles and their attributes do not pair up
     */
    static LauncherProperties parse(Properties p) throws IOException {
        List<String> paths = split(p.getProperty(BUNDLES, ""));
        List<String> attributes = split(p.getProperty(ATTRIBUTES, ""));
        if (paths.size() != attributes.size()) {
            throw new IOException(RESOURCE + " lists " + paths.size() + " bundles in " + BUNDLES + " but "
                    + attributes.size() + " in " + ATTRIBUTES);
        }
        List<RunBundle> bundles = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            String[] clause = attributes.get(i).split(";");
            int level = 0;
            for (int j = 1; j < clause.length; j++) {
                String attribute = clause[j].trim();
                if (attribute.startsWith("startlevel=")) {
                    level = Integer.parseInt(attribute.substring("startlevel=".length()));
                }
            }
            bundles.add(new RunBundle(paths.get(i), clause[0].trim(), level));
        }
        Map<String, String> framework = new LinkedHashMap<>();
        for (String key : p.stringPropertyNames()) {
            if (!key.startsWith(LAUNCHER_KEYS)) {
                framework.put(key, p.getProperty(key)); // -runproperties, and the beginning start level
            }
        }
        copy(p, SYSTEM_PACKAGES, framework, "org.osgi.framework.system.packages.extra");
        copy(p, SYSTEM_CAPABILITIES, framework, "org.osgi.framework.system.capabilities.extra");
        String level = p.getProperty(DEFAULT_LEVEL);
        return new LauncherProperties(bundles, framework, level == null ? 0 : Integer.parseInt(level.trim()));
    }

    /**
     * The bundles to install, in order.
     *
     * @return the bundles
     */
    List<RunBundle> bundles() {
        return bundles;
    }

    /**
     * The properties to give the framework.
     *
     * @return the properties, e.g. {@code org.osgi.framework.startlevel.beginning}
     */
    Map<String, String> frameworkProperties() {
        return frameworkProperties;
    }

    /**
     * The start level of bundles installed once the framework runs (those of {@code deploy/}).
     *
     * @return the level; 0 for the framework's own default
     */
    int defaultStartLevel() {
        return defaultStartLevel;
    }

    private static void copy(Properties from, String key, Map<String, String> to, String as) {
        String value = from.getProperty(key);
        if (value != null && !value.isBlank()) {
            to.put(as, value);
        }
    }

    // Splits at the commas outside double quotes (a version range in quotes may hold one).
    private static List<String> split(String list) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (char c : list.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                parts.add(part.toString().trim());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        if (part.length() > 0) {
            parts.add(part.toString().trim());
        }
        return parts;
    }
}
