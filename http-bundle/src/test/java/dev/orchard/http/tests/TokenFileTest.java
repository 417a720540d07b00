package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.http.binding.TokenFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;

/** Orchard's own token file: made owner-only once, kept, and never replaced when something else is there. */
class TokenFileTest {
    private static Path parent() throws Exception {
        return Files.createTempDirectory("orchard-token-test");
    }

    @Test
    void madeOwnerOnlyOnceAndKept() throws Exception {
        Path folder = parent().resolve("http");
        TokenFile.Opened first = TokenFile.open(folder);
        assertTrue(first.created());
        assertEquals(
                "rwx------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(first.file(), LinkOption.NOFOLLOW_LINKS)));
        String text = Files.readString(first.file()).strip();
        assertTrue(text.matches("[A-Za-z0-9_-]{43}"), text);
        assertFalse(first.token().toString().contains(text));
        TokenFile.Opened again = TokenFile.open(folder);
        assertFalse(again.created());
        assertEquals(text, Files.readString(again.file()).strip());
        assertTrue(again.token().accepts("Bearer " + text));
        try (var left = Files.list(folder)) {
            assertEquals(1, left.count(), "no temporary file is left behind");
        }
    }

    @Test
    void aLinkInPlaceOfTheTokenIsRefusedAndLeftAlone() throws Exception {
        Path folder = parent().resolve("http");
        Files.createDirectory(
                folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path elsewhere = Files.writeString(parent().resolve("planted"), "attackers-token\n");
        Files.setPosixFilePermissions(elsewhere, PosixFilePermissions.fromString("rw-------"));
        Files.createSymbolicLink(folder.resolve(TokenFile.NAME), elsewhere);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> TokenFile.open(folder));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        assertFalse(e.getMessage().contains("attackers-token"));
        assertTrue(Files.isSymbolicLink(folder.resolve(TokenFile.NAME)), "left as it was");
    }

    @Test
    void aFolderThatIsALinkOrOpenToOthersIsRefused() throws Exception {
        Path base = parent();
        Path real = Files.createDirectory(base.resolve("real"));
        Files.createSymbolicLink(base.resolve("http"), real);
        assertThrows(InvalidInputException.class, () -> TokenFile.open(base.resolve("http")));
        Path open = Files.createDirectory(base.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> TokenFile.open(open));
        assertTrue(e.getMessage().contains("rwxr-xr-x"), e.getMessage());
        try (var left = Files.list(open)) {
            assertEquals(0, left.count(), "nothing made in it");
        }
    }

    @Test
    void anotherUsersTokenFileIsRefused() throws Exception {
        Path folder = parent().resolve("http");
        TokenFile.open(folder);
        UserPrincipal nobody;
        try {
            nobody = folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(folder.resolve(TokenFile.NAME), nobody);
        } catch (java.io.IOException e) {
            assumeTrue(false, "cannot give the file to user nobody (needs root): " + e.getMessage());
            return;
        }
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> TokenFile.open(folder));
        assertTrue(e.getMessage().contains("belongs to nobody"), e.getMessage());
    }
}
