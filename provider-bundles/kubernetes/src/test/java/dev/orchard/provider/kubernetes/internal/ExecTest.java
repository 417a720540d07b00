package dev.orchard.provider.kubernetes.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.ExecIO;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What runInContainer refuses before it opens the exec WebSocket. The command itself is not run here: the mock API
 * server's exec expectation answers the upgrade in a way the JDK HTTP client rejects (WebSocketHandshakeException),
 * so exec against a server is verified only against a real cluster.
 */
class ExecTest {
    private final Cluster cluster = new Cluster();

    @AfterEach
    void close() {
        cluster.close();
    }

    @Test
    void unknownPodsAndContainersAndEmptyCommandsAreRefusedBeforeAnyExec() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThrows(
                NotFoundException.class,
                () -> cluster.pods.runInContainer(
                        "prod", "absent", "web", List.of("true"), new ExecIO(null, out, null, false)));
        cluster.pods.createPod(PodsTest.pod("prod", "web"));
        NotFoundException container = assertThrows(
                NotFoundException.class,
                () -> cluster.pods.runInContainer(
                        "prod", "web", "nosuch", List.of("true"), new ExecIO(null, out, null, false)));
        assertTrue(container.getMessage().contains("nosuch"), container.getMessage());
        InvalidInputException empty = assertThrows(
                InvalidInputException.class,
                () -> cluster.pods.runInContainer("prod", "web", "web", List.of(), new ExecIO(null, out, null, false)));
        assertEquals("exec needs a command, got none", empty.getMessage());
        assertEquals(0, out.size(), "nothing was run");
    }
}
