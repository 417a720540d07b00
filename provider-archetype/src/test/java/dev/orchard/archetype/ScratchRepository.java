package dev.orchard.archetype;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Maven local repository for a nested offline build: the build's own local repository, seen through symbolic
 * links, plus Orchard's artifacts of this build in a folder of its own.
 *
 * <p>Why: the reactor does not install what it builds (and must not: other builds share {@code ~/.m2}), so the
 * generated project could not find this build's Orchard API and archetype. Linking every top-level folder but
 * {@code dev/orchard} gives the nested build the plugins and libraries the reactor already resolved, and only the
 * Orchard artifacts placed here, never an older copy someone installed.
 */
final class ScratchRepository {
    private final Path root;

    private ScratchRepository(Path root) {
        this.root = root;
    }

    /**
     * Creates the repository.
     *
     * @param root its folder, created if absent
     * @param buildRepository the build's local repository, linked into it
     * @return the repository, without any Orchard artifact yet
     * @throws IOException if a folder or link cannot be made
     */
    static ScratchRepository linkedTo(Path root, Path buildRepository) throws IOException {
        Files.createDirectories(root.resolve("dev/orchard"));
        linkAllBut(buildRepository, root, "dev");
        Path dev = buildRepository.resolve("dev");
        if (Files.isDirectory(dev)) {
            linkAllBut(dev, root.resolve("dev"), "orchard");
        }
        return new ScratchRepository(root);
    }

    private static void linkAllBut(Path from, Path to, String kept) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(from)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.equals(kept)) {
                    Files.createSymbolicLink(to.resolve(name), entry.toAbsolutePath());
                }
            }
        }
    }

    /**
     * Places one of Orchard's artifacts, as {@code mvn install} would, with a pom that declares no dependencies
     * (the generated project needs none of the API's).
     *
     * @param artifactId its artifact id (group {@code dev.orchard})
     * @param version its version
     * @param packaging its packaging, e.g. {@code jar} or {@code maven-archetype}
     * @param jar the built jar
     * @throws IOException if it cannot be copied
     */
    void put(String artifactId, String version, String packaging, Path jar) throws IOException {
        Path folder = Files.createDirectories(
                root.resolve("dev/orchard").resolve(artifactId).resolve(version));
        String base = artifactId + "-" + version;
        Files.copy(jar, folder.resolve(base + ".jar"));
        Files.writeString(folder.resolve(base + ".pom"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.orchard</groupId>
                  <artifactId>%s</artifactId>
                  <version>%s</version>
                  <packaging>%s</packaging>
                </project>
                """.formatted(artifactId, version, packaging));
    }

    /**
     * Places a jar attached to one of Orchard's artifacts, e.g. its test jar, beside an artifact {@link #put} placed.
     *
     * @param artifactId its artifact id (group {@code dev.orchard})
     * @param version its version
     * @param classifier its classifier, e.g. {@code tests}
     * @param jar the built jar
     * @throws IOException if it cannot be copied
     */
    void attach(String artifactId, String version, String classifier, Path jar) throws IOException {
        Path folder = root.resolve("dev/orchard").resolve(artifactId).resolve(version);
        Files.copy(jar, folder.resolve(artifactId + "-" + version + "-" + classifier + ".jar"));
    }

    /**
     * Its folder, for {@code -Dmaven.repo.local}.
     *
     * @return the folder
     */
    Path root() {
        return root;
    }
}
