package dev.orchard.kubelet.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rotated kubelet token replaces the old one within a second; a broken file admits nobody. */
class TokenFileTest {
    @TempDir
    Path dir;

    private final AtomicLong now = new AtomicLong(1_000_000);
    private Path file;
    private TokenFile token;

    @BeforeEach
    void writeTheFirstToken() throws Exception {
        file = dir.resolve("token");
        write("first-Token-111\n");
        token = TokenFile.read(file, now::get);
        assertTrue(token.accepts("Bearer first-Token-111"));
    }

    @Test
    void aTokenRotatedByRenameReplacesTheOldOne() throws Exception {
        write("second-Token-222\n"); // a new file moved over the old one, as kubelets and Secrets rotate
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS);
        assertTrue(token.accepts("Bearer second-Token-222"), "the new token is accepted");
        assertFalse(token.accepts("Bearer first-Token-111"), "the old one no longer");
    }

    @Test
    void aTokenRewrittenInPlaceReplacesTheOldOne() throws Exception {
        Files.writeString(file, "third-Token-333!!\n"); // same inode, another size and time
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS);
        assertTrue(token.accepts("Bearer third-Token-333!!"));
        assertFalse(token.accepts("Bearer first-Token-111"));
    }

    @Test
    void theFileIsLookedAtAtMostOncePerInterval() throws Exception {
        write("second-Token-222\n");
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS - 1);
        assertTrue(token.accepts("Bearer first-Token-111"), "within the interval the file is not looked at");
        now.addAndGet(1);
        assertFalse(token.accepts("Bearer first-Token-111"));
    }

    @Test
    void aFileThatNoLongerPassesItsChecksAdmitsNobody() throws Exception {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS);
        assertFalse(token.accepts("Bearer first-Token-111"), "a token others may read is no token");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS);
        assertTrue(token.accepts("Bearer first-Token-111"), "fixed: accepted again");

        Files.delete(file);
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS);
        assertFalse(token.accepts("Bearer first-Token-111"), "a deleted token file admits nobody");
        write("fourth-Token-444\n");
        now.addAndGet(TokenFile.CHECK_INTERVAL_MS);
        assertTrue(token.accepts("Bearer fourth-Token-444"));
    }

    private void write(String content) throws Exception {
        Path partial = dir.resolve("token.partial");
        Files.writeString(partial, content);
        Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rw-------"));
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
