package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ShellCommands;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** The orchard:* commands, run through a real Gogo command processor as a person types them. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class ShellCommandsTest {
    private static final int COMMANDS = 14;

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final EchoPods echo = new EchoPods();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private CommandSession session;

    @BeforeEach
    void setUp() {
        registrations.add(
                context.registerService(Orchestrator.class, new TestOrchestrator("shellcheck"), named("shellcheck")));
        registrations.add(context.registerService(PodProvider.class, echo, named("echo")));
        session = processor.createSession(
                new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static Dictionary<String, Object> named(String name) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        return props;
    }

    @AfterEach
    void tearDown() {
        session.close();
        registrations.forEach(ServiceRegistration::unregister);
    }

    /** The orchard commands, once the component has registered all of them. */
    private List<ServiceReference<?>> orchardCommands() {
        Await.until(
                "the " + COMMANDS + " orchard commands",
                () -> commandReferences().size() == COMMANDS);
        return commandReferences();
    }

    private List<ServiceReference<?>> commandReferences() {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences(
                    (String) null, "(" + CommandProcessor.COMMAND_SCOPE + "=" + ShellCommands.SCOPE + ")");
            return refs == null ? List.of() : List.of(refs);
        } catch (InvalidSyntaxException e) {
            throw new AssertionError(e);
        }
    }

    /** Runs a command line and returns what it printed; an orchard command prints its result and returns nothing. */
    private String run(String command) throws Exception {
        orchardCommands();
        out.reset();
        err.reset();
        assertNull(session.execute(command), command + " returns nothing: it prints");
        return out.toString(StandardCharsets.UTF_8).trim();
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8).trim();
    }

    @Test
    void providersPrintsOneRowPerNameAndKind() throws Exception {
        String table = run("orchard:providers");
        assertTrue(table.lines().findFirst().orElseThrow().startsWith("NAME"), table);
        String row = table.lines()
                .filter(l -> l.startsWith("shellcheck "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no shellcheck row in\n" + table));
        assertTrue(
                row.matches("shellcheck\\s+orchestrator\\s+ACTIVE\\s+dev\\.orchard\\.registry\\.tests/\\S+\\s+0\\s+1"),
                row);
        assertNull(session.get(ShellCommands.STATUS_VARIABLE));
    }

    @Test
    void providerPrintsEveryCandidate() throws Exception {
        String detail = run("orchard:provider shellcheck");
        String id = String.valueOf(registrations.get(0).getReference().getProperty("service.id"));
        assertTrue(
                detail.lines()
                        .anyMatch(l -> l.startsWith("ACTIVE")
                                && l.contains("dev.orchard.registry.tests/")
                                && l.contains(" " + id + " ")),
                detail);
    }

    @Test
    void errorsAreOneLineStartingWithTheirCategoryAndMarkTheSessionFailed() throws Exception {
        assertEquals("", run("orchard:provider nope"));
        assertEquals("NotFound: provider \"nope\" not found", errors());
        assertEquals(1, session.get(ShellCommands.STATUS_VARIABLE));

        assertEquals("", run("orchard:provider Bad_Name"));
        assertTrue(errors().startsWith("InvalidInput: invalid provider name \"Bad_Name\""), errors());
        assertEquals(1, errors().lines().count());
    }

    @Test
    void volumeCommandsCheckTheirArgumentsAndTheOrchestratorsStorage() throws Exception {
        assertEquals("", run("orchard:volume-add shellcheck"));
        assertTrue(errors().startsWith("InvalidInput: expected 3 arguments, got 1; usage: volume-add"), errors());
        run("orchard:volume-add shellcheck data 1Gi -x 1");
        assertTrue(errors().startsWith("InvalidInput: unknown option -x"), errors());
        run("orchard:volume-add shellcheck data 0");
        assertTrue(errors().startsWith("InvalidInput: capacity \"0\" must be positive"), errors());
        run("orchard:volume-add shellcheck data 1Gi");
        assertEquals("Unsupported: orchestrator \"shellcheck\" has no storage operations", errors());
        run("orchard:volumes nosuch");
        assertTrue(errors().startsWith("NotFound: no orchestrator provider is named \"nosuch\""), errors());
    }

    @Test
    void aWrongArgumentIsInvalidInputWithTheUsageNotAGogoError() throws Exception {
        assertEquals("", run("orchard:providers extra"));
        assertEquals("InvalidInput: expected 0 arguments, got 1; usage: providers", errors());
        assertEquals(1, session.get(ShellCommands.STATUS_VARIABLE));

        run("orchard:provider");
        assertEquals("InvalidInput: expected 1 argument, got 0; usage: provider <name>", errors());
        run("orchard:exec echo web web");
        assertEquals(
                "InvalidInput: expected at least 4 arguments, got 3; usage: exec [-n <namespace>] <provider> <pod>"
                        + " <container> <command> [<arg>...]",
                errors());
        run("orchard:pods --namespace x");
        assertEquals("InvalidInput: unknown option --namespace; usage: pods [-n <namespace>] [<provider>]", errors());
    }

    @Test
    void everyCommandHasHelpWithItsDescriptionUsageAndParameters() throws Exception {
        List<ServiceReference<?>> commands = orchardCommands();
        for (ServiceReference<?> ref : commands) {
            String name = (String) ref.getProperty(CommandProcessor.COMMAND_FUNCTION);
            String description = (String) ref.getProperty("osgi.command.description");
            assertNotNull(description, name + " has a description for Karaf's help");
            String help = run("orchard:help " + name);
            List<String> lines = help.lines().toList();
            assertEquals(name + " - " + description, lines.get(0), help);
            assertEquals("   scope: orchard", lines.get(1), help);
            assertTrue(lines.get(2).startsWith("   usage: " + name), help);
            assertTrue(
                    lines.contains("   parameters:") || !lines.get(2).contains("<"),
                    name + " lists its parameters:\n" + help);
            assertEquals(help, run("orchard:" + name + " --help"), "--help prints the same help");
            assertEquals(help, run("orchard:help orchard:" + name), "the scope may be given");
        }
        String volumeAdd = run("orchard:help volume-add");
        assertTrue(volumeAdd.contains("\n      -r <replicas>      how many replicas (default: 1)\n"), volumeAdd);
        assertTrue(volumeAdd.contains("\n      <capacity>       its size, a quantity such as 64Mi or 1Gi"), volumeAdd);
        assertNull(session.get(ShellCommands.STATUS_VARIABLE));
    }

    @Test
    void helpWithoutACommandListsThemAndAnUnknownOneIsNotFound() throws Exception {
        String list = run("orchard:help");
        for (ServiceReference<?> ref : orchardCommands()) {
            String name = "orchard:" + ref.getProperty(CommandProcessor.COMMAND_FUNCTION);
            assertTrue(list.lines().anyMatch(l -> l.startsWith(name + " ")), name + " in\n" + list);
        }
        assertTrue(list.endsWith("felix:help lists every command of the shell."), list);

        run("orchard:help no-such-command");
        assertTrue(errors().startsWith("NotFound: no orchard command is named \"no-such-command\""), errors());
    }

    @Test
    void gogosOwnHelpStillAnswersForItsCommands() throws Exception {
        orchardCommands();
        // Gogo resolves the bare word "help" to any scope's help, orchard:help included; either way lb's help shows.
        out.reset();
        Object returned = session.execute("help lb");
        String shown = out.toString(StandardCharsets.UTF_8) + (returned == null ? "" : returned);
        assertTrue(shown.contains("lb - list all installed bundles"), shown);
        assertEquals(shown.trim(), run("orchard:help lb"));
    }

    @Test
    void optionsComeBeforeThePodsCommandAnywhereAmongTheExecsOwnWords() throws Exception {
        assertEquals("prod/web/web: sh -c echo $X", run("orchard:exec echo web web -n prod sh -c 'echo $X'"));
        assertEquals("prod/web/web: sh -c echo $X", run("orchard:exec -n prod echo web web sh -c 'echo $X'"));
        assertEquals("prod/web/web: echo -n hi", run("orchard:exec -n prod echo web web echo -n hi"));
        assertEquals(
                "default/web/web: sh -c echo $X -n prod",
                run("orchard:exec echo web web sh -c 'echo $X' -n prod"),
                "a trailing -n belongs to the pod's command");
        assertEquals("prod/web/web: -n x", run("orchard:exec -n prod echo web web -- -n x"), "-- ends the options");
        assertNull(session.get(ShellCommands.STATUS_VARIABLE));

        assertEquals("default/web/web: exit 3", run("orchard:exec echo web web exit 3"));
        assertEquals(3, session.get(ShellCommands.STATUS_VARIABLE), "the session's status is the command's code");
    }

    @Test
    void podRunTakesItsOptionsBeforeThePodsCommand() throws Exception {
        assertEquals(
                "Pod prod/web created on echo (Running).",
                run("orchard:pod-run echo web -n prod -e A=1 printf -n -e B=2"));
        Container c = echo.pod("prod", "web").spec().containers().get(0);
        assertEquals(List.of("printf", "-n", "-e", "B=2"), c.command());
        assertEquals(Map.of("A", "1"), c.env());
        assertEquals("", c.image(), "no image unless one is given");

        run("orchard:pod-run echo img --image registry.example/app:1.2 -n prod sleep 1");
        assertEquals(
                "registry.example/app:1.2",
                echo.pod("prod", "img").spec().containers().get(0).image(),
                "--image reaches the container, for providers that pull one");

        assertEquals("Pod default/tail created on echo (Running).", run("orchard:pod-run echo tail sleep 1 -n prod"));
        Pod tail = echo.pod("default", "tail");
        assertEquals(
                List.of("sleep", "1", "-n", "prod"),
                tail.spec().containers().get(0).command());
    }
}
