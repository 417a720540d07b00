package dev.orchard.kubelet.internal.server;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.Secrets;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;

/**
 * The files Jetty reads for one kubelet API server, in the instance's own folder, which only the runtime's user may
 * enter ({@code rwx------}), each file {@code rw-------}: {@value #KEYSTORE} (the serving key and chain, PKCS#12),
 * {@value #CERTIFICATE} (the chain as PEM, for clients to trust) and, with a client CA, {@value #TRUSTSTORE}.
 * Felix HTTP takes key and trust stores as files only, which is why a made key is written at all. The stores'
 * password is new on every start and lives in Felix HTTP's configuration.
 *
 * @param folder the instance's folder
 * @param keystore the serving key store
 * @param truststore the client CA store, if a client CA is configured
 * @param password the stores' password
 */
public record TlsFiles(Path folder, Path keystore, Optional<Path> truststore, String password) {
    /** The serving key store's file name. */
    public static final String KEYSTORE = "serving.p12";
    /** The serving chain's file name. */
    public static final String CERTIFICATE = "serving.crt";
    /** The client CA store's file name. */
    public static final String TRUSTSTORE = "client-ca.p12";

    /**
     * Writes the files.
     *
     * @param folder the instance's folder; made if missing
     * @param serving the serving key and chain
     * @param clientCa the CA certificates that sign accepted client certificates; empty for none
     * @return where they are
     * @throws ProviderFaultException if they cannot be written
     */
    static TlsFiles write(Path folder, ServingKey serving, List<X509Certificate> clientCa) {
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        try {
            Files.createDirectories(folder);
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry(
                    "serving",
                    serving.key(),
                    password.toCharArray(),
                    serving.chain().toArray(Certificate[]::new));
            Path keystore = store(folder.resolve(KEYSTORE), keys, password);
            writeOwnerOnly(folder.resolve(CERTIFICATE), pem(serving.chain()));
            Optional<Path> truststore = Optional.empty();
            if (!clientCa.isEmpty()) {
                KeyStore trust = KeyStore.getInstance("PKCS12");
                trust.load(null, null);
                for (int i = 0; i < clientCa.size(); i++) {
                    trust.setCertificateEntry("ca-" + i, clientCa.get(i));
                }
                truststore = Optional.of(store(folder.resolve(TRUSTSTORE), trust, password));
            } else {
                Files.deleteIfExists(folder.resolve(TRUSTSTORE));
            }
            return new TlsFiles(folder, keystore, truststore, password);
        } catch (IOException | GeneralSecurityException | UnsupportedOperationException e) {
            throw new ProviderFaultException(
                    "the kubelet API's TLS files cannot be written in " + Names.quote(folder.toString()) + ": "
                            + Secrets.redact(e.getMessage()),
                    e);
        }
    }

    /**
     * Reads the client CA certificates a configuration names.
     *
     * @param settings the API's settings
     * @return the certificates; empty when no client CA is configured
     * @throws InvalidInputException if the file cannot be read
     */
    static List<X509Certificate> clientCa(ApiSettings settings) {
        return settings.clientCa()
                .map(f -> Pem.certificates(f, ApiSettings.CLIENT_CA))
                .orElse(List.of());
    }

    private static Path store(Path file, KeyStore store, String password) throws IOException, GeneralSecurityException {
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            try (OutputStream out = Files.newOutputStream(temp)) {
                store.store(out, password.toCharArray());
            }
            // Jetty may read the file while this start replaces the last start's: it sees one or the other.
            return Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void writeOwnerOnly(Path file, String text) throws IOException {
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            Files.writeString(temp, text, StandardCharsets.US_ASCII);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static String pem(List<X509Certificate> chain) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            for (X509Certificate c : chain) {
                writer.writeObject(c);
            }
        }
        return text.toString();
    }
}
