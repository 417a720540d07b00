package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.ProviderProperties;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The orchard:providers and orchard:provider commands, called as Gogo calls them: by the function names the
 * service advertises. Gogo itself is not installed here, which also shows the registry runs without it.
 */
@ExtendWith(BundleContextExtension.class)
class ShellCommandsTest {
    @InjectBundleContext
    BundleContext context;

    @Test
    void providersAndProviderPrintWhatTheRegistryKnows() throws Exception {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, "shellcheck");
        ServiceRegistration<Orchestrator> r =
                context.registerService(Orchestrator.class, new TestOrchestrator("shellcheck"), props);
        ServiceTracker<Object, Object> tracker =
                new ServiceTracker<>(context, context.createFilter("(osgi.command.scope=orchard)"), null);
        tracker.open();
        try {
            Object commands = tracker.waitForService(10_000);
            assertNotNull(commands, "the orchard commands are registered");
            ServiceReference<Object> ref = tracker.getServiceReference();
            List<String> functions = Arrays.asList((String[]) ref.getProperty("osgi.command.function"));
            assertTrue(functions.containsAll(List.of("providers", "provider")), functions::toString);

            String table = invoke(commands, "providers");
            String row = table.lines().filter(l -> l.startsWith("shellcheck ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no shellcheck row in\n" + table));
            assertTrue(row.matches("shellcheck\\s+orchestrator\\s+ACTIVE\\s+dev\\.orchard\\.registry\\.tests/\\S+\\s+0\\s+1"),
                    row);
            assertTrue(table.lines().findFirst().orElseThrow().startsWith("NAME"), table);

            String detail = invoke(commands, "provider", "shellcheck");
            assertTrue(detail.lines().anyMatch(l -> l.startsWith("ACTIVE") && l.contains("dev.orchard.registry.tests/")
                    && l.contains(String.valueOf(r.getReference().getProperty("service.id")))), detail);

            Throwable nope = assertThrows(InvocationTargetException.class, () -> invoke(commands, "provider", "nope"))
                    .getCause();
            assertInstanceOf(NotFoundException.class, nope);
            assertEquals("provider \"nope\" not found", nope.getMessage());
            Throwable invalid =
                    assertThrows(InvocationTargetException.class, () -> invoke(commands, "provider", "Bad Name"))
                            .getCause();
            assertInstanceOf(InvalidInputException.class, invalid);
            assertTrue(invalid.getMessage().startsWith("invalid provider name \"Bad Name\"")
                    && invalid.getMessage().lines().count() == 1, invalid.getMessage());
            System.out.println("orchard:providers printed:\n" + table);
        } finally {
            tracker.close();
            r.unregister();
        }
    }

    private static String invoke(Object commands, String function, String... args) throws Exception {
        Class<?>[] types = new Class<?>[args.length];
        Arrays.fill(types, String.class);
        Method m = commands.getClass().getMethod(function, types);
        return (String) m.invoke(commands, (Object[]) args);
    }
}
