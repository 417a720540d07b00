package dev.orchard.http.binding;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

/**
 * The bearer token that HTTP clients must send, read once from a file that only its owner may read or write.
 * Immutable; its text never appears in messages or logs.
 */
public final class BearerToken {
    private static final String PREFIX = "Bearer ";
    private static final String BASIC = "Basic ";
    // A token is one line; more than this is not a token file.
    private static final int MAX_FILE_BYTES = 64 * 1024;
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private final byte[] expected;

    private BearerToken(byte[] expected) {
        this.expected = expected;
    }

    /**
     * Reads the token from a file: its first line, without surrounding blanks.
     *
     * @param file the token file
     * @return the token
     * @throws InvalidInputException if the file is missing, not a regular file, readable or writable by anyone but
     *     its owner, or holds no token
     */
    public static BearerToken read(Path file) {
        return read(file, false);
    }

    /**
     * Reads the token from a file as {@link #read} does, and also requires the file to belong to the user this
     * process runs as: another user's file, even one only its owner may read, is a token that user can change.
     *
     * @param file the token file
     * @return the token
     * @throws InvalidInputException if the file fails a check of {@link #read}, or is another user's
     */
    public static BearerToken readOwned(Path file) {
        return read(file, true);
    }

    private static BearerToken read(Path file, boolean owned) {
        String where = "token file " + Names.quote(file.toString());
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidInputException(where + " is not a regular file; the token must be in a file of its own,"
                    + " readable by its owner only (chmod 600)");
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            Set<PosixFilePermission> shared = EnumSet.noneOf(PosixFilePermission.class);
            shared.addAll(permissions);
            shared.retainAll(OTHERS);
            if (!shared.isEmpty()) {
                throw new InvalidInputException(where + " has permissions "
                        + PosixFilePermissions.toString(permissions)
                        + "; only its owner may read or write it (chmod 600)");
            }
            if (owned) {
                TokenFile.requireOwner(file, where);
            }
            String text;
            // Opened without following a link: one planted after the check above is refused, not read.
            try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                text = new String(in.readNBytes(MAX_FILE_BYTES), StandardCharsets.UTF_8).strip();
            }
            int end = text.indexOf('\n');
            String token = (end < 0 ? text : text.substring(0, end)).strip();
            if (token.isEmpty()) {
                throw new InvalidInputException(where + " is empty; write the token on its first line");
            }
            return new BearerToken(token.getBytes(StandardCharsets.UTF_8));
        } catch (UnsupportedOperationException e) {
            throw new InvalidInputException(
                    where + " is on a file system without POSIX permissions; owner-only access cannot be checked", e);
        } catch (IOException e) {
            throw new InvalidInputException(where + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Tells whether an {@code Authorization} header carries this token. The comparison takes the same time
     * wherever the first difference lies.
     *
     * @param authorization the header's value; null when absent
     * @return true if it is {@code Bearer <token>}
     */
    public boolean accepts(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return false;
        }
        byte[] given = authorization.substring(PREFIX.length()).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, given);
    }

    /**
     * Tells whether an {@code Authorization} header is HTTP Basic whose password is this token (any user name), the
     * form a browser's login dialog sends. Only the Web Console takes it: a browser sends it again by itself, to
     * any page of the server, which a bearer token never is.
     *
     * @param authorization the header's value; null when absent
     * @return true if it is {@code Basic base64(<user>:<token>)}
     */
    public boolean acceptsBasic(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BASIC, 0, BASIC.length())) {
            return false;
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder()
                    .decode(authorization.substring(BASIC.length()).strip());
        } catch (IllegalArgumentException e) {
            return false;
        }
        String pair = new String(decoded, StandardCharsets.UTF_8);
        int colon = pair.indexOf(':');
        return colon >= 0
                && MessageDigest.isEqual(expected, pair.substring(colon + 1).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "BearerToken[***]";
    }
}
