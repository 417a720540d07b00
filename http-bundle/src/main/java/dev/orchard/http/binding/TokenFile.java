package dev.orchard.http.binding;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

/**
 * The token Orchard makes for itself when the operator names none: a random 256-bit token, URL-safe base64, in
 * {@code token} inside a folder of its own, both the runtime user's alone (0700 and 0600). It is made once and kept
 * across restarts; a folder or file there that is a link, another user's, or open to others is refused, never
 * silently replaced, so that whoever planted it gains nothing.
 */
public final class TokenFile {
    /** The token file's name in its folder. */
    public static final String NAME = "token";

    private static final Set<PosixFilePermission> OWNER_DIR = EnumSet.of(
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
    private static final Set<PosixFilePermission> OWNER_FILE =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * What {@link #open} found.
     *
     * @param token the token
     * @param file its file
     * @param created whether it was made now (else kept from an earlier start)
     */
    public record Opened(BearerToken token, Path file, boolean created) {}

    private TokenFile() {}

    /**
     * Reads the token in a folder, making the folder and the token first if there are none.
     *
     * @param folder the token's folder, made with mode 0700 if absent (its parent must exist)
     * @return the token and its file
     * @throws InvalidInputException saying what is wrong, if the folder or the file fails its checks or cannot be
     *     made
     */
    public static Opened open(Path folder) {
        Path file = folder.resolve(NAME);
        try {
            ownFolder(folder);
            boolean created = false;
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                created = create(folder, file);
            }
            return new Opened(BearerToken.readOwned(file), file, created);
        } catch (IOException e) {
            throw new InvalidInputException(
                    "the token in " + Names.quote(folder.toString()) + " cannot be made or read: " + e.getMessage(), e);
        } catch (UnsupportedOperationException e) {
            throw new InvalidInputException(
                    "the token folder " + Names.quote(folder.toString())
                            + " is on a file system without POSIX permissions; owner-only access cannot be made",
                    e);
        }
    }

    private static void ownFolder(Path folder) throws IOException {
        try {
            Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(OWNER_DIR));
            return;
        } catch (FileAlreadyExistsException exists) {
            // checked below
        }
        String where = "token folder " + Names.quote(folder.toString());
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidInputException(where + " is not a directory (a link or a file); remove it, and"
                    + " Orchard makes a new token at its next start");
        }
        requireOwner(folder, where);
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS);
        if (!OWNER_DIR.containsAll(permissions)) {
            throw new InvalidInputException(where + " has permissions " + PosixFilePermissions.toString(permissions)
                    + "; only its owner may use it (chmod 700)");
        }
    }

    /**
     * Writes a new token beside its place, then links it in: the link fails if anything appeared there meanwhile,
     * so a token is never replaced, and no reader ever sees a half-written one.
     */
    private static boolean create(Path folder, Path file) throws IOException {
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        byte[] text = (Base64.getUrlEncoder().withoutPadding().encodeToString(raw) + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        Path fresh = Files.createTempFile(folder, NAME, ".new", PosixFilePermissions.asFileAttribute(OWNER_FILE));
        try {
            try (FileChannel out = FileChannel.open(fresh, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                out.write(ByteBuffer.wrap(text));
                out.force(true);
            }
            try {
                Files.createLink(file, fresh);
                return true;
            } catch (FileAlreadyExistsException raced) {
                return false;
            } catch (UnsupportedOperationException noLinks) {
                Files.move(fresh, file);
                return true;
            }
        } finally {
            Files.deleteIfExists(fresh);
        }
    }

    /**
     * Fails unless a path belongs to the user this process runs as.
     *
     * @param path the path, not followed if a link
     * @param where how to name it in the message
     * @throws IOException if its owner cannot be read
     */
    static void requireOwner(Path path, String where) throws IOException {
        UserPrincipal owner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal self = self();
        if (!owner.equals(self)) {
            throw new InvalidInputException(where + " belongs to " + owner.getName() + ", not to " + self.getName()
                    + ", the user Orchard runs as; only that user's own file can hold its token");
        }
    }

    /** The user this process runs as, as the kernel knows it (the owner of /proc/self), never user.name. */
    private static UserPrincipal self() throws IOException {
        Path proc = Path.of("/proc/self");
        if (Files.exists(proc)) {
            return Files.getOwner(proc);
        }
        Path probe = Files.createTempFile("orchard-self", ".tmp");
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }
}
