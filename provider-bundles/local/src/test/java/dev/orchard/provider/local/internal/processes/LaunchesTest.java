package dev.orchard.provider.local.internal.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A container's wrapper, started ahead of its pod's files, with real processes: it runs its command only once it
 * has all its orders, so a runtime killed (or a create undone) between the start and the orders leaves nothing
 * running.
 */
class LaunchesTest {
    @TempDir
    Path tmp;

    private RunFiles files;
    private Path work;
    private Path marker;

    @BeforeEach
    void files() throws IOException {
        files = new RunFiles(Files.createDirectories(tmp.resolve("state/c")));
        Files.writeString(files.envFile(), "PATH=/usr/bin:/bin\0MARK=ran\0");
        work = Files.createDirectories(tmp.resolve("sandbox/work"));
        marker = tmp.resolve("marker");
    }

    // Writes into the marker file the folder it runs in and a variable of the pod's environment.
    private Process spawn() throws IOException {
        return Launches.container(
                        "default/web/c",
                        "token-1",
                        List.of("sh", "-c", "printf '%s %s' \"$PWD\" \"$MARK\" > " + marker),
                        Path.of("/"))
                .start();
    }

    @Test
    void aWrapperWhoseOrdersNeverComeRunsNothing() throws Exception {
        Process wrapper = spawn();
        assertTrue(wrapper.isAlive(), "it waits for its orders");
        wrapper.getOutputStream().close(); // as when the runtime is killed: its end of the pipe closes
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        assertEquals(125, wrapper.exitValue());
        assertFalse(Files.exists(marker), "the command never ran");
        assertFalse(Files.exists(files.exitFile()), "nor did it report a run");
    }

    @Test
    void aWrapperWhoseOrdersAreCutOffRunsNothing() throws Exception {
        Process wrapper = spawn();
        try (OutputStream in = wrapper.getOutputStream()) {
            // Every order but the last "go": the runtime died while it was writing them.
            in.write((files.log() + "\0" + files.exitFile() + "\0" + files.envFile() + "\0" + work + "\0" + "0\0")
                    .getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        assertEquals(125, wrapper.exitValue());
        assertFalse(Files.exists(marker), "the command never ran");
    }

    @Test
    void aReleasedWrapperRunsItsCommandInItsFolderWithThePodsEnvironment() throws Exception {
        Process wrapper = spawn();
        Launches.release(wrapper, files, work, List.of());
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, wrapper.exitValue());
        assertEquals(work + " ran", Files.readString(marker));
        assertEquals("0", Files.readString(files.exitFile()).trim());
    }

    @Test
    void aWorkingFolderThatIsGoneIsReportedInTheLog() throws Exception {
        Process wrapper = spawn();
        Launches.release(wrapper, files, tmp.resolve("gone"), List.of());
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        assertEquals(125, wrapper.exitValue());
        assertFalse(Files.exists(marker), "the command never ran");
        assertTrue(
                Files.readString(files.log()).contains("its working folder " + tmp.resolve("gone") + " cannot be"),
                Files.readString(files.log()));
    }

    @Test
    void aWrapperWhosePodsGroupWentBeforeItJoinedRunsNothing() throws Exception {
        // A crash between the release and the join, and a next instance that removed the pod's group meanwhile:
        // the wrapper cannot join, and must not run the command outside the pod.
        Path gone = tmp.resolve("cgroup-removed/cgroup.procs");
        Process wrapper = spawn();
        Launches.release(wrapper, files, work, List.of(gone));
        assertTrue(wrapper.waitFor(10, TimeUnit.SECONDS));
        assertEquals(125, wrapper.exitValue());
        assertFalse(Files.exists(marker), "the command never ran");
        assertTrue(
                Files.readString(files.log()).contains("it could not join the pod's cgroup (" + gone + ")"),
                Files.readString(files.log()));
    }

    // What ps shows of a running wrapper: recognisable by its container, and short, not the kilobyte of its script;
    // the command it runs sees none of the provider's variables.
    @Test
    void psShowsAWrapperByItsContainerAndItsCommandSeesNoneOfTheProvidersScript() throws Exception {
        Process wrapper = Launches.container(
                        "default/web/c", "token-1", List.of("sh", "-c", "env > " + marker + "; sleep 30"), Path.of("/"))
                .start();
        try {
            Launches.release(wrapper, files, work, List.of());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!Files.exists(marker) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            String cmdline = Files.readString(Path.of("/proc", Long.toString(wrapper.pid()), "cmdline"))
                    .replace('\0', ' ')
                    .trim();
            assertTrue(cmdline.contains("orchard-wrapper:default/web/c sh -c env > "), cmdline);
            assertTrue(
                    cmdline.length() < 120 + marker.toString().length(),
                    "ps shows " + cmdline.length() + " characters: " + cmdline);
            String env = Files.readString(marker);
            assertFalse(env.contains(Launches.SCRIPT_VARIABLE), env);
            assertTrue(env.contains("MARK=ran"), env);
        } finally {
            // the wrapper's session (setsid) holds the sleep: end it too, before it loses its parent
            wrapper.descendants().forEach(ProcessHandle::destroyForcibly);
            wrapper.destroyForcibly();
        }
    }
}
