package dev.orchard.provider.local.internal.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a delete stops: the processes in the pod's boundary, and its containers' wrappers by their identities, even
 * one that has not joined the boundary yet (a wrapper joins its pod's groups itself once released); never a
 * process whose identity does not match.
 */
class StoppingTest {
    // A boundary that holds no process: its token is in no environment.
    private static PodBoundary empty() {
        return new TokenBoundary(UUID.randomUUID().toString());
    }

    private static Process start(String script) throws IOException {
        return new ProcessBuilder("sh", "-c", script)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static ProcessIdentity identity(Process p) {
        return ProcessIdentity.of(p.pid()).orElseThrow();
    }

    @Test
    void aWrapperNotInTheBoundaryYetIsEndedThroughItsIdentity() throws Exception {
        Process wrapper = start("exec sleep 300");
        try {
            assertTrue(Stopping.stop(empty(), List.of(identity(wrapper)), 5));
            assertTrue(wrapper.waitFor(5, TimeUnit.SECONDS), "the wrapper was ended");
        } finally {
            wrapper.destroyForcibly();
        }
    }

    @Test
    void aWrapperThatIgnoresSigtermIsKilledOnceTheGracePeriodIsOver() throws Exception {
        Process wrapper = new ProcessBuilder("sh", "-c", "trap '' TERM; echo ready; while :; do sleep 1; done")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            // Its trap is set once it says so: a SIGTERM before would end it at once.
            assertEquals('r', wrapper.getInputStream().read());
            long t = System.nanoTime();
            assertTrue(Stopping.stop(empty(), List.of(identity(wrapper)), 1));
            assertTrue(wrapper.waitFor(5, TimeUnit.SECONDS), "the wrapper was killed");
            assertTrue(System.nanoTime() - t >= TimeUnit.SECONDS.toNanos(1), "after its grace period");
        } finally {
            wrapper.destroyForcibly();
        }
    }

    @Test
    void aProcessWhosePidWasReusedIsNotSignalled() throws Exception {
        Process other = start("exec sleep 300");
        try {
            ProcessIdentity real = identity(other);
            // What a journal would hold of an earlier process with the same pid: another start time.
            ProcessIdentity earlier = new ProcessIdentity(real.pid(), real.startTicks() - 1, real.bootId());
            assertTrue(Stopping.stop(empty(), List.of(earlier), 0), "nothing of the pod is left");
            assertTrue(other.isAlive(), "the process that now has the pid is not the pod's, and runs on");
        } finally {
            other.destroyForcibly();
        }
    }
}
