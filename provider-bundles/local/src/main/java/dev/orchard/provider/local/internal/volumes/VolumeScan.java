package dev.orchard.provider.local.internal.volumes;

import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.provider.local.internal.files.Json;
import dev.orchard.provider.local.internal.files.RootFolder;
import dev.orchard.provider.local.internal.files.RootMark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start-up scan of the volume root: it finishes what a crash interrupted, reads every volume's metadata, and
 * leaves everything else alone.
 *
 * <p>It removes only what carries Orchard's marks: {@code .tmp-} entries (adds that never committed) and
 * {@code .trash-} entries (interrupted removals) whose names carry the root's id ({@link RootFolder#ownEntry}); an
 * entry that merely starts so ({@code .tmp-build}) is reported and left alone. A volume whose metadata cannot be read, or names another
 * volume, is kept as a {@link Found#failed} entry with the reason, and its data is kept. A folder or file that is
 * none of these is someone else's: it is reported and never touched.
 */
final class VolumeScan {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeScan.class);

    private VolumeScan() {}

    /**
     * A volume found on disk: whole, or failed with the reason its metadata could not be used.
     *
     * @param key the volume, from where its metadata file is
     * @param volume the volume its metadata describes, or null if it failed
     * @param reason why it failed, or null
     * @param file its metadata file
     */
    record Found(NamespacedName key, Volume volume, String reason, Path file) {
        static Found failed(NamespacedName key, String reason, Path file) {
            return new Found(key, null, reason, file);
        }

        /** When the metadata file was last written, for a failed volume's creation time. */
        Instant written() {
            try {
                return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS)
                        .toInstant();
            } catch (IOException e) {
                return Instant.EPOCH;
            }
        }
    }

    /**
     * Scans the root.
     *
     * @param files the volumes' files
     * @return every volume whose metadata file exists, whole or failed
     * @throws IOException if the root cannot be listed
     */
    static List<Found> scan(VolumeFiles files) throws IOException {
        List<Found> out = new ArrayList<>();
        RootFolder root = files.root();
        for (Path entry : RootMark.entries(root.path())) {
            String name = entry.getFileName().toString();
            if (!RootMark.isFolder(entry) || !Names.isDns1123Label(name)) {
                LOG.warn("Leaving {} alone: the local provider did not make it", entry);
                continue;
            }
            scanNamespace(files, name, out);
        }
        return out;
    }

    private static void scanNamespace(VolumeFiles files, String namespace, List<Found> out) throws IOException {
        RootFolder ns = files.namespace(namespace);
        List<Path> entries = RootMark.entries(ns.path());
        Set<String> described = new HashSet<>();
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (ns.isOwnEntry(VolumeFiles.TEMP_PREFIX, file) || ns.isOwnEntry(RootFolder.TRASH_PREFIX, file)) {
                try {
                    ns.remove(file); // an add or a removal that a crash interrupted
                } catch (IOException e) {
                    // A mount left in it, say: kept, and the start goes on; the next start tries again.
                    LOG.warn("Leaving {} for now: it could not be removed: {}", p, e.getMessage());
                }
            } else if (file.startsWith(VolumeFiles.TEMP_PREFIX) || file.startsWith(RootFolder.TRASH_PREFIX)) {
                LOG.warn(
                        "Leaving {} alone: it is named like an add or a removal that a crash interrupted, but it does"
                                + " not carry this root's id; the local provider did not make it here, or an earlier"
                                + " version did (then remove it by hand)",
                        p);
            } else if (isMetadata(p)) {
                String name = file.substring(0, file.length() - VolumeFiles.METADATA_SUFFIX.length());
                described.add(name);
                out.add(read(files, new NamespacedName(namespace, name), p));
            }
        }
        for (Path p : entries) {
            String file = p.getFileName().toString();
            if (!file.startsWith(".") && !isMetadata(p) && !described.contains(file)) {
                LOG.warn(
                        "Leaving {} alone: no volume's metadata describes it; the local provider did not make it,"
                                + " or its metadata was removed by hand",
                        p);
            }
        }
    }

    private static Found read(VolumeFiles files, NamespacedName key, Path file) {
        try {
            Volume v = readVolume(file);
            if (!key.namespace().equals(v.namespace()) || !key.name().equals(v.name())) {
                return Found.failed(key, "it describes volume " + v.namespace() + "/" + v.name(), file);
            }
            files.root().folder(key.namespace(), key.name()); // committed, but a crash came before its folder
            return new Found(key, v, null, file);
        } catch (IOException | RuntimeException e) {
            LOG.error("Volume {} is Failed: its metadata {} cannot be used: {}", key, file, e.toString());
            return Found.failed(key, e.getMessage() == null ? e.toString() : e.getMessage(), file);
        }
    }

    private static boolean isMetadata(Path p) {
        String file = p.getFileName().toString();
        return file.endsWith(VolumeFiles.METADATA_SUFFIX)
                && !file.startsWith(".")
                && Names.isDns1123Label(file.substring(0, file.length() - VolumeFiles.METADATA_SUFFIX.length()));
    }

    /**
     * The entries of a volume root that no version of the provider made: for a root that carries no mark yet.
     *
     * @param root the root's real path
     * @return the entries, relative to the root
     * @throws IOException if it cannot be listed
     */
    static List<String> foreign(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path entry : RootMark.entries(root)) {
            String name = entry.getFileName().toString();
            if (!RootMark.isFolder(entry) || !Names.isDns1123Label(name)) {
                out.add(name);
                continue;
            }
            List<Path> inside = RootMark.entries(entry);
            Set<String> described = new HashSet<>();
            inside.stream().filter(VolumeScan::isMetadata).forEach(p -> {
                String f = p.getFileName().toString();
                described.add(f.substring(0, f.length() - VolumeFiles.METADATA_SUFFIX.length()));
            });
            for (Path p : inside) {
                String f = p.getFileName().toString();
                boolean ours = f.startsWith(VolumeFiles.TEMP_PREFIX)
                        || f.startsWith(RootFolder.TRASH_PREFIX)
                        || (isMetadata(p) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                        || (RootMark.isFolder(p) && described.contains(f));
                if (!ours) {
                    out.add(name + "/" + f);
                }
            }
        }
        return out;
    }

    private static Volume readVolume(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " is no regular file");
        }
        return Json.mapper().readValue(file.toFile(), StoredVolume.class).toVolume(file);
    }
}
