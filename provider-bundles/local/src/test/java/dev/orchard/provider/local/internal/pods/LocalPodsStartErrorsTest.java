package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerState;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.RestartPolicy;
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A container that cannot start says why, in its status (StartError and the message, as the kubelet reports it)
 * and in its log, wherever its start fails: at the exec of its wrapper, of {@code env -i} inside it, or of its
 * command; and an exec into a container that is not running is refused, as the kubelet refuses it.
 */
class LocalPodsStartErrorsTest extends LocalPodsTestBase {
    private ContainerStatus awaitStartError(String pod) {
        awaitPhase(pod, PodPhase.FAILED);
        ContainerStatus s = container(pod, "c");
        assertEquals(ContainerState.TERMINATED, s.state(), s.toString());
        assertEquals("StartError", s.reason(), s.toString());
        return s;
    }

    private void assertLogSays(String pod, String text) {
        String log = logs(pod, "c", LogOptions.DEFAULT);
        assertTrue(log.contains("could not start") && log.contains(text), "the log says why: " + log);
    }

    @Test
    void aMissingCommandIsAStartErrorThatSaysSo() {
        create("missing", RestartPolicy.NEVER, Container.of("c", "busybox:1.36", "/nonexistent/orchard-cmd"));
        ContainerStatus s = awaitStartError("missing");
        assertEquals(127, s.exitCode());
        assertTrue(
                s.message().contains("/nonexistent/orchard-cmd") && s.message().contains("not found"), s.message());
        assertLogSays("missing", "/nonexistent/orchard-cmd");
    }

    @Test
    void aCommandThatExits127ItselfIsNoStartError() {
        create("own", RestartPolicy.NEVER, sh("c", "exit 127"));
        awaitPhase("own", PodPhase.FAILED);
        ContainerStatus s = container("own", "c");
        assertEquals("Error", s.reason(), s.toString());
        assertEquals("", s.message());
    }

    @Test
    void anArgumentOfOneMebibyteIsAStartErrorThatSaysArgumentListTooLong() {
        create("big", RestartPolicy.NEVER, Container.of("c", "busybox:1.36", "echo", "a".repeat(1 << 20)));
        ContainerStatus s = awaitStartError("big");
        assertTrue(s.message().contains("Argument list too long"), s.message());
        assertLogSays("big", "Argument list too long");
    }

    // Each variable fits, and the wrapper starts (it is not given them), but together they pass Linux's ARG_MAX
    // (2 MiB on a default stack limit) at the exec of env -i, which hands them to the command.
    @Test
    void anEnvironmentTooLargeInAllIsAStartErrorThatSaysArgumentListTooLong() {
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            env.put("BIG_" + i, "v".repeat(100 * 1024));
        }
        create("env", RestartPolicy.NEVER, sh("c", "echo started", env));
        ContainerStatus s = awaitStartError("env");
        assertTrue(s.message().contains("Argument list too long"), s.message());
        assertLogSays("env", "Argument list too long");
    }

    @Test
    void execIntoAContainerThatCouldNotStartIsRefused() {
        create("ended", RestartPolicy.NEVER, Container.of("c", "busybox:1.36", "/nonexistent/orchard-cmd"));
        awaitStartError("ended");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> exec("ended", List.of("true")));
        assertTrue(e.getMessage().contains("container c") && e.getMessage().contains("StartError"), e.getMessage());
    }

    @Test
    void execIntoAContainerThatCompletedIsRefused() {
        create("done", RestartPolicy.NEVER, sh("c", "true"));
        awaitPhase("done", PodPhase.SUCCEEDED);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> exec("done", List.of("true")));
        assertTrue(e.getMessage().contains("container c") && e.getMessage().contains("Completed"), e.getMessage());
    }

    private int exec(String pod, List<String> command) {
        return pods.runInContainer(
                NS,
                pod,
                "c",
                command,
                new ExecIO(null, new ByteArrayOutputStream(), new ByteArrayOutputStream(), false));
    }
}
