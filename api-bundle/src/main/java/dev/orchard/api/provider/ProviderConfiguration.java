package dev.orchard.api.provider;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.quantity.Quantity;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * One provider instance's configuration, read against the keys that its Metatype annotation declares.
 *
 * <p>The annotation (the one the component names in {@code @Designate}) is the single source of the keys and their
 * defaults: each method is a key, named as Declarative Services names it ({@code max_pods} is {@code max.pods}),
 * and its default value is the key's default. Values may be strings, as a {@code .cfg} file gives them, or typed,
 * as a console writes them. Every reader throws {@link InvalidInputException} naming the key, the configuration
 * and what is allowed, so that {@link ProviderPublication} can show the instance as FAILED with that reason.
 *
 * <p>Keys every provider shares: {@link #NAME}, {@link #LABEL}, {@link #REGION} and {@link #RANKING}.
 */
public final class ProviderConfiguration {
    /** The provider name, a DNS-1123 label; for a factory configuration, its PID's part after '~' if not set. */
    public static final String NAME = "name";
    /** The orchestrator's label. */
    public static final String LABEL = "label";
    /** Where the orchestrator runs. */
    public static final String REGION = "region";
    /** The service ranking: the highest of a name serves it. */
    public static final String RANKING = "service.ranking";

    // Properties that the framework, Configuration Admin, FileInstall or DS add to every configuration, and
    // reference targets: never a provider's own key, never reported as unknown.
    private static final List<String> FOREIGN_PREFIXES =
            List.of("service.", "component.", "felix.", "osgi.", "org.apache.", "org.osgi.");

    private final Map<String, ?> properties;
    private final Map<String, Object> defaults;
    private final String fallbackName;
    private final String source;

    private ProviderConfiguration(
            Map<String, ?> properties, Map<String, Object> defaults, String fallbackName, String source) {
        this.properties = properties;
        this.defaults = defaults;
        this.fallbackName = fallbackName;
        this.source = source;
    }

    /**
     * Reads a component's configuration properties. Nothing is checked yet: each reader checks its own key.
     *
     * @param properties the component properties DS passed to the constructor
     * @param declaration the Metatype annotation that declares the keys and their defaults
     * @param fallbackName the name when neither {@code name} nor a factory PID gives one, e.g. {@code local}
     * @return the configuration
     */
    public static ProviderConfiguration of(
            Map<String, ?> properties, Class<? extends Annotation> declaration, String fallbackName) {
        Map<String, Object> defaults = new LinkedHashMap<>();
        for (Method m : declaration.getDeclaredMethods()) {
            defaults.put(key(m.getName()), m.getDefaultValue());
        }
        Object pid = properties.get("service.pid");
        String source = pid instanceof String s ? s : "the default configuration";
        return new ProviderConfiguration(Map.copyOf(properties), defaults, fallbackName, source);
    }

    // A method name as DS maps it to a property key: "$_$" is '-', "__" is '_', '_' is '.', "$$" is '$', and a
    // single '$' disappears.
    static String key(String method) {
        StringBuilder b = new StringBuilder(method.length());
        for (int i = 0; i < method.length(); i++) {
            char c = method.charAt(i);
            if (method.startsWith("$_$", i)) {
                b.append('-');
                i += 2;
            } else if (method.startsWith("__", i)) {
                b.append('_');
                i++;
            } else if (c == '_') {
                b.append('.');
            } else if (method.startsWith("$$", i)) {
                b.append('$');
                i++;
            } else if (c != '$') {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Checks that every key set is one the annotation declares, so that a misspelled or renamed key is an error
     * instead of a default silently used.
     *
     * @return this
     * @throws InvalidInputException naming the unknown keys and the known ones
     */
    public ProviderConfiguration requireKnownKeys() {
        TreeSet<String> unknown = new TreeSet<>();
        for (String k : properties.keySet()) {
            if (!defaults.containsKey(k)
                    && !k.endsWith(".target")
                    && FOREIGN_PREFIXES.stream().noneMatch(k::startsWith)) {
                unknown.add(k);
            }
        }
        if (!unknown.isEmpty()) {
            throw new InvalidInputException(
                    "configuration " + source + " has unknown key(s) " + String.join(", ", unknown)
                            + "; the known keys are " + String.join(", ", new TreeSet<>(defaults.keySet())));
        }
        return this;
    }

    /**
     * The provider name: {@code name} if set, else the part after '~' of a factory configuration's PID, else the
     * fallback name.
     *
     * @return a DNS-1123 label
     * @throws InvalidInputException if it is not one
     */
    public String name() {
        String name = rawName();
        String why = Names.whyNotDns1123Label(name);
        if (why != null) {
            throw invalid(NAME, name, why);
        }
        return name;
    }

    /**
     * The provider name as configured, unchecked: what a FAILED registration is filed under.
     *
     * @return the name, never null
     */
    public String rawName() {
        Object value = properties.get(NAME);
        if (value != null && !String.valueOf(value).isBlank()) {
            return String.valueOf(value).trim();
        }
        int tilde = source.indexOf('~');
        return tilde > 0 ? source.substring(tilde + 1) : fallbackName;
    }

    /**
     * The name a FAILED instance is shown under: the configured name if it is a DNS-1123 label; else the name the
     * factory PID or the fallback gives, so that {@code orchard:provider <instance>} finds the instance of
     * {@code ...~<instance>.cfg} with its reason; else the configured name as it is.
     *
     * @return the name, never null
     */
    public String failedName() {
        String name = rawName();
        if (Names.isDns1123Label(name)) {
            return name;
        }
        int tilde = source.indexOf('~');
        String instance = tilde > 0 ? source.substring(tilde + 1) : fallbackName;
        return Names.isDns1123Label(instance) ? instance : name;
    }

    /**
     * The service ranking.
     *
     * @return the ranking; 0 if not set
     * @throws InvalidInputException if it is not a whole number
     */
    public int ranking() {
        Object value = properties.get(RANKING);
        if (value == null) {
            return 0;
        }
        if (value instanceof Integer i) {
            return i;
        }
        String text = single(RANKING, value).trim();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw invalid(
                    RANKING, text, "must be a whole number between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);
        }
    }

    /**
     * A text value.
     *
     * @param key a declared key
     * @return the value, trimmed, or the default; empty if neither is set
     */
    public String text(String key) {
        Object value = valueOf(key);
        return value == null ? "" : single(key, value).trim();
    }

    /**
     * A positive whole number, such as a count of pods.
     *
     * @param key a declared key
     * @return the value or the default
     * @throws InvalidInputException if it is not a positive whole number that fits an int
     */
    public int count(String key) {
        long n = Quantity.parseCount(describe(key), text(key));
        if (n > Integer.MAX_VALUE) {
            throw invalid(key, text(key), "must be at most " + Integer.MAX_VALUE);
        }
        return (int) n;
    }

    /**
     * A quantity of bytes, such as {@code 100Gi}.
     *
     * @param key a declared key
     * @return the bytes, or empty if the value is blank
     * @throws InvalidInputException if it is not a positive quantity of bytes
     */
    public Optional<Long> bytes(String key) {
        String text = text(key);
        return text.isEmpty() ? Optional.empty() : Optional.of(Quantity.parseBytes(describe(key), text));
    }

    /**
     * A quantity of CPU, such as {@code 20} or {@code 500m}.
     *
     * @param key a declared key
     * @return the millicores
     * @throws InvalidInputException if it is not a positive quantity
     */
    public long millicores(String key) {
        return Quantity.parseMillis(describe(key), text(key));
    }

    /**
     * A folder, resolved against a base when relative.
     *
     * @param key a declared key
     * @param base the folder a relative path is resolved against, and the value when the key is blank
     * @param whenBlank the path under {@code base} used when the key is blank, e.g. {@code data/pods}
     * @return an absolute, normalized path
     * @throws InvalidInputException if the value is not a path on this system
     */
    public Path folder(String key, Path base, String whenBlank) {
        String text = text(key);
        try {
            return base.resolve(text.isEmpty() ? whenBlank : text)
                    .toAbsolutePath()
                    .normalize();
        } catch (InvalidPathException e) {
            throw invalid(key, text, "is not a path on this system: " + e.getReason());
        }
    }

    private Object valueOf(String key) {
        if (!defaults.containsKey(key)) {
            throw new IllegalArgumentException(key + " is not declared by the configuration annotation");
        }
        Object value = properties.get(key);
        return value != null ? value : defaults.get(key);
    }

    private String single(String key, Object value) {
        if (value instanceof Collection<?> || value.getClass().isArray()) {
            throw new InvalidInputException(describe(key) + " must be a single value, not a list");
        }
        return String.valueOf(value);
    }

    private String describe(String key) {
        return "configuration key " + key + " (" + source + ")";
    }

    private InvalidInputException invalid(String key, String value, String why) {
        return new InvalidInputException(describe(key) + " " + Names.quote(value) + " " + why);
    }
}
