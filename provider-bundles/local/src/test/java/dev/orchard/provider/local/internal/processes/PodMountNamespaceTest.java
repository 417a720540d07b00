package dev.orchard.provider.local.internal.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** How an exec is sent into its container's mount namespace, and when it is not sent at all. */
class PodMountNamespaceTest {
    @Test
    void anExecIntoAContainerWhoseProcessHasEndedRunsNothing() throws Exception {
        // Before, it ran as asked, in the host's namespace, with the pod's environment: its mounts were the host's.
        Process wrapper = new ProcessBuilder("sleep", "30").start();
        ProcessIdentity gone = ProcessIdentity.of(wrapper.pid()).orElseThrow();
        wrapper.destroyForcibly();
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        ProcessBuilder exec = new ProcessBuilder(new ArrayList<>(List.of("mount", "-t", "tmpfs", "x", "/mnt")));
        IOException e = assertThrows(IOException.class, () -> PodMountNamespace.enter(exec, gone));
        assertTrue(e.getMessage().contains("ended"), e.getMessage());
        assertThrows(IOException.class, () -> PodMountNamespace.enter(exec, null));
        assertEquals(List.of("mount", "-t", "tmpfs", "x", "/mnt"), exec.command(), "the command is left as it was");
    }

    @Test
    void anExecIntoAContainerOfTheHostsNamespaceIsLeftAsItIs() throws Exception {
        Process wrapper = new ProcessBuilder("sleep", "30").start();
        try {
            ProcessIdentity running = ProcessIdentity.of(wrapper.pid()).orElseThrow();
            ProcessBuilder exec = new ProcessBuilder(new ArrayList<>(List.of("true")));
            PodMountNamespace.enter(exec, running);
            assertEquals(List.of("true"), exec.command());
        } finally {
            wrapper.destroyForcibly();
            wrapper.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
