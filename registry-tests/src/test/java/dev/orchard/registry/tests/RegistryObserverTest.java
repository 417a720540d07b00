package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException.Category;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderRegistry;
import dev.orchard.api.registry.RegistryObserver;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The registries report calls (with their operation and error category), drains and swaps to RegistryObserver
 * services; an observer that throws or blocks changes nothing for callers.
 */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class RegistryObserverTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry registry;

    private final Recording seen = new Recording();
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    @BeforeEach
    void observe() {
        // The throwing observer first: it is told every report before the recording one.
        registrations.add(context.registerService(RegistryObserver.class, new Throwing(), null));
        registrations.add(context.registerService(RegistryObserver.class, seen, null));
    }

    @AfterEach
    void unregister() {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // a test unregistered it itself
            }
        }
    }

    @Test
    void callsAreReportedWithTheirOperationAndErrorCategory() {
        String name = "observed-calls";
        registrations.add(orchestrator(name, () -> "eu-west"));
        Await.until("the registry to serve " + name, () -> registry.find(name).isPresent());

        assertEquals("eu-west", registry.call(name, "region", Orchestrator::region), "a throwing observer is harmless");
        registry.call(name, Orchestrator::label);
        assertThrows(NotFoundException.class, () -> registry.call("observed-nobody", "region", Orchestrator::region));
        assertThrows(
                UnsupportedException.class,
                () -> registry.call(name, "unsupported", o -> {
                    throw new UnsupportedException("not here");
                }));
        assertThrows(
                IllegalStateException.class,
                () -> registry.call(name, "broken", o -> {
                    throw new IllegalStateException("bug");
                }));

        seen.await(
                name + " region ok",
                name + " " + ProviderRegistry.UNNAMED_OPERATION + " ok",
                name + " unsupported UNSUPPORTED",
                name + " broken PROVIDER_FAULT");
        seen.await("observed-nobody region NOT_FOUND");
        assertTrue(
                seen.calls.stream().allMatch(c -> c.nanos() > 0 && c.kind() == ProviderKind.ORCHESTRATOR),
                seen::toString);
    }

    @Test
    void swapsAndDrainsAreReported() {
        String name = "observed-swaps";
        ServiceRegistration<Orchestrator> first = orchestrator(name, () -> "one");
        Object id = first.getReference().getProperty("service.id");
        seen.await("swap " + name + " none -> " + id);
        // Only a provider that was used has calls to drain.
        assertEquals("one", registry.call(name, "region", Orchestrator::region));

        first.unregister();
        seen.await("swap " + name + " " + id + " -> none");
        Await.until("the drain of " + name, () -> seen.drains.contains(name + " 0"), seen::toString);
    }

    @Test
    void aBlockedObserverDelaysNoCall() throws Exception {
        String name = "observed-blocked";
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch reached = new CountDownLatch(1);
        registrations.add(context.registerService(
                RegistryObserver.class,
                new RegistryObserver() {
                    @Override
                    public void callEnded(
                            ProviderKind kind,
                            String provider,
                            String operation,
                            long nanos,
                            Optional<Category> error) {
                        reached.countDown();
                        try {
                            release.await(10, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                },
                null));
        registrations.add(orchestrator(name, () -> "here"));
        Await.until("the registry to serve " + name, () -> registry.find(name).isPresent());
        try {
            registry.call(name, "region", Orchestrator::region);
            assertTrue(reached.await(10, TimeUnit.SECONDS), "the blocking observer was told of the first call");
            long start = System.nanoTime();
            for (int i = 0; i < 100; i++) {
                assertEquals("here", registry.call(name, "region", Orchestrator::region));
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 5_000, "100 calls took " + millis + " ms while an observer was blocked");
        } finally {
            release.countDown();
        }
        seen.await(name + " region ok");
    }

    private ServiceRegistration<Orchestrator> orchestrator(String name, java.util.function.Supplier<String> region) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        return context.registerService(Orchestrator.class, new TestOrchestrator(name, region), props);
    }

    /** A call report, kept whole. */
    private record Call(ProviderKind kind, String provider, String operation, long nanos, Optional<Category> error) {
        String line() {
            return provider + " " + operation + " " + error.map(Category::name).orElse("ok");
        }
    }

    /** Records every report as a line. */
    private static final class Recording implements RegistryObserver {
        final List<Call> calls = new CopyOnWriteArrayList<>();
        final List<String> swaps = new CopyOnWriteArrayList<>();
        final List<String> drains = new CopyOnWriteArrayList<>();

        @Override
        public void callEnded(
                ProviderKind kind, String provider, String operation, long nanos, Optional<Category> error) {
            calls.add(new Call(kind, provider, operation, nanos, error));
        }

        @Override
        public void drained(ProviderKind kind, String provider, long nanos, int leftInFlight) {
            drains.add(provider + " " + leftInFlight);
        }

        @Override
        public void swapped(
                ProviderKind kind, String provider, Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {
            swaps.add("swap " + provider + " " + id(previous) + " -> " + id(current));
        }

        private static String id(Optional<ProviderInfo> p) {
            return p.map(i -> String.valueOf(i.serviceId())).orElse("none");
        }

        void await(String... lines) {
            for (String line : lines) {
                Await.until(
                        line,
                        () -> calls.stream().anyMatch(c -> c.line().equals(line)) || swaps.contains(line),
                        this::toString);
            }
        }

        @Override
        public String toString() {
            return "calls " + calls.stream().map(Call::line).toList() + ", swaps " + swaps + ", drains " + drains;
        }
    }

    /** Throws from every report. */
    private static final class Throwing implements RegistryObserver {
        @Override
        public void callEnded(
                ProviderKind kind, String provider, String operation, long nanos, Optional<Category> error) {
            throw new IllegalStateException("observer bug");
        }

        @Override
        public void swapped(
                ProviderKind kind, String provider, Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {
            throw new IllegalStateException("observer bug");
        }

        @Override
        public void drained(ProviderKind kind, String provider, long nanos, int leftInFlight) {
            throw new IllegalStateException("observer bug");
        }
    }
}
