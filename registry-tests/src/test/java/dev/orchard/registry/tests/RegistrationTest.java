package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderListener;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;
import org.slf4j.LoggerFactory;

/** Services registered and changed directly: rankings, names, failures and listeners. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class RegistrationTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    OrchestratorRegistry registry;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    @AfterEach
    void unregister() {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the test unregistered it itself
            }
        }
    }

    private ServiceRegistration<Orchestrator> register(String label, Object name, int ranking) {
        Dictionary<String, Object> props = new Hashtable<>();
        if (name != null) {
            props.put(ProviderProperties.NAME, name);
        }
        props.put(Constants.SERVICE_RANKING, ranking);
        ServiceRegistration<Orchestrator> r =
                context.registerService(Orchestrator.class, new TestOrchestrator(label), props);
        registrations.add(r);
        return r;
    }

    private static Dictionary<String, Object> props(String name, int ranking) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put(Constants.SERVICE_RANKING, ranking);
        return props;
    }

    @Test
    void rankingChangedWithSetPropertiesReordersCandidates() {
        ServiceRegistration<Orchestrator> a = register("a", "ranked", 5);
        ServiceRegistration<Orchestrator> b = register("b", "ranked", 1);
        Await.until(
                "a active",
                () -> registry.find("ranked").map(o -> o.label().equals("a")).orElse(false));

        b.setProperties(props("ranked", 9));
        Await.until(
                "b to take over after its ranking rose",
                () -> "b".equals(registry.call("ranked", Orchestrator::label)),
                () -> registry.providers().toString());
        List<ProviderInfo> c = registry.candidates("ranked");
        assertEquals(9, c.get(0).ranking());
        assertEquals(ProviderState.ACTIVE, c.get(0).state());
        assertEquals(ProviderState.SHADOWED, c.get(1).state());

        a.setProperties(props("ranked", 20));
        Await.until("a back on top", () -> "a".equals(registry.call("ranked", Orchestrator::label)));
    }

    @Test
    void renamedServiceIsReKeyed() {
        ServiceRegistration<Orchestrator> r = register("x", "before", 0);
        Await.until("before", () -> registry.has("before"));
        r.setProperties(props("after", 0));
        Await.until("re-keyed to after", () -> registry.has("after") && !registry.has("before"));
        assertEquals("x", registry.get("after").label());
        assertThrows(NotFoundException.class, () -> registry.get("before"));
    }

    @Test
    void missingAndInvalidNamesAreFailedWithReasonsWhileOthersWork() {
        ServiceRegistration<Orchestrator> missing = register("m", null, 0);
        ServiceRegistration<Orchestrator> upper = register("u", "Not_A-Label", 0);
        register("g", "good", 0);
        Await.until("good", () -> registry.has("good"));

        ProviderInfo m = failedWithId(missing);
        assertTrue(
                m.failureReason().orElseThrow().contains("has no orchard.provider.name property"),
                m.failureReason()::get);
        ProviderInfo u = failedWithId(upper);
        assertEquals("Not_A-Label", u.name());
        assertTrue(u.failureReason().orElseThrow().contains("\"Not_A-Label\""), u.failureReason()::get);
        assertEquals("g", registry.call("good", Orchestrator::label));
        assertThrows(InvalidInputException.class, () -> registry.get("Not_A-Label"));

        upper.setProperties(props("fixed", 0));
        Await.until("a fixed name to make it usable", () -> registry.has("fixed"));
        assertTrue(registry.providers().stream()
                .noneMatch(p -> p.serviceId() == id(upper) && p.state() == ProviderState.FAILED));
    }

    private ProviderInfo failedWithId(ServiceRegistration<?> r) {
        long id = id(r);
        return registry.providers().stream()
                .filter(p -> p.serviceId() == id)
                .filter(p -> p.state() == ProviderState.FAILED)
                .findFirst()
                .orElseThrow(() -> new AssertionError("service " + id + " not FAILED in " + registry.providers()));
    }

    private static long id(ServiceRegistration<?> r) {
        return (Long) r.getReference().getProperty(Constants.SERVICE_ID);
    }

    @Test
    void listenersHearAddedReplacedRemovedAndFailedEvenIfAnotherThrows() {
        List<String> heard = new CopyOnWriteArrayList<>();
        ProviderListener thrower = new ProviderListener() {
            @Override
            public void added(ProviderInfo p) {
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void replaced(ProviderInfo previous, ProviderInfo current) {
                throw new IllegalStateException("listener bug");
            }
        };
        ProviderListener recorder = new ProviderListener() {
            @Override
            public void added(ProviderInfo p) {
                heard.add("added " + p.name() + " " + p.ranking());
            }

            @Override
            public void replaced(ProviderInfo previous, ProviderInfo current) {
                heard.add("replaced " + previous.ranking() + "->" + current.ranking());
            }

            @Override
            public void removed(ProviderInfo p) {
                heard.add("removed " + p.name());
            }

            @Override
            public void failed(ProviderInfo p) {
                heard.add("failed " + p.name());
            }
        };
        // The thrower ranks higher, so it is called first for every event.
        Dictionary<String, Object> high = new Hashtable<>();
        high.put(Constants.SERVICE_RANKING, 100);
        registrations.add(context.registerService(ProviderListener.class, thrower, high));
        registrations.add(context.registerService(ProviderListener.class, recorder, null));

        ServiceRegistration<Orchestrator> low = register("low", "heard", 1);
        ServiceRegistration<Orchestrator> top = register("top", "heard", 2);
        register("bad", "BAD", 0);
        top.unregister();
        low.unregister();

        Await.until("all events", () -> heard.size() >= 5, heard::toString);
        assertEquals(
                List.of("added heard 1", "replaced 1->2", "failed BAD", "replaced 2->1", "removed heard"),
                heard.stream()
                        .filter(s -> s.contains("heard") || s.contains("->") || s.contains("BAD"))
                        .toList());
    }

    @Test
    void loggingReachesSlf4jSimpleNotNop() {
        // If SPI Fly or slf4j-simple started too late, slf4j would have fallen back to NOP for good.
        assertInstanceOf(org.slf4j.simple.SimpleLoggerFactory.class, LoggerFactory.getILoggerFactory());
        assertFalse(LoggerFactory.getILoggerFactory() instanceof org.slf4j.helpers.NOPLoggerFactory);
    }
}
