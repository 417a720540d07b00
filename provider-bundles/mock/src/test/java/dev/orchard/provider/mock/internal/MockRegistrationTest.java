package dev.orchard.provider.mock.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.registry.ProviderProperties;
import java.lang.reflect.Proxy;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

class MockRegistrationTest {
    @Test
    void instanceNameIsThePartAfterTheTilde() {
        assertEquals("edge", MockRegistration.instanceName(Map.of("service.pid", "dev.orchard.provider.mock~edge")));
        assertEquals(
                "edge", MockRegistration.instanceName(Map.of(Constants.SERVICE_PID, "dev.orchard.provider.mock~edge")));
    }

    @Test
    void instanceNameIsEmptyWithoutATilde() {
        assertEquals("", MockRegistration.instanceName(Map.of("service.pid", "dev.orchard.provider.mock.default")));
        assertEquals("", MockRegistration.instanceName(Map.of()));
        assertEquals("", MockRegistration.instanceName(Map.of("service.pid", 42)));
        assertEquals("", MockRegistration.instanceName(Map.of("service.pid", "~edge")));
    }

    /** A BundleContext that records the one registration MockRegistration makes. */
    private static final class Recorder {
        String[] classes;
        Object service;
        Dictionary<?, ?> properties;
        final AtomicInteger unregistered = new AtomicInteger();

        BundleContext context() {
            ServiceRegistration<?> reg = (ServiceRegistration<?>) Proxy.newProxyInstance(
                    getClass().getClassLoader(), new Class<?>[] {ServiceRegistration.class}, (p, m, a) -> {
                        if (m.getName().equals("unregister")) {
                            unregistered.incrementAndGet();
                            return null;
                        }
                        throw new UnsupportedOperationException(m.getName());
                    });
            return (BundleContext) Proxy.newProxyInstance(
                    getClass().getClassLoader(), new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                        if (m.getName().equals("registerService") && a[0] instanceof String[] names) {
                            classes = names;
                            service = a[1];
                            properties = (Dictionary<?, ?>) a[2];
                            return reg;
                        }
                        throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    private static MockConfiguration config(Map<String, Object> values) {
        return (MockConfiguration) Proxy.newProxyInstance(
                MockRegistrationTest.class.getClassLoader(), new Class<?>[] {MockConfiguration.class}, (p, m, a) -> {
                    if (m.getDeclaringClass() == Object.class) {
                        throw new UnsupportedOperationException(m.getName());
                    }
                    Object v = values.get(m.getName());
                    return v != null ? v : m.getDefaultValue();
                });
    }

    @Test
    void registersOneProviderAsOrchestratorAndPodProviderUnderItsName() {
        Recorder r = new Recorder();
        Map<String, Object> values = new HashMap<>();
        values.put("cpu", "2");
        values.put("memory", "4Gi");
        values.put("pods", "3");
        values.put("service_ranking", 7);
        MockRegistration reg = new MockRegistration(r.context(), config(values), "edge");
        try {
            assertArrayEquals(new String[] {Orchestrator.class.getName(), PodProvider.class.getName()}, r.classes);
            MockProvider p = assertInstanceOf(MockProvider.class, r.service);
            assertEquals("edge", p.name());
            assertEquals("mock", p.label());
            assertEquals("local", p.region());
            assertEquals("edge", r.properties.get(ProviderProperties.NAME));
            assertEquals(7, r.properties.get(Constants.SERVICE_RANKING));
            assertEquals(
                    new Resources(2000, 4L << 30, 3),
                    p.configureNode(Node.named("n1")).capacity());
        } finally {
            reg.close();
        }
        assertEquals(1, r.unregistered.get());
    }

    @Test
    void aConfiguredNameWinsOverTheFallback() {
        Recorder r = new Recorder();
        MockRegistration reg = new MockRegistration(r.context(), config(Map.of("name", " west ")), "edge");
        try {
            assertEquals("west", ((MockProvider) r.service).name());
            assertEquals("west", r.properties.get(ProviderProperties.NAME));
        } finally {
            reg.close();
        }
    }

    @Test
    void noNameAtAllIsInvalidAndRegistersNothing() {
        Recorder r = new Recorder();
        assertThrows(InvalidInputException.class, () -> new MockRegistration(r.context(), config(Map.of()), ""));
        assertEquals(null, r.service);
    }

    @Test
    void aMalformedQuantityIsInvalid() {
        Recorder r = new Recorder();
        InvalidInputException e = assertThrows(
                InvalidInputException.class,
                () -> new MockRegistration(r.context(), config(Map.of("memory", "lots")), "mock"));
        assertTrue(e.getMessage().contains("memory"), e.getMessage());
        assertEquals(null, r.service);
    }
}
