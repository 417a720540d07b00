package dev.orchard.kubelet.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TLS material of a kubelet API server: a self-signed certificate naming the node and the address, the stores
 * Jetty reads, written for the owner alone, and a configured PEM pair read back.
 */
class TlsFilesTest {
    @TempDir
    Path temp;

    @Test
    void aMadeCertificateNamesTheNodeAndAddressAndIsWrittenForTheOwnerOnly() throws Exception {
        ServingKey made = SelfSigned.make("edge-1", "10.0.0.7", Instant.now());
        X509Certificate cert = made.chain().get(0);
        List<String> names = cert.getSubjectAlternativeNames().stream()
                .map(n -> String.valueOf(n.get(1)))
                .toList();
        assertTrue(names.containsAll(List.of("edge-1", "localhost", "127.0.0.1", "10.0.0.7")), names.toString());
        cert.verify(cert.getPublicKey()); // signed by itself

        Path folder = temp.resolve("kubelet-edge-1");
        TlsFiles files = TlsFiles.write(folder, made, List.of(cert));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        for (String name : List.of(TlsFiles.KEYSTORE, TlsFiles.CERTIFICATE, TlsFiles.TRUSTSTORE)) {
            assertEquals(
                    "rw-------",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve(name))),
                    name);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(files.keystore())) {
            keys.load(in, files.password().toCharArray());
        }
        assertEquals(cert, keys.getCertificate("serving"));
        assertEquals(Optional.of(folder.resolve(TlsFiles.TRUSTSTORE)), files.truststore());
    }

    @Test
    void aConfiguredPemPairIsServedAsItIs() throws Exception {
        ServingKey made = SelfSigned.make("edge-2", "127.0.0.1", Instant.now());
        // The made chain and key (PKCS#8) as PEM, read back as a configured pair is.
        TlsFiles first = TlsFiles.write(temp.resolve("a"), made, List.of());
        Path key = temp.resolve("serving.key");
        Files.writeString(key, pemKey(made));
        ApiSettings settings = new ApiSettings(
                "127.0.0.1",
                0,
                Optional.of(first.folder().resolve(TlsFiles.CERTIFICATE)),
                Optional.of(key),
                Optional.empty(),
                Optional.of(temp.resolve("token")));
        ServingKey read = ServingKey.of(settings, "edge-2");
        assertEquals(made.chain(), read.chain());
        assertEquals(((ECPrivateKey) made.key()).getS(), ((ECPrivateKey) read.key()).getS());
    }

    @Test
    void aFileWithoutACertificateIsRefusedWithItsKeyNamed() throws Exception {
        Path empty = Files.writeString(temp.resolve("ca.pem"), "not a certificate\n");
        InvalidInputException e =
                assertThrows(InvalidInputException.class, () -> Pem.certificates(empty, ApiSettings.CLIENT_CA));
        assertTrue(e.getMessage().contains("kubelet.client.ca"), e.getMessage());
    }

    private static String pemKey(ServingKey key) throws Exception {
        java.io.StringWriter text = new java.io.StringWriter();
        try (var w = new org.bouncycastle.openssl.jcajce.JcaPEMWriter(text)) {
            w.writeObject(new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(key.key(), null));
        }
        return text.toString();
    }
}
