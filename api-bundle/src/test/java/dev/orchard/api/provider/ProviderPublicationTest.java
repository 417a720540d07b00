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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;

class ProviderPublicationTest {
    @interface Declared {
        String name() default "";

        int service_ranking() default 0;

        int max_pods() default 10;
    }

    private final RecordingBundleContext framework = new RecordingBundleContext();
    private final BundleContext context = framework.context();

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
        assertEquals(2, framework.registrations().size());
        assertEquals(
                List.of(Orchestrator.class.getName()),
                framework.registrations().get(0).contracts());
        assertSame(hello, framework.registrations().get(0).service());
        for (RecordingBundleContext.Registration r : framework.registrations()) {
            assertEquals("edge", r.property(ProviderProperties.NAME));
            assertEquals(5, r.property("service.ranking"));
            assertNull(r.property(ProviderProperties.FAILURE));
        }
        publication.close();
        assertTrue(framework.registrations().stream().allMatch(RecordingBundleContext.Registration::unregistered));
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
        assertEquals(1, framework.registrations().size());
        assertEquals(
                List.of(Orchestrator.class.getName(), PodProvider.class.getName()),
                framework.registrations().get(0).contracts());
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
        assertEquals(1, framework.registrations().size(), "one stand-in for both contracts");
        RecordingBundleContext.Registration r = framework.registrations().get(0);
        assertEquals("edge", r.property(ProviderProperties.NAME));
        String reason = (String) r.property(ProviderProperties.FAILURE);
        assertTrue(reason.contains("configuration key max.pods (x~edge) \"abc\""), reason);
        UnavailableException e = assertThrows(UnavailableException.class, () -> ((Orchestrator) r.service()).label());
        assertTrue(e.getMessage().contains("is FAILED and serves no calls: " + reason), e.getMessage());
        assertThrows(UnavailableException.class, () -> ((PodProvider) r.service()).getPods());
        assertTrue(r.service().toString().contains(reason));
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
        assertTrue(
                ((String) framework.registrations().get(0).property(ProviderProperties.FAILURE)).contains("maxPods"));
        assertEquals(
                "sample",
                framework.registrations().get(1).property(ProviderProperties.NAME),
                "an invalid name files under the fallback, so that the instance is found with its reason");
        assertTrue(
                ((String) framework.registrations().get(1).property(ProviderProperties.FAILURE)).contains("\"UPPER\""));
        assertEquals(0, framework.registrations().get(1).property("service.ranking"));
    }

    @Test
    void anUnexpectedExceptionBecomesTheReasonWithWhereItHappened() {
        ProviderPublication.publish(context, config(Map.of()), BOTH, c -> {
            throw new IllegalStateException("disk on fire");
        });
        String reason = (String) framework.registrations().get(0).property(ProviderProperties.FAILURE);
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
        RecordingBundleContext.Registration r = framework.registrations().get(0);
        assertEquals("waiting for the data folder", r.property(ProviderProperties.FAILURE));
        publication.serve();
        assertNull(r.property(ProviderProperties.FAILURE));
        publication.fail("disk full");
        assertEquals("disk full", r.property(ProviderProperties.FAILURE));
        assertEquals("sample", r.property(ProviderProperties.NAME));
        publication.close();
        publication.close(); // twice is harmless
    }

    @Test
    void anInstanceWhoseRegistrationFailsIsStoppedAgain() {
        // A framework that refuses the registration, as one does while the bundle stops.
        BundleContext stopping = (BundleContext)
                Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class}, (p, m, a) -> {
                    throw new IllegalStateException("the bundle context is no longer valid");
                });
        AtomicInteger stopped = new AtomicInteger();
        assertThrows(
                IllegalStateException.class,
                () -> ProviderPublication.publish(
                        stopping,
                        config(Map.of()),
                        List.of(Orchestrator.class),
                        c -> ProviderServices.of(Orchestrator.class, (Orchestrator) new Hello("sample"))
                                .onStop(stopped::incrementAndGet)));
        assertEquals(1, stopped.get(), "what the instance started must not leak");
    }
}
