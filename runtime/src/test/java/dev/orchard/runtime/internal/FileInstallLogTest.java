package dev.orchard.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleException;

/** How FileInstall's messages become one line naming the file and the reason. */
class FileInstallLogTest {
    @Test
    void theFileComesFromTheEndOfTheMessageAsAPathOrAUrl() {
        assertEquals(
                Path.of("/srv/o/deploy/x.jar"),
                FileInstallLog.fileIn("Failed to install artifact: /srv/o/deploy/x.jar"));
        assertEquals(
                Path.of("/srv/o/deploy/x y.jar"),
                FileInstallLog.fileIn("Error while starting bundle: file:/srv/o/deploy/x%20y.jar"));
        assertNull(FileInstallLog.fileIn("In main loop, we have serious trouble"));
        assertNull(FileInstallLog.fileIn("Something: relative/name.jar"));
    }

    @Test
    void whatFailedInTheWordsOfTheWarnLine() {
        assertEquals("cannot be installed", FileInstallLog.what("Failed to install artifact: /x.jar"));
        assertEquals("cannot be started", FileInstallLog.what("Error while starting bundle: file:/x.jar"));
        assertEquals("cannot be updated", FileInstallLog.what("Failed to update bundle: /x.jar"));
        assertEquals("FileInstall: In main loop", FileInstallLog.what("In main loop: trouble"));
    }

    @Test
    void theReasonIsOneLineWithTheCausesThatAddSomething() {
        BundleException e = new BundleException(
                "Activator start error in bundle x [12].", new IllegalStateException("boom\nat line 2"));
        assertEquals(
                "Activator start error in bundle x [12].: IllegalStateException: boom at line 2",
                FileInstallLog.reason(e));
        assertEquals(
                "NumberFormatException: For input string: \"12x\"",
                FileInstallLog.reason(new NumberFormatException("For input string: \"12x\"")));
        assertEquals(
                "Unable to resolve x: missing requirement",
                FileInstallLog.reason(new BundleException(
                        "Unable to resolve x: missing requirement", new RuntimeException("missing requirement"))));
        assertEquals(
                "Unable to resolve x [27](R 27.0): missing requirement [x] osgi.wiring.package",
                FileInstallLog.reason(new BundleException("Unable to resolve x [27](R 27.0): missing requirement [x]"
                        + " osgi.wiring.package Unresolved requirements: [[x] osgi.wiring.package]")),
                "Felix's repetition of the requirements is dropped");
        assertEquals("NullPointerException", FileInstallLog.reason(new NullPointerException()));
    }
}
