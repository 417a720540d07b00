package dev.orchard.provider.local.internal.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mark that makes a folder one of the local provider's roots, and the check that decides whether a folder may
 * become one: the provider never takes a folder that holds content it did not make.
 *
 * <p>Each root has a state folder {@code .orchard/} of the provider's own, holding the file {@code root} that
 * names the kind of root, and the file {@code id} with the root's random id, which the names of the provider's
 * temporary entries in the root carry ({@link RootFolder#ownEntry}): only those are ever removed at start. A folder is taken as a root if it carries the mark of its kind, if it is empty or new,
 * or if everything in it is in the layout an earlier version of the provider made there (the {@link Layout} of
 * the kind); the mark is then written. A folder holding anything else, or the mark of the other kind, is refused
 * with the entries that are not the provider's.
 */
public final class RootMark {
    private static final Logger LOG = LoggerFactory.getLogger(RootMark.class);
    /** The provider's own folder in each root: its mark, its lock and, in the sandbox root, its pod journal. */
    public static final String STATE_FOLDER = ".orchard";

    private static final String MARK_FILE = "root";
    // The root's random id, beside its mark: the names of the provider's temporary entries in the root carry it.
    private static final String ID_FILE = "id";
    private static final java.util.regex.Pattern ID = java.util.regex.Pattern.compile("[0-9a-f]{16}");
    private static final int NAMED = 3;

    /** The kinds of root. */
    public enum Kind {
        /** Where the volumes are. */
        VOLUMES,
        /** Where the pods' sandboxes are. */
        SANDBOXES;

        String mark() {
            return "orchard local provider " + name().toLowerCase(Locale.ROOT) + " root, format 1\n";
        }
    }

    /** The layout of a kind of root as earlier versions made it, for a root that carries no mark yet. */
    @FunctionalInterface
    public interface Layout {
        /**
         * The entries of a root that are not in the layout.
         *
         * @param root the root's real path
         * @return each entry the provider did not make, as a path relative to the root; empty if all are its own
         * @throws IOException if the root cannot be listed
         */
        List<String> foreign(Path root) throws IOException;
    }

    /** A folder that cannot become a root because it holds what the provider did not make. */
    public static final class ForeignContentException extends FileSystemException {
        private static final long serialVersionUID = 1L;

        ForeignContentException(Path root, String reason) {
            super(root.toString(), null, reason);
        }
    }

    private RootMark() {}

    /**
     * Opens a folder as a root of a kind: makes it if it is missing, checks and marks it.
     *
     * @param configured the folder, as configured (a link to it is followed: the operator chose it)
     * @param kind the kind of root
     * @param layout what the kind's earlier versions made, for a folder without the mark
     * @return the root
     * @throws ForeignContentException if the folder holds content the provider did not make, or is the other kind
     *     of root
     * @throws IOException if it cannot be made, read or marked
     */
    public static RootFolder open(Path configured, Kind kind, Layout layout) throws IOException {
        Files.createDirectories(configured);
        RootFolder root = RootFolder.at(configured.toRealPath());
        Path mark = root.resolve(STATE_FOLDER, MARK_FILE);
        String found = read(mark);
        if (found != null) {
            if (!found.equals(kind.mark())) {
                throw new ForeignContentException(
                        root.path(), "it is marked as another kind of root: " + found.strip());
            }
            return RootFolder.at(root.path(), id(root));
        }
        List<String> foreign = new ArrayList<>();
        for (String entry : layout.foreign(root.path())) {
            if (!entry.equals(STATE_FOLDER)) {
                foreign.add(entry);
            }
        }
        if (!foreign.isEmpty()) {
            throw new ForeignContentException(
                    root.path(),
                    "it holds " + String.join(", ", foreign.subList(0, Math.min(NAMED, foreign.size())))
                            + (foreign.size() > NAMED ? " and " + (foreign.size() - NAMED) + " more" : "")
                            + ", which the local provider did not make; it never touches content it did not make");
        }
        RootFolder state = root.folder(STATE_FOLDER);
        AtomicFiles.replaceDurably(
                mark,
                state.resolve(MARK_FILE + ".tmp-" + UUID.randomUUID()),
                kind.mark().getBytes(StandardCharsets.UTF_8));
        LOG.info("{} is now a local {} root", root, kind.name().toLowerCase(Locale.ROOT));
        return RootFolder.at(root.path(), id(root));
    }

    /**
     * The root's id, made the first time (durably, before anything uses it). A root marked by an earlier version
     * gets one now: what that version left half-made carries none, and is left alone.
     */
    private static String id(RootFolder root) throws IOException {
        Path file = root.resolve(STATE_FOLDER, ID_FILE);
        String found = read(file);
        if (found != null && ID.matcher(found.strip()).matches()) {
            return found.strip();
        }
        if (found != null) {
            LOG.warn("The id of root {} in {} is damaged; it gets a new one", root, file);
        }
        String id = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        RootFolder state = root.folder(STATE_FOLDER);
        Path temp = state.resolve(ID_FILE + ".tmp-" + UUID.randomUUID());
        byte[] bytes = (id + "\n").getBytes(StandardCharsets.UTF_8);
        if (found != null) {
            AtomicFiles.replaceDurably(file, temp, bytes);
        } else if (!AtomicFiles.createDurably(file, temp, bytes)) {
            return id(root); // an instance opening the root at the same time made it first: its id is the root's
        }
        return id;
    }

    /**
     * The entries directly in a folder, except the provider's state folder.
     *
     * @param dir the folder
     * @return the entries' names
     * @throws IOException if it cannot be listed
     */
    public static List<Path> entries(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir)) {
            for (Path p : all) {
                if (!p.getFileName().toString().equals(STATE_FOLDER)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /**
     * Whether an entry is a real folder, not a link to one.
     *
     * @param p the entry
     * @return true for a folder
     */
    public static boolean isFolder(Path p) {
        return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
    }

    private static String read(Path mark) throws IOException {
        try {
            if (Files.isSymbolicLink(mark.getParent()) || Files.isSymbolicLink(mark)) {
                throw new LinkRefusedException(Files.isSymbolicLink(mark) ? mark : mark.getParent());
            }
            return Files.readString(mark, StandardCharsets.UTF_8);
        } catch (NoSuchFileException none) {
            return null;
        }
    }
}
