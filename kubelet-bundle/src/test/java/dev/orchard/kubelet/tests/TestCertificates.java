package dev.orchard.kubelet.tests;

import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A client CA of the test's own, a client certificate it signs, and one signed by nobody the bridge trusts; and the
 * TLS contexts of clients that trust the bridge's serving certificate.
 */
final class TestCertificates {
    private static final char[] PASSWORD = "test".toCharArray();

    final KeyPair caKey;
    final X509Certificate ca;
    final KeyPair clientKey;
    final X509Certificate client;
    final KeyPair strangerKey;
    final X509Certificate stranger;

    TestCertificates() throws Exception {
        caKey = pair();
        ca = sign("CN=kubelet-test-ca", caKey, "CN=kubelet-test-ca", caKey, true);
        clientKey = pair();
        client = sign("CN=kube-apiserver", clientKey, "CN=kubelet-test-ca", caKey, false);
        strangerKey = pair();
        stranger = sign("CN=stranger", strangerKey, "CN=stranger", strangerKey, false);
    }

    /** Writes the CA certificate as PEM. */
    Path writeCa(Path folder) throws Exception {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(text)) {
            w.writeObject(ca);
        }
        return Files.writeString(folder.resolve("client-ca.pem"), text.toString());
    }

    /** A client context that trusts the serving chain in a PEM file and presents no certificate. */
    static SSLContext anonymous(Path servingPem) throws Exception {
        return context(servingPem, null, null);
    }

    /** A client context that trusts the serving chain and presents a certificate. */
    static SSLContext presenting(Path servingPem, KeyPair key, X509Certificate certificate) throws Exception {
        return context(servingPem, key, certificate);
    }

    private static SSLContext context(Path servingPem, KeyPair key, X509Certificate certificate) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        int i = 0;
        try (var in = Files.newInputStream(servingPem)) {
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("serving-" + i++, c);
            }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = null;
        if (key != null) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("client", key.getPrivate(), PASSWORD, new Certificate[] {certificate});
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, PASSWORD);
        }
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ssl;
    }

    private static KeyPair pair() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(256);
        return g.generateKeyPair();
    }

    private static X509Certificate sign(
            String subject, KeyPair subjectKey, String issuer, KeyPair issuerKey, boolean ca) throws Exception {
        Instant now = Instant.now();
        var b = new JcaX509v3CertificateBuilder(
                new X500Name(issuer),
                BigInteger.valueOf(now.toEpochMilli()),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))),
                new X500Name(subject),
                subjectKey.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        if (!ca) {
            b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
        }
        return new JcaX509CertificateConverter()
                .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey.getPrivate())));
    }
}
