package dev.orchard.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Installing add-ons as the README says: their {@code target/deploy/} jars and {@code .cfg} files into deploy/. */
final class AddOns {
    private AddOns() {}

    /**
     * The jars of the add-ons' deploy folders, beside their jars on the test's class path.
     *
     * @param artifacts the add-ons' artifact ids followed by '-', e.g. {@code orchard-http-}
     * @return the jars
     */
    static List<Path> deployJars(String... artifacts) throws IOException {
        List<Path> all = new ArrayList<>();
        for (String artifact : artifacts) {
            Path jar = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                    .map(Path::of)
                    .filter(p -> p.getFileName().toString().startsWith(artifact))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(artifact + " is not on the test's class path"));
            Path deploy = jar.resolveSibling("deploy");
            try (Stream<Path> jars = Files.list(deploy)) {
                List<Path> found =
                        jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
                assertTrue(!found.isEmpty(), "the deploy folder " + deploy + " holds jars");
                all.addAll(found);
            }
        }
        return all;
    }

    /**
     * Copies jars into deploy/ in one move each, staged beside it so that FileInstall sees them whole and together.
     *
     * @param folder the runtime's folder
     * @param jars the jars
     */
    static void install(Path folder, List<Path> jars) throws IOException {
        Path staging = Files.createDirectories(folder.resolve("staging"));
        Path deploy = Files.createDirectories(folder.resolve("deploy"));
        for (Path jar : jars) {
            Files.copy(jar, staging.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        for (Path jar : jars) {
            Files.move(
                    staging.resolve(jar.getFileName()),
                    deploy.resolve(jar.getFileName()),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Installs the BouncyCastle jars among some add-on jars through the shell, and returns the others. FileInstall
     * cannot install the signed {@code bcprov} (its 855 KB manifest: "Resetting to invalid mark"), a known trap that
     * the kubelet bridge's deploy folder still falls into; the shell's {@code install} reads it whole.
     *
     * @param orchard the running runtime
     * @param jars add-on jars
     * @return the jars that are not BouncyCastle's, for deploy/
     */
    static List<Path> installBouncyCastle(OrchardProcess orchard, List<Path> jars) throws InterruptedException {
        List<Path> rest = new ArrayList<>();
        List<Path> bouncyCastle = new ArrayList<>();
        for (Path jar : jars) {
            (jar.getFileName().toString().matches("bc[a-z]+-jdk18on-.*\\.jar") ? bouncyCastle : rest).add(jar);
        }
        // bcprov first: the others import it.
        bouncyCastle.sort((a, b) -> Boolean.compare(
                !a.getFileName().toString().startsWith("bcprov"),
                !b.getFileName().toString().startsWith("bcprov")));
        for (Path jar : bouncyCastle) {
            orchard.run("install -s " + jar.toAbsolutePath().toUri());
        }
        return rest;
    }

    /** Writes a file whole: FileInstall never reads it half-written. */
    static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, content, StandardCharsets.ISO_8859_1);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Writes a token file only its owner may read, as token files must be. */
    static Path secretFile(Path file, String token) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, token + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
