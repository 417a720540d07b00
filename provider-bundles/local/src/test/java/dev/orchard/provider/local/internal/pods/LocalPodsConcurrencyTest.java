package dev.orchard.provider.local.internal.pods;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.provider.local.internal.pods.ContainerSupervisor.Launcher;
import dev.orchard.provider.local.internal.processes.CgroupHost;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One pod's slow start holds up no call about another pod: the provider starts processes and writes files under
 * the pod's own lock only. (With one lock for the whole provider, every call below would wait for the start.)
 */
class LocalPodsConcurrencyTest extends LocalPodsTestBase {
    private static final Duration QUICK = Duration.ofSeconds(5);

    private static Pod sleeper(String name) {
        return Pod.of(NS, name, spec(RestartPolicy.NEVER, sh("c", "sleep 300")));
    }

    @Test
    void whileOnePodsProcessIsStartingEveryCallAboutOtherPodsAnswers() throws Exception {
        CountDownLatch starting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // The start of pod "slow" blocks until the test releases it; every other start is a plain one.
        Launcher slowForOnePod = builder -> {
            // The provider gives its scripts an environment of its own, and names each wrapper after its container.
            if (builder.command().contains("orchard-wrapper:" + NS + "/slow/c")) {
                starting.countDown();
                try {
                    if (!release.await(20, TimeUnit.SECONDS)) {
                        throw new IOException("the test never released the slow start");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while slow");
                }
            }
            return builder.start();
        };
        LocalPods provider = provider(tmp.resolve("slow-pods"), slowForOnePod, CgroupHost.discover("slow-pods"));
        ExecutorService creator = Executors.newSingleThreadExecutor();
        try {
            provider.createPod(sleeper("other"));
            Future<?> slow = creator.submit(() -> provider.createPod(sleeper("slow")));
            assertTrue(starting.await(10, TimeUnit.SECONDS), "the slow pod's start has begun");

            List<Pod> listed = assertTimeoutPreemptively(QUICK, provider::getPods, "getPods waited for a start");
            assertEquals(List.of("other"), listed.stream().map(Pod::name).toList(), "a pod being made is not listed");
            assertEquals(
                    PodPhase.RUNNING,
                    assertTimeoutPreemptively(QUICK, () -> provider.getPodStatus(NS, "other"), "getPod waited")
                            .phase());
            assertThrows(NotFoundException.class, () -> provider.getPod(NS, "slow"), "nor found until it is made");
            assertThrows(
                    AlreadyExistsException.class, () -> provider.createPod(sleeper("slow")), "but its name is taken");
            assertTimeoutPreemptively(QUICK, () -> provider.createPod(sleeper("third")), "another create waited");
            assertEquals(PodPhase.RUNNING, provider.getPodStatus(NS, "third").phase());
            assertTimeoutPreemptively(QUICK, () -> provider.deletePod(NS, "other"), "another delete waited");
            assertTimeoutPreemptively(QUICK, provider::getStatsSummary, "the stats waited for a start");
            assertFalse(slow.isDone(), "all that while, the slow pod was still starting");

            release.countDown();
            slow.get(10, TimeUnit.SECONDS);
            assertEquals(PodPhase.RUNNING, provider.getPodStatus(NS, "slow").phase(), "made once its start is done");
        } finally {
            release.countDown();
            creator.shutdownNow();
            provider.close();
        }
        assertEquals(List.of(), leftovers(tmp.resolve("slow-pods").toRealPath()));
    }
}
