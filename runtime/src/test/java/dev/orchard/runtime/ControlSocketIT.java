package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.runtime.OrchardProcess.Ended;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control socket as an attacker and a careless operator meet it: owner-only on disk, closed to other users,
 * refusing what its protocol does not define, Ctrl-C ending the command and not the runtime; and no telnetd.
 */
class ControlSocketIT {
    @TempDir
    Path folder;

    @Test
    void theSocketIsTheOwnersAloneOnDisk() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            assertEquals("rwx------", permissions(folder.resolve(".orchard")));
            assertEquals("rw-------", permissions(folder.resolve(".orchard/socket")));
        }
    }

    @Test
    void anotherUserCanNeitherRunACommandNorStartASecondRuntime() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to act as user nobody");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs setpriv");
        // Open for nobody to enter, not to write: a runtime refuses a folder another user can write in.
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (OrchardProcess daemon = Daemons.start(folder)) {
            Process nobody = new ProcessBuilder(
                            "/usr/bin/setpriv",
                            "--reuid=65534",
                            "--regid=65534",
                            "--clear-groups",
                            "--",
                            OrchardProcess.JAVA,
                            "-jar",
                            OrchardProcess.JAR.toAbsolutePath().toString(),
                            "-c",
                            "orchard:pod-run local evil touch /tmp/pwned")
                    .directory(folder.toFile())
                    .redirectErrorStream(true)
                    .start();
            nobody.getOutputStream().close();
            String printed = new String(nobody.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(nobody.waitFor(60, TimeUnit.SECONDS));
            assertEquals(4, nobody.exitValue(), printed);
            assertTrue(printed.contains(".orchard belongs to root, not to nobody"), printed);
            Ended pods = OrchardProcess.once(folder, "-c", "orchard:pods local");
            assertEquals("No pods on local.", pods.stdout().trim(), "nothing ran: " + pods);
            assertTrue(daemon.isAlive());
        }
    }

    @Test
    void whatTheProtocolDoesNotDefineIsRefusedWithTheReason() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            assertEquals(
                    "R:a frame of type 'G' is 1163141167 bytes long; at most 65536 are allowed",
                    exchange("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
            assertEquals(
                    "R:this runtime speaks orchard/2 and orchard/1, not \"orchard/3\"",
                    exchange(frame('H', "orchard/3")));
            assertEquals(
                    "R:expected a hello frame ('H') with orchard/2 first, got a frame of type 'C'",
                    exchange(frame('C', "orchard:providers")));
            assertEquals(
                    "R:expected a command frame ('C') after the hello, got a frame of type 'Z'",
                    exchange(concat(frame('H', "orchard/1"), frame('Z', ""))));
            assertEquals("R:the command is empty", exchange(concat(frame('H', "orchard/1"), frame('C', " "))));
            assertTrue(daemon.isAlive());
            Ended still = OrchardProcess.once(folder, "-c", "orchard:providers");
            assertEquals(0, still.status(), still::toString);
        }
    }

    @Test
    void aCommandLongerThanOneFrameIsRefusedBeforeAnyPartOfItRuns() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            String command = "orchard:pod-run local cut echo " + "x".repeat(70_000);
            Ended refused = OrchardProcess.once(folder, "-c", command);
            assertEquals(2, refused.status(), refused::toString);
            assertEquals(
                    "orchard: the command is 70031 bytes long in UTF-8; at most 65536 are allowed; nothing was run",
                    refused.stderr().trim());
            Ended pods = OrchardProcess.once(folder, "-c", "orchard:pods local");
            assertEquals(0, pods.status(), pods::toString);
            assertTrue(pods.stdout().startsWith("No pods"), "no pod was created: " + pods);
        }
    }

    @Test
    void anInterruptSentWithTheCommandEndsItBeforeItRuns() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            // A scoped command nobody provides is waited for (3 s) before it runs: the interrupt, read at once, comes
            // before the run exists and must still end it, as it would a followed log.
            byte[] hello = frame('H', "orchard/1");
            assertEquals("X:130", exchange(concat(concat(hello, frame('C', "nosuch:command")), frame('I', ""))));
            assertTrue(daemon.isAlive());
        }
    }

    @Test
    void ctrlCEndsAFollowedLogNotTheRuntime() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            Ended run = OrchardProcess.once(
                    folder, "-c", "orchard:pod-run local ticker sh -c 'while true; do echo tick; sleep 0.1; done'");
            assertEquals(0, run.status(), run::toString);
            try (OrchardProcess follow = OrchardProcess.start(folder, "-c", "orchard:logs local ticker --follow")) {
                follow.awaitOutput("tick\ntick\ntick\n", 30);
                follow.signal("INT");
                assertEquals(130, follow.waitFor(30), follow.stderr());
            }
            assertTrue(daemon.isAlive(), "the daemon runs on:\n" + daemon.stderr());
            Ended tail = OrchardProcess.once(folder, "-c", "orchard:logs local ticker --tail 1");
            assertEquals("tick", tail.stdout().trim(), tail::toString);
            assertEquals(
                    0,
                    OrchardProcess.once(folder, "-c", "orchard:pod-rm local ticker")
                            .status());
        }
    }

    @Test
    void telnetdIsRefusedPointingToMinusCAndNoPortOpens() throws Exception {
        try (OrchardProcess daemon = Daemons.start(folder)) {
            for (String command : new String[] {"telnetd start", "gogo:telnetd --port=2019 start"}) {
                Ended telnet = OrchardProcess.once(folder, "-c", command);
                assertEquals(1, telnet.status(), telnet::toString);
                assertTrue(
                        telnet.stderr().startsWith("telnetd is not available in Orchard")
                                && telnet.stderr().contains("java -jar orchard.jar -c"),
                        telnet::toString);
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", 2019), 2000);
                throw new AssertionError("something listens on 127.0.0.1:2019");
            } catch (ConnectException refused) {
                // nothing listens
            }
        }
    }

    private String exchange(byte[] bytes) throws IOException {
        return RawClient.exchange(folder, bytes);
    }

    private static byte[] frame(char type, String text) {
        return RawClient.frame(type, text);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        return RawClient.concat(a, b);
    }

    private static String permissions(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
