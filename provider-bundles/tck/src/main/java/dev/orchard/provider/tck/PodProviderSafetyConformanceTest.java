package dev.orchard.provider.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every PodProvider must meet when a careless user or an attacker calls it: a delete repeated, a create it
 * refuses, a line longer than the 16 KiB parts the kubelet's CRI logging cuts lines into, and a tty it either
 * gives or refuses, never ignores.
 */
class PodProviderSafetyConformanceTest extends PodProviderChecks {
    // Longer than one 16 KiB part of the kubelet's CRI logs, and not a multiple of it.
    private static final int LONG_LINE = 40_000;

    private boolean gone(String name) {
        try {
            provider.getPod(ns, name);
            return false;
        } catch (NotFoundException e) {
            return true;
        }
    }

    @Test
    void aDeleteTwiceInARowEndsWithThePodGoneAndItsNameFree() {
        createRunning(Tck.pod(ns, "twice"));
        String uid = provider.getPod(ns, "twice").metadata().uid();
        provider.deletePod(ns, "twice");
        try {
            provider.deletePod(ns, "twice"); // at once, without waiting for the first: a no-op or NotFound
        } catch (NotFoundException documented) {
            // as PodProvider documents
        }
        Tck.await("the twice-deleted pod to be gone", () -> gone("twice"));
        assertTrue(provider.getPods().stream().noneMatch(p -> p.namespace().equals(ns)), "nothing of it is listed");
        assertThrows(NotFoundException.class, () -> provider.deletePod(ns, "twice"), "once gone, a delete is NotFound");

        createRunning(Tck.pod(ns, "twice"));
        assertNotEquals(uid, provider.getPod(ns, "twice").metadata().uid(), "its name is free for a new pod");
    }

    @Test
    void aRefusedCreateLeavesNothingAndItsNameFree() {
        // A mount of a volume that no claim of the provider holds: valid input, refused by every provider.
        Container c = new Container(
                "main",
                "busybox:1.36",
                List.of("sh", "-c", "sleep 300"),
                List.of(),
                Map.of(),
                "",
                List.of(new VolumeMount("gone", "/data", false)),
                null);
        Pod refused = Pod.of(
                ns,
                "refused",
                new PodSpec(List.of(c), List.of(new PodVolume("gone", "no-such-claim")), RestartPolicy.NEVER, 1, ""));
        assertThrows(OrchardException.class, () -> provider.createPod(refused));
        assertTrue(gone("refused"), "a refused pod is not found");
        assertTrue(provider.getPods().stream().noneMatch(p -> p.namespace().equals(ns)), "nor listed");
        assertThrows(NotFoundException.class, () -> provider.deletePod(ns, "refused"), "nor deletable");
        createRunning(Tck.pod(ns, "refused"));
    }

    @Test
    void aLineLongerThanALogPartIsReadWhole() {
        String line = "x".repeat(LONG_LINE);
        createRunning(Pod.of(
                ns,
                "long",
                new PodSpec(
                        List.of(Container.of(
                                "main", "busybox:1.36", "sh", "-c", "echo " + line + "; echo after; sleep 300")),
                        List.of(),
                        RestartPolicy.NEVER,
                        1,
                        "")));
        String all = line + "\nafter\n";
        Tck.await(
                "the long line in the logs",
                () -> logs("long", LogOptions.DEFAULT).equals(all));
        assertEquals("after\n", logs("long", LogOptions.builder().tail(1).build()), "one line, not its parts");
        assertEquals(all, logs("long", LogOptions.builder().tail(2).build()), "two lines, the long one whole");
        assertEquals(
                "x".repeat(100),
                logs("long", LogOptions.builder().limitBytes(100).build()));
    }

    @Test
    void aTtyEitherWorksOrIsRefusedAsUnsupported() {
        createRunning(Tck.pod(ns, "tty"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            code = provider.runInContainer(
                    ns,
                    "tty",
                    "main",
                    List.of("sh", "-c", "test -t 0 && test -t 1 && echo on-a-tty"),
                    new ExecIO(null, out, null, true));
        } catch (UnsupportedException refused) {
            assertTrue(refused.getMessage() != null && !refused.getMessage().isBlank(), "it says why");
            return;
        }
        assertEquals(0, code, "the command saw a terminal on its input and output: " + out);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("on-a-tty"), out.toString(StandardCharsets.UTF_8));
        // A terminal has no separate error stream: asking for both is refused, never silently merged.
        assertThrows(
                OrchardException.class,
                () -> provider.runInContainer(
                        ns,
                        "tty",
                        "main",
                        List.of("true"),
                        new ExecIO(null, new ByteArrayOutputStream(), new ByteArrayOutputStream(), true)));
    }

    private String logs(String pod, LogOptions options) {
        try (InputStream in = provider.getContainerLogs(ns, pod, "main", options)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("reading the logs failed: " + e, e);
        }
    }
}
