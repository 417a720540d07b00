package dev.orchard.provider.kubernetes.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.ExecIO;
import io.fabric8.mockwebserver.internal.WebSocketMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * runInContainer against the mock API server: the exec WebSocket (protocol {@code v4.channel.k8s.io}, one channel
 * byte before each message) answered by an expectation, which echoes the command's stdin on stdout, writes on
 * stderr and ends with the exit status on the error channel; and what it refuses before it opens the WebSocket.
 */
class ExecTest {
    private final Cluster cluster = new Cluster();

    @AfterEach
    void close() {
        cluster.close();
    }

    // runInContainer waits for the command without a limit, as a command may run long: a server that never answers
    // would hang the test instead of failing it.
    @Timeout(30)
    @Test
    void stdinStdoutStderrAndTheExitCodeRoundTripOverTheExecWebSocket() {
        cluster.pods.createPod(PodsTest.pod("prod", "web"));
        cluster.api
                .mock()
                .expect()
                .get() // the mixed dispatcher looks an expectation up by method and path: one for any method is unseen
                .withPath(
                        "/api/v1/namespaces/orchard-prod/pods/web/exec?command=sh&command=-c&command=cat%3B%20exit%203"
                                + "&container=web&stdin=true&stdout=true&stderr=true")
                .andUpgradeToWebSocket()
                .open()
                // The command's input arrives on channel 0; the server then answers on 1, 2 and 3, each message
                // sent after the one before it.
                .expect(text(frame(0, "hello\n")))
                .andEmit(frame(1, "hello\n"))
                .once()
                .expectSentWebSocketMessage(text(frame(1, "hello\n")))
                .andEmit(frame(2, "warning: cat\n"))
                .once()
                .expectSentWebSocketMessage(text(frame(2, "warning: cat\n")))
                .andEmit(frame(3, EXIT_3))
                .once()
                .done()
                .once();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = cluster.pods.runInContainer(
                "prod",
                "web",
                "web",
                List.of("sh", "-c", "cat; exit 3"),
                new ExecIO(new ByteArrayInputStream("hello\n".getBytes(UTF_8)), out, err, false));
        assertEquals(3, exit, "the exit code from the error channel's status");
        assertEquals("hello\n", out.toString(UTF_8), "stdin reached the command, whose stdout came back");
        assertEquals("warning: cat\n", err.toString(UTF_8));
    }

    // The status a kubelet sends on the error channel for a command that exits with 3.
    private static final String EXIT_3 = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
            + "\"status\":\"Failure\",\"message\":\"command terminated with non-zero exit code: exit code 3\","
            + "\"reason\":\"NonZeroExitCode\",\"details\":{\"causes\":[{\"reason\":\"ExitCode\",\"message\":\"3\"}]}}";

    // One message of the exec protocol: the channel byte, then the bytes.
    private static WebSocketMessage frame(int channel, String content) {
        byte[] bytes = content.getBytes(UTF_8);
        byte[] message = new byte[bytes.length + 1];
        message[0] = (byte) channel;
        System.arraycopy(bytes, 0, message, 1, bytes.length);
        return new WebSocketMessage(0L, message, true, true);
    }

    // How the mock server keys a message it receives or sends: its bytes as text.
    private static String text(WebSocketMessage message) {
        return new String(message.getBytes(), UTF_8);
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
