package dev.orchard.provider.local.internal;

import dev.orchard.provider.local.internal.files.RootMark;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The handover of the roots from the instance that owns them to one that waits for them, in this runtime or in
 * another, through a marker file in the pod root's state folder ({@code .orchard/handover}).
 *
 * <p>A waiting instance announces itself with a file {@code .orchard/waiting-<id>} while it waits; an owner with
 * no instance waiting leaves at once. The owner, before it unregisters, asks for a successor: it makes the
 * marker, and waits until it is gone. A
 * waiting instance claims the marker (renames it; of several, one succeeds), declares itself serving, its calls
 * waiting for the roots meanwhile, and then removes the claimed marker. So the registry has already switched to
 * the successor when the owner unregisters: no call in between finds the name served by nothing, and the calls
 * made to the successor before it owns the roots wait for it to adopt the pods. Nobody but the owner acts on the
 * pods at any time: the successor serves only once it holds the roots' locks.
 */
final class Handover {
    private static final Logger LOG = LoggerFactory.getLogger(Handover.class);
    private static final String MARKER = "handover";
    private static final String CLAIMED = MARKER + ".claimed-";
    private static final String WAITING = "waiting-";

    private final Path state;

    /**
     * The handover of the roots whose pod root is given.
     *
     * @param sandboxRoot the pod root, as configured
     */
    Handover(Path sandboxRoot) {
        this.state = sandboxRoot.resolve(RootMark.STATE_FOLDER);
    }

    /**
     * The owner's side: asks for a successor, and waits until one is ready to serve, or for at most the bound.
     *
     * @param boundMillis how long to wait for a successor
     * @return whether a successor claimed the roots
     * @throws InterruptedException if interrupted while waiting; the request is withdrawn
     */
    boolean ask(long boundMillis) throws InterruptedException {
        if (!any(WAITING + "*")) {
            return false;
        }
        Path marker = state.resolve(MARKER);
        try {
            Files.deleteIfExists(marker); // left by an owner that died while it asked
            Files.createFile(marker);
        } catch (IOException e) {
            LOG.warn("Could not ask for a successor in {}: {}", state, e.toString());
            return false;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        try {
            while (System.nanoTime() - deadline < 0) {
                if (!pending()) {
                    return true;
                }
                Thread.sleep(5);
            }
        } catch (InterruptedException e) {
            withdraw(marker);
            throw e;
        }
        if (withdraw(marker)) {
            // Nobody claimed it: what announced itself waiting is gone (a waiter killed), so the next owner that
            // leaves does not wait for it again. A waiter that is only slow still takes over, a moment later.
            removeAll(WAITING + "*");
            return false;
        }
        return true; // claimed; its successor is slow to declare itself serving
    }

    // Whether the request, or a claim of it that its successor has not finished, is still there.
    private boolean pending() {
        return any(MARKER + "*");
    }

    private boolean any(String glob) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(state, glob)) {
            return entries.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    private void removeAll(String glob) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(state, glob)) {
            for (Path p : entries) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.debug("Could not remove {} in {}: {}", glob, state, e.toString());
        }
    }

    /**
     * The waiting side: announces that an instance waits for the roots, so that their owner hands them over when
     * it leaves.
     *
     * @return the announcement, to {@link #finish} once the instance owns the roots or stops
     */
    Optional<Path> announce() {
        Path file = state.resolve(WAITING + UUID.randomUUID());
        try {
            Files.createFile(file);
            return Optional.of(file);
        } catch (IOException e) {
            LOG.warn("Could not announce a waiting instance in {}: {}", state, e.toString());
            return Optional.empty();
        }
    }

    // Removes the request; whether it was still there, unclaimed.
    private static boolean withdraw(Path marker) {
        try {
            return Files.deleteIfExists(marker);
        } catch (IOException e) {
            LOG.warn("Could not withdraw the request for a successor {}: {}", marker, e.toString());
            return true;
        }
    }

    /**
     * The waiting side: claims the owner's request, if there is one.
     *
     * @return the claim, to {@link #finish} once the instance serves; empty if no owner asks
     */
    Optional<Path> claim() {
        Path marker = state.resolve(MARKER);
        Path claimed = state.resolve(CLAIMED + UUID.randomUUID());
        try {
            Files.move(marker, claimed, StandardCopyOption.ATOMIC_MOVE);
            return Optional.of(claimed);
        } catch (NoSuchFileException | FileAlreadyExistsException none) {
            return Optional.empty(); // no request, or another instance claimed it
        } catch (IOException e) {
            LOG.debug("Could not claim a handover in {}: {}", state, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Removes a claim (which tells the owner that its successor serves: it may leave) or an announcement.
     *
     * @param file the claim or the announcement
     */
    void finish(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("Could not remove {}: {}", file, e.toString());
        }
    }
}
