package dev.orchard.registry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orchard.api.registry.ProviderProperties;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** The order in which {@link DefaultDetector} consults its sources, and what it skips. */
class DefaultDetectorTest {
    private static final String PROPERTY = ProviderProperties.DEFAULT_ORCHESTRATOR_PROPERTY;
    private static final String ENV = ProviderProperties.DEFAULT_ORCHESTRATOR_ENV;
    private static final String K8S = ProviderProperties.KUBERNETES_ENV;

    private final Map<String, String> framework = new HashMap<>();
    private final Map<String, String> environment = new HashMap<>();
    private final List<String> asked = new ArrayList<>();

    private DefaultDetector detector() {
        return new DefaultDetector(
                key -> {
                    asked.add("property " + key);
                    return framework.get(key);
                },
                key -> {
                    asked.add("env " + key);
                    return environment.get(key);
                });
    }

    private void everySourceSet() {
        framework.put(PROPERTY, "from-property");
        environment.put(ENV, "from-env");
        environment.put(K8S, "10.0.0.1");
    }

    @Test
    void theConstantsAreTheDocumentedOnes() {
        assertEquals("orchard.orchestrator.default", PROPERTY);
        assertEquals("ORCHARD_ORCHESTRATOR", ENV);
        assertEquals("KUBERNETES_SERVICE_HOST", K8S);
    }

    @Test
    void theConfiguredDefaultWins() {
        everySourceSet();
        assertEquals("configured", detector().detect("configured"));
    }

    @Test
    void theConfiguredDefaultIsTrimmed() {
        everySourceSet();
        assertEquals("configured", detector().detect("  configured \t"));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t\n"})
    void aBlankConfiguredDefaultFallsThroughToTheFrameworkProperty(String configured) {
        everySourceSet();
        assertEquals("from-property", detector().detect(configured));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Bad",
                "has space",
                "under_score",
                "-lead",
                "trail-",
                "dot.ted",
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            })
    void anInvalidConfiguredDefaultFallsThroughToTheFrameworkProperty(String configured) {
        everySourceSet();
        assertEquals("from-property", detector().detect(configured));
    }

    @Test
    void theFrameworkPropertyIsLookedUpByItsName() {
        framework.put(PROPERTY, "from-property");
        framework.put("other.property", "other");
        assertEquals("from-property", detector().detect(null));
        assertEquals(List.of("property " + PROPERTY), asked);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "  ", "Bad", "no_way", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    void aBlankOrInvalidFrameworkPropertyFallsThroughToTheEnvironment(String property) {
        everySourceSet();
        framework.put(PROPERTY, property);
        assertEquals("from-env", detector().detect(""));
    }

    @Test
    void withoutAFrameworkPropertyTheEnvironmentVariableIsUsed() {
        environment.put(ENV, " from-env ");
        environment.put(K8S, "10.0.0.1");
        assertEquals("from-env", detector().detect(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "Kubernetes", "x_y"})
    void aBlankOrInvalidEnvironmentVariableFallsThroughToKubernetes(String env) {
        framework.put(PROPERTY, "BAD");
        environment.put(ENV, env);
        environment.put(K8S, "10.96.0.1");
        assertEquals(ProviderProperties.KUBERNETES, detector().detect("Bad"));
        assertEquals("kubernetes", ProviderProperties.KUBERNETES);
    }

    @Test
    void insideKubernetesItIsKubernetes() {
        environment.put(K8S, "10.96.0.1");
        assertEquals("kubernetes", detector().detect(null));
    }

    @Test
    void anEmptyKubernetesHostIsNotKubernetes() {
        environment.put(K8S, "");
        assertEquals("local", detector().detect(null));
    }

    @Test
    void withNothingSetItIsLocal() {
        assertEquals("local", detector().detect(null));
        assertEquals(ProviderProperties.LOCAL, detector().detect(""));
        assertEquals(
                List.of(
                        "property " + PROPERTY,
                        "env " + ENV,
                        "env " + K8S,
                        "property " + PROPERTY,
                        "env " + ENV,
                        "env " + K8S),
                asked);
    }

    @Test
    void withEverySourceInvalidItIsLocal() {
        framework.put(PROPERTY, "Nope");
        environment.put(ENV, "NOPE!");
        assertEquals("local", detector().detect("Invalid Value"));
    }

    @Test
    void aValidValueAtALaterLevelIsFoundPastInvalidOnes() {
        framework.put(PROPERTY, "UPPER");
        environment.put(ENV, "mock");
        assertEquals("mock", detector().detect("also_bad"));
    }

    @Test
    void detectionFollowsTheCurrentValues() {
        DefaultDetector d = detector();
        assertEquals("local", d.detect(null));
        environment.put(ENV, "later");
        assertEquals("later", d.detect(null));
        framework.put(PROPERTY, "sooner");
        assertEquals("sooner", d.detect(null));
        assertEquals("configured", d.detect("configured"));
    }

    @Test
    void theLongestValidNameIsAccepted() {
        String name = "a".repeat(63);
        assertEquals(name, detector().detect(name));
    }
}
