package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.registry.ProviderProperties;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Dictionary;
import java.util.Hashtable;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
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

/** The orchard:* commands, run through a real Gogo command processor as a person types them. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class ShellCommandsTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    private ServiceRegistration<Orchestrator> registration;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private CommandSession session;

    @BeforeEach
    void setUp() {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, "shellcheck");
        registration = context.registerService(Orchestrator.class, new TestOrchestrator("shellcheck"), props);
        session = processor.createSession(
                new ByteArrayInputStream(new byte[0]),
                new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void tearDown() {
        session.close();
        registration.unregister();
    }

    private Object run(String command) throws Exception {
        Await.until("the command " + command.split(" ")[0], () -> {
            try {
                return context.getServiceReferences(
                                (String) null,
                                "(&(osgi.command.scope=orchard)(osgi.command.function="
                                        + command.split(" ")[0].substring("orchard:".length()) + "))")
                        != null;
            } catch (Exception e) {
                return false;
            }
        });
        return session.execute(command);
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8).trim();
    }

    @Test
    void providersPrintsOneRowPerNameAndKind() throws Exception {
        String table = (String) run("orchard:providers");
        assertTrue(table.lines().findFirst().orElseThrow().startsWith("NAME"), table);
        String row = table.lines()
                .filter(l -> l.startsWith("shellcheck "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no shellcheck row in\n" + table));
        assertTrue(
                row.matches("shellcheck\\s+orchestrator\\s+ACTIVE\\s+dev\\.orchard\\.registry\\.tests/\\S+\\s+0\\s+1"),
                row);
        assertNull(session.get("orchard.status"));
    }

    @Test
    void providerPrintsEveryCandidate() throws Exception {
        String detail = (String) run("orchard:provider shellcheck");
        String id = String.valueOf(registration.getReference().getProperty("service.id"));
        assertTrue(
                detail.lines()
                        .anyMatch(l -> l.startsWith("ACTIVE")
                                && l.contains("dev.orchard.registry.tests/")
                                && l.contains(" " + id + " ")),
                detail);
    }

    @Test
    void errorsAreOneLineStartingWithTheirCategoryAndMarkTheSessionFailed() throws Exception {
        assertNull(run("orchard:provider nope"));
        assertEquals("NotFound: provider \"nope\" not found", errors());
        assertEquals(1, session.get("orchard.status"));

        err.reset();
        assertNull(run("orchard:provider Bad_Name"));
        assertTrue(errors().startsWith("InvalidInput: invalid provider name \"Bad_Name\""), errors());
        assertEquals(1, errors().lines().count());
    }

    @Test
    void volumeCommandsCheckTheirArgumentsAndTheOrchestratorsStorage() throws Exception {
        assertNull(run("orchard:volume-add shellcheck"));
        assertTrue(errors().startsWith("InvalidInput: expected 3 arguments, got 1; usage: volume-add"), errors());
        err.reset();
        assertNull(run("orchard:volume-add shellcheck data 1Gi -x 1"));
        assertTrue(errors().startsWith("InvalidInput: unknown option -x"), errors());
        err.reset();
        assertNull(run("orchard:volume-add shellcheck data 0"));
        assertTrue(errors().startsWith("InvalidInput: capacity \"0\" must be positive"), errors());
        err.reset();
        assertNull(run("orchard:volume-add shellcheck data 1Gi"));
        assertEquals("Unsupported: orchestrator \"shellcheck\" has no storage operations", errors());
        err.reset();
        assertNull(run("orchard:volumes nosuch"));
        assertTrue(errors().startsWith("NotFound: no orchestrator provider is named \"nosuch\""), errors());
    }
}
