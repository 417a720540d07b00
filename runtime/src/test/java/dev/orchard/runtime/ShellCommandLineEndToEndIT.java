package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The orchard commands' command lines through the real runtime jar: options before a pod's command and anywhere
 * among the command's own words, {@code --}, the help, a wrong argument, and the exit status of {@code -c}.
 */
class ShellCommandLineEndToEndIT {
    private static final String NAMESPACE = "sh -c 'echo $ORCHARD_NAMESPACE'";

    @TempDir
    Path folder;

    @Test
    void optionsComeBeforeThePodsCommandAndEverythingAfterItIsTheCommandsOwn() throws Exception {
        try (OrchardProcess orchard = OrchardProcess.start(folder)) {
            orchard.run("echo ready");
            String created = orchard.run("orchard:pod-run local web -n prod sh -c 'sleep 300'");
            assertTrue(created.startsWith("Pod prod/web created on local"), created);

            assertEquals("prod", orchard.run("orchard:exec local web web -n prod " + NAMESPACE));
            assertEquals("prod", orchard.run("orchard:exec -n prod local web web " + NAMESPACE));
            assertEquals("prod", orchard.run("orchard:exec -n prod local web web -- " + NAMESPACE), "-- is dropped");
            assertEquals("before -n after", orchard.run("orchard:exec -n prod local web web echo before -n after"));
            assertEquals("-n:", orchard.run("orchard:exec -n prod local web web printf '%s:' -n"));
            // The old usage's form: a trailing -n is the pod command's, so this looks for web in namespace default.
            String trailing = orchard.runFailing("orchard:exec local web web " + NAMESPACE + " -n prod");
            assertTrue(trailing.startsWith("NotFound: "), trailing);

            orchard.type("stop 0");
            assertEquals(0, orchard.waitFor(30));
        }
        // The pod outlives the runtime; a one-shot exec exits with the code of the pod's command.
        try (OrchardProcess exec =
                OrchardProcess.start(folder, "-c", "orchard:exec -n prod local web web sh -c 'echo bye; exit 3'")) {
            assertEquals(3, exec.waitFor(60), exec.stderr());
            assertEquals("bye", exec.stdout().trim());
        }
        try (OrchardProcess rm = OrchardProcess.start(folder, "-c", "orchard:pod-rm -n prod local web")) {
            assertEquals(0, rm.waitFor(60), rm.stderr());
            assertEquals("Pod prod/web deleted from local.", rm.stdout().trim());
        }
    }

    @Test
    void oneShotPrintsHelpAndAWrongArgumentIsInvalidInputWithExitStatusOne() throws Exception {
        try (OrchardProcess extra = OrchardProcess.start(folder, "-c", "orchard:providers extra")) {
            assertEquals(1, extra.waitFor(60));
            assertEquals("", extra.stdout().trim());
            assertTrue(
                    extra.stderr()
                            .lines()
                            .anyMatch("InvalidInput: expected 0 arguments, got 1; usage: providers"::equals),
                    extra.stderr());
        }
        try (OrchardProcess help = OrchardProcess.start(folder, "-c", "orchard:help pod-run")) {
            assertEquals(0, help.waitFor(60), help.stderr());
            List<String> lines = help.stdout().lines().toList();
            assertEquals(
                    "pod-run - runs a pod with one container, named like the pod, that runs the command", lines.get(0));
            assertEquals(
                    "   usage: pod-run [-n <namespace>] [-v <volume>:<mountPath>]... [-e <key>=<value>]..."
                            + " [--image <image>] [--restart Never|OnFailure|Always] <provider> <pod> <command> [<arg>...]",
                    lines.get(2));
        }
        try (OrchardProcess help = OrchardProcess.start(folder, "-c", "orchard:volume-add --help")) {
            assertEquals(0, help.waitFor(60), help.stderr());
            assertTrue(help.stdout().startsWith("volume-add - creates a volume"), help.stdout());
            // A one-shot command that started its own runtime prints its answer, not the providers' lifecycle (Java
            // 24 and later add their own WARNING lines about Felix's use of sun.misc.Unsafe, which are not Orchard's).
            assertEquals(
                    List.of(),
                    help.stderr()
                            .lines()
                            .filter(l -> !l.startsWith("WARNING: "))
                            .toList(),
                    "nothing of Orchard's on stderr");
        }
    }
}
