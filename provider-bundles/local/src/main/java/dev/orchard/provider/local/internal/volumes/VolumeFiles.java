package dev.orchard.provider.local.internal.volumes;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.provider.local.internal.files.AtomicFiles;
import dev.orchard.provider.local.internal.files.Json;
import dev.orchard.provider.local.internal.files.LinkRefusedException;
import dev.orchard.provider.local.internal.files.MountRefusedException;
import dev.orchard.provider.local.internal.files.RootFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The volumes' files under the volume root: where each one lives and how it is committed and removed.
 *
 * <p>The data of volume {@code ns/name} is {@code <root>/<ns>/<name>/}, its metadata
 * {@code <root>/<ns>/<name>.volume.json}. The metadata file is the commit point. Adding makes an empty folder
 * {@code .tmp-<root id>-<name>-<uuid>}, commits the metadata durably, then renames the folder to {@code <name>}: a
 * crash leaves either a {@code .tmp-} folder with the root's id (Orchard's, removed at start) or a committed
 * volume, never a plain folder that the start-up scan could not tell from someone else's. Deleting detaches the
 * mounts in the data first (one that stays refuses the delete), removes the metadata (the volume is gone), then
 * the data, through {@link RootFolder#remove}, which never follows a link nor goes into a mount.
 *
 * <p>Not thread-safe: {@link LocalStorage} calls it under its write lock.
 */
final class VolumeFiles {
    static final String METADATA_SUFFIX = ".volume.json";
    static final String TEMP_PREFIX = ".tmp-";

    private final RootFolder root;

    /**
     * The files of the volumes under a root.
     *
     * @param root the volume root, opened and marked
     */
    VolumeFiles(RootFolder root) {
        this.root = root;
    }

    RootFolder root() {
        return root;
    }

    /** The data folder of a volume. */
    Path dataDir(NamespacedName volume) {
        return root.resolve(volume.namespace(), volume.name());
    }

    /** The metadata file of a volume. */
    Path metadata(NamespacedName volume) {
        return root.resolve(volume.namespace(), volume.name() + METADATA_SUFFIX);
    }

    /**
     * Whether anything is on disk under a volume's names, known to the index or not.
     *
     * @param volume the volume
     * @return the path that is taken, or null if neither the data folder nor the metadata exists
     */
    Path taken(NamespacedName volume) {
        for (Path p : new Path[] {dataDir(volume), metadata(volume)}) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return p;
            }
        }
        return null;
    }

    /** Commits a new volume and then makes its data folder; on failure removes whatever it made. */
    void create(Volume v) throws IOException {
        NamespacedName key = new NamespacedName(v.namespace(), v.name());
        RootFolder ns = namespace(v.namespace());
        String partial = ns.ownEntry(TEMP_PREFIX, v.name());
        ns.newFolder(partial);
        boolean committed = false;
        try {
            write(v);
            committed = true;
            Files.move(ns.resolve(partial), dataDir(key), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            if (committed) {
                deleteMetadata(key); // this add wrote it a moment ago: take the commit back
            }
            ns.remove(partial);
            throw e;
        }
    }

    /** Commits a volume's metadata, durably: the add, or a change of its phase. */
    void write(Volume v) throws IOException {
        RootFolder ns = namespace(v.namespace());
        AtomicFiles.replaceDurably(
                metadata(new NamespacedName(v.namespace(), v.name())),
                ns.resolve(ns.ownEntry(TEMP_PREFIX, v.name()) + ".json"),
                Json.mapper().writeValueAsBytes(StoredVolume.of(v)));
    }

    /** Removes the metadata, the commit point of a delete; a file already gone is no error. */
    void deleteMetadata(NamespacedName volume) throws IOException {
        try {
            RootFolder ns = root.existing(volume.namespace()).orElse(null);
            if (ns != null && ns.remove(volume.name() + METADATA_SUFFIX)) {
                AtomicFiles.syncFolder(ns.path());
            }
        } catch (NoSuchFileException alreadyGone) {
            // removed behind our back; finish the job
        }
    }

    /**
     * Detaches every mount in a volume's data folder, before its delete commits.
     *
     * @throws MountRefusedException naming a mount that could not be detached; nothing was removed
     * @throws IOException if the mount table cannot be read
     */
    void detachMounts(NamespacedName volume) throws IOException {
        RootFolder ns = root.existing(volume.namespace()).orElse(null);
        if (ns != null) {
            ns.detachMounts(volume.name());
        }
    }

    /**
     * Removes a deleted volume's data; a crash midway leaves only trash, which the next start clears.
     *
     * @throws IOException if it could not all be removed; what is left is in trash beside it
     */
    void deleteData(NamespacedName volume) throws IOException {
        RootFolder ns = root.existing(volume.namespace()).orElse(null);
        if (ns != null) {
            ns.remove(volume.name());
        }
    }

    /** The namespace folder, made if missing; a link there is refused, as the caller's problem to hear of. */
    RootFolder namespace(String namespace) {
        try {
            return root.folder(namespace);
        } catch (LinkRefusedException e) {
            throw new InvalidInputException("namespace folder " + root.resolve(namespace)
                    + " is a symbolic link; the local provider never follows links under its volume root");
        } catch (IOException e) {
            throw new UnavailableException(
                    "namespace folder " + root.resolve(namespace) + " could not be made: " + e, e);
        }
    }
}
