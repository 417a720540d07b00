package dev.orchard.kubelet.internal.server;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.Secrets;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** Reads certificates and private keys from PEM files, with BouncyCastle's parser and the JDK's key factories. */
final class Pem {
    private Pem() {}

    /**
     * Reads every certificate of a PEM file, in order.
     *
     * @param file the file
     * @param key the configuration key that names it, for messages
     * @return the certificates, at least one
     * @throws InvalidInputException if the file cannot be read or holds no certificate
     */
    static List<X509Certificate> certificates(Path file, String key) {
        List<X509Certificate> out = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (PEMParser parser = parser(file, key)) {
            for (Object o; (o = parser.readObject()) != null; ) {
                if (o instanceof X509CertificateHolder holder) {
                    out.add(converter.getCertificate(holder));
                }
            }
        } catch (IOException | CertificateException e) {
            throw unreadable(file, key, e);
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("configuration key " + key + ": " + Names.quote(file.toString())
                    + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
        }
        return List.copyOf(out);
    }

    /**
     * Reads the first private key of a PEM file: PKCS#8, or PKCS#1 (RSA) and SEC1 (EC) key pairs; not encrypted.
     *
     * @param file the file
     * @param key the configuration key that names it, for messages
     * @return the key
     * @throws InvalidInputException if the file cannot be read or holds no unencrypted private key
     */
    static PrivateKey privateKey(Path file, String key) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try (PEMParser parser = parser(file, key)) {
            for (Object o; (o = parser.readObject()) != null; ) {
                if (o instanceof PEMKeyPair pair) {
                    return converter.getPrivateKey(pair.getPrivateKeyInfo());
                }
                if (o instanceof PrivateKeyInfo info) {
                    return converter.getPrivateKey(info);
                }
            }
        } catch (IOException e) {
            throw unreadable(file, key, e);
        }
        throw new InvalidInputException("configuration key " + key + ": " + Names.quote(file.toString())
                + " holds no unencrypted PEM private key (PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY)");
    }

    private static PEMParser parser(Path file, String key) {
        try {
            Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
            return new PEMParser(reader);
        } catch (IOException e) {
            throw unreadable(file, key, e);
        }
    }

    private static InvalidInputException unreadable(Path file, String key, Exception e) {
        return new InvalidInputException(
                "configuration key " + key + ": " + Names.quote(file.toString()) + " cannot be read as PEM: "
                        + Secrets.redact(e.getMessage()),
                e);
    }
}
