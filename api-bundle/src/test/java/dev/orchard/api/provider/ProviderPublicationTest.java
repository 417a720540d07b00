package dev.orchard.api.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

class ProviderPublicationTest {
    @interface Declared {
        String name() default "";

        int service_ranking() default 0;

        int max_pods() default 10;
    }

    /** What a fake framework saw registered. */
    static final class Registered {
        final List<String> contracts;
        final Object service;
        Dictionary<String, Object> properties;
        boolean unregistered;

        Registered(String[] contracts, Object service, Dictionary<String, ?> properties) {
            this.contracts = List.of(contracts);
            this.service = service;
            this.properties = copy(properties);
        }
    }

    private final List<Registered> registered = new ArrayList<>();
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                if (!m.getName().equals("registerService") || !(a[0] instanceof String[] names)) {
                    throw new UnsupportedOperationException(m.getName());
                }
                @SuppressWarnings("unchecked")
                Registered r = new Registered(names, a[1], (Dictionary<String, ?>) a[2]);
                registered.add(r);
                return Proxy.newProxyInstance(
                        getClass().getClassLoader(), new Class<?>[] {ServiceRegistration.class}, (q, n, b) -> {
                            switch (n.getName()) {
                                case "setProperties" -> {
                                    @SuppressWarnings("unchecked")
                                    Dictionary<String, ?> d = (Dictionary<String, ?>) b[0];
                                    r.properties = copy(d);
                                }
                                case "unregister" -> {
                                    if (r.unregistered) {
                                        throw new IllegalStateException("already unregistered");
                                    }
                                    r.unregistered = true;
                                }
                                default -> throw new UnsupportedOperationException(n.getName());
                            }
                            return null;
                        });
            });

    private static Dictionary<String, Object> copy(Dictionary<String, ?> d) {
        Hashtable<String, Object> out = new Hashtable<>();
        for (var keys = d.keys(); keys.hasMoreElements(); ) {
            String k = keys.nextElement();
            out.put(k, d.get(k));
        }
        return out;
    }

    private static final List<Class<?>> BOTH = List.of(Orchestrator.class, PodProvider.class);

    private static ProviderConfiguration config(Map<String, ?> properties) {
        return ProviderConfiguration.of(properties, Declared.class, "sample");
    }

    private record Hello(String name) implements Orchestrator {
        @Override
        public String label() {
            return "hello";
        }

        @Override
        public String region() {
            return "here";
        }

        @Override
        public Optional<StorageOps> storageOps() {
            return Optional.empty();
        }
    }

    @Test
    void aWorkingInstanceIsRegisteredUnderItsNameAndRankingOncePerObject() {
        Hello hello = new Hello("edge");
        PodProvider pods = (PodProvider) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {PodProvider.class}, (p, m, a) -> null);
        AtomicInteger stopped = new AtomicInteger();
        ProviderPublication publication = ProviderPublication.publish(
                context,
                config(Map.of("service.pid", "x~edge", "service.ranking", "5")),
                BOTH,
                c -> ProviderServices.of(Orchestrator.class, (Orchestrator) hello)
                        .and(PodProvider.class, pods)
                        .onStop(stopped::incrementAndGet));
        assertEquals(2, registered.size());
        assertEquals(List.of(Orchestrator.class.getName()), registered.get(0).contracts);
        assertSame(hello, registered.get(0).service);
        for (Registered r : registered) {
            assertEquals("edge", r.properties.get(ProviderProperties.NAME));
            assertEquals(5, r.properties.get("service.ranking"));
            assertNull(r.properties.get(ProviderProperties.FAILURE));
        }
        publication.close();
        assertTrue(registered.stream().allMatch(r -> r.unregistered));
        assertEquals(1, stopped.get());
    }

    @Test
    void oneObjectServingBothContractsIsOneRegistration() {
        Object both =
                Proxy.newProxyInstance(getClass().getClassLoader(), BOTH.toArray(new Class<?>[0]), (p, m, a) -> null);
        ProviderPublication.publish(
                context,
                config(Map.of()),
                BOTH,
                c -> ProviderServices.of(Orchestrator.class, (Orchestrator) both)
                        .and(PodProvider.class, (PodProvider) both));
        assertEquals(1, registered.size());
        assertEquals(List.of(Orchestrator.class.getName(), PodProvider.class.getName()), registered.get(0).contracts);
    }

    @Test
    void anInvalidConfigurationIsRegisteredFailedWithTheReasonAndServesNoCall() {
        AtomicInteger started = new AtomicInteger();
        ProviderPublication.publish(context, config(Map.of("service.pid", "x~edge", "max.pods", "abc")), BOTH, c -> {
            started.incrementAndGet();
            c.count("max.pods");
            throw new AssertionError("unreachable");
        });
        assertEquals(1, started.get());
        assertEquals(1, registered.size(), "one stand-in for both contracts");
        Registered r = registered.get(0);
        assertEquals("edge", r.properties.get(ProviderProperties.NAME));
        String reason = (String) r.properties.get(ProviderProperties.FAILURE);
        assertTrue(reason.contains("configuration key max.pods (x~edge) \"abc\""), reason);
        UnavailableException e = assertThrows(UnavailableException.class, () -> ((Orchestrator) r.service).label());
        assertTrue(e.getMessage().contains("is FAILED and serves no calls: " + reason), e.getMessage());
        assertThrows(UnavailableException.class, () -> ((PodProvider) r.service).getPods());
        assertTrue(r.service.toString().contains(reason));
    }

    @Test
    void anUnknownKeyOrAnInvalidNameFailsBeforeAnythingStarts() {
        AtomicInteger started = new AtomicInteger();
        ProviderPublication.publish(context, config(Map.of("maxPods", "5")), BOTH, c -> {
            started.incrementAndGet();
            throw new AssertionError("unreachable");
        });
        ProviderPublication.publish(context, config(Map.of("name", "UPPER", "service.ranking", "x")), BOTH, c -> {
            started.incrementAndGet();
            throw new AssertionError("unreachable");
        });
        assertEquals(0, started.get());
        assertTrue(((String) registered.get(0).properties.get(ProviderProperties.FAILURE)).contains("maxPods"));
        assertEquals(
                "sample",
                registered.get(1).properties.get(ProviderProperties.NAME),
                "an invalid name files under the fallback, so that the instance is found with its reason");
        assertTrue(((String) registered.get(1).properties.get(ProviderProperties.FAILURE)).contains("\"UPPER\""));
        assertEquals(0, registered.get(1).properties.get("service.ranking"));
    }

    @Test
    void anUnexpectedExceptionBecomesTheReasonWithWhereItHappened() {
        ProviderPublication.publish(context, config(Map.of()), BOTH, c -> {
            throw new IllegalStateException("disk on fire");
        });
        String reason = (String) registered.get(0).properties.get(ProviderProperties.FAILURE);
        assertTrue(reason.startsWith("it failed to start: java.lang.IllegalStateException: disk on fire (at "), reason);
    }

    @Test
    void anInstanceCanDeclareItselfFailedAndRecover() {
        ProviderPublication publication = ProviderPublication.publish(
                context,
                config(Map.of()),
                List.of(Orchestrator.class),
                c -> ProviderServices.of(Orchestrator.class, (Orchestrator) new Hello("sample"))
                        .failing("waiting for the data folder"));
        Registered r = registered.get(0);
        assertEquals("waiting for the data folder", r.properties.get(ProviderProperties.FAILURE));
        publication.serve();
        assertNull(r.properties.get(ProviderProperties.FAILURE));
        publication.fail("disk full");
        assertEquals("disk full", r.properties.get(ProviderProperties.FAILURE));
        assertEquals("sample", r.properties.get(ProviderProperties.NAME));
        publication.close();
        publication.close(); // twice is harmless
    }
}
