package dev.orchard.kubelet.api;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.http.binding.BearerToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet API's bearer token, from its file, read again when the file changes: a rotated token replaces the old
 * one, which stops being accepted. A request looks at the file at most once per {@value #CHECK_INTERVAL_MS} ms, and
 * only by its attributes (inode, size, modification time, owner, permissions); the file is read again only when they
 * changed. A file that stops passing {@link BearerToken#read}'s checks (gone, empty, readable by others) admits no
 * token until it passes again: a rotation never leaves the old token valid. Thread-safe.
 */
public final class TokenFile {
    /** How often, at most, the file's attributes are looked at. */
    static final long CHECK_INTERVAL_MS = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(TokenFile.class);

    private final Path file;
    private final LongSupplier clockMs;
    private final ReentrantLock checking = new ReentrantLock();
    private volatile State state;

    /** What was read, from which version of the file, and when it was last looked at. */
    private record State(Optional<BearerToken> token, Object version, long checkedMs) {}

    private TokenFile(Path file, LongSupplier clockMs, State state) {
        this.file = file;
        this.clockMs = clockMs;
        this.state = state;
    }

    /**
     * Reads the token file; it must pass {@link BearerToken#read}'s checks now.
     *
     * @param file the token file
     * @return the token, to be read again when the file changes
     * @throws InvalidInputException if the file fails the checks
     */
    public static TokenFile read(Path file) {
        return read(file, System::currentTimeMillis);
    }

    static TokenFile read(Path file, LongSupplier clockMs) {
        Object version = version(file);
        BearerToken token = BearerToken.read(file);
        return new TokenFile(file, clockMs, new State(Optional.of(token), version, clockMs.getAsLong()));
    }

    /**
     * Tells whether an {@code Authorization} header carries the file's current token.
     *
     * @param authorization the header; null when absent
     * @return true if it is {@code Bearer <token>} with the token the file holds now (as of the last second)
     */
    public boolean accepts(String authorization) {
        return current().map(t -> t.accepts(authorization)).orElse(false);
    }

    private Optional<BearerToken> current() {
        State s = state;
        if (clockMs.getAsLong() - s.checkedMs() < CHECK_INTERVAL_MS || !checking.tryLock()) {
            return s.token(); // checked within the second, or being checked by another request right now
        }
        try {
            s = state;
            long now = clockMs.getAsLong();
            Object version = version(file);
            if (Objects.equals(version, s.version()) && version != null) {
                state = new State(s.token(), version, now);
            } else {
                state = new State(reread(), version, now);
            }
            return state.token();
        } finally {
            checking.unlock();
        }
    }

    private Optional<BearerToken> reread() {
        try {
            BearerToken token = BearerToken.read(file);
            LOG.info("Kubelet API token file {} changed: its new token is accepted, the old one no longer", file);
            return Optional.of(token);
        } catch (InvalidInputException e) {
            LOG.warn(
                    "Kubelet API token file changed and no token is accepted until it is fixed: {}",
                    Secrets.redact(e.getMessage()));
            return Optional.empty();
        }
    }

    // What tells one version of the file from another without reading it; null if it cannot be looked at.
    private static Object version(Path file) {
        try {
            PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return List.of(
                    String.valueOf(a.fileKey()),
                    a.size(),
                    a.lastModifiedTime(),
                    String.valueOf(a.owner()),
                    PosixFilePermissions.toString(a.permissions()));
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return "TokenFile[" + file + "]";
    }
}
