package dev.orchard.registry.core;

import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.ProviderProperties;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the default orchestrator name, as maya's DetectOrchProviderFromEnv does: the configured default,
 * then the framework property, then the {@code ORCHARD_ORCHESTRATOR} environment variable, then
 * {@code kubernetes} inside Kubernetes, then {@code local}.
 *
 * <p>A source whose value is not a DNS-1123 label is skipped with a warning, so one typo does not hide the
 * sources after it.
 */
public final class DefaultDetector {
    private static final Logger LOG = LoggerFactory.getLogger(DefaultDetector.class);

    private final UnaryOperator<String> frameworkProperties;
    private final UnaryOperator<String> environment;

    /**
     * Creates a detector over the given lookups.
     *
     * @param frameworkProperties looks up a framework property; returns null if unset
     * @param environment looks up an environment variable; returns null if unset
     */
    public DefaultDetector(UnaryOperator<String> frameworkProperties, UnaryOperator<String> environment) {
        this.frameworkProperties = frameworkProperties;
        this.environment = environment;
    }

    /**
     * Chooses the default orchestrator name.
     *
     * @param configured the registry configuration's default, or null/empty if none
     * @return the name, a DNS-1123 label
     */
    public String detect(String configured) {
        String name = pick("configuration default.orchestrator", configured);
        if (name == null) {
            name = pick(
                    "framework property " + ProviderProperties.DEFAULT_ORCHESTRATOR_PROPERTY,
                    frameworkProperties.apply(ProviderProperties.DEFAULT_ORCHESTRATOR_PROPERTY));
        }
        if (name == null) {
            name = pick(
                    "environment variable " + ProviderProperties.DEFAULT_ORCHESTRATOR_ENV,
                    environment.apply(ProviderProperties.DEFAULT_ORCHESTRATOR_ENV));
        }
        if (name == null) {
            String k8s = environment.apply(ProviderProperties.KUBERNETES_ENV);
            name = k8s != null && !k8s.isEmpty() ? ProviderProperties.KUBERNETES : ProviderProperties.LOCAL;
        }
        return name;
    }

    private static String pick(String source, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        String why = Names.whyNotDns1123Label(v);
        if (why != null) {
            LOG.warn("Ignoring the default orchestrator from the {}: {} {}", source, Names.quote(v), why);
            return null;
        }
        return v;
    }
}
