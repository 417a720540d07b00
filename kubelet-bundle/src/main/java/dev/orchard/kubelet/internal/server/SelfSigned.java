package dev.orchard.kubelet.internal.server;

import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.Secrets;
import java.math.BigInteger;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Makes the serving certificate a kubelet makes for itself when none is configured: a fresh P-256 key pair and a
 * certificate it signs itself, for {@code <node>@<epoch seconds>}, valid for a year, naming the node, the
 * configured address, {@code localhost} and {@code 127.0.0.1}. BouncyCastle builds the certificate; the JDK's own
 * providers make the key and the signature.
 */
final class SelfSigned {
    /** How long a made certificate is valid: the kubelet's own choice. */
    static final Duration VALIDITY = Duration.ofDays(365);

    private SelfSigned() {}

    /**
     * A new key pair and its self-signed certificate.
     *
     * @param node the node's name
     * @param address the address the API listens on
     * @param now the start of validity
     * @return the key pair and certificate
     */
    static ServingKey make(String node, String address, Instant now) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            KeyPair pair = generator.generateKeyPair();
            X500Name subject = new X500NameBuilder(BCStyle.INSTANCE)
                    .addRDN(BCStyle.CN, node + "@" + now.getEpochSecond())
                    .build();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    subject,
                    new BigInteger(63, new SecureRandom()),
                    Date.from(now.minus(Duration.ofMinutes(5))), // a client clock slightly behind still accepts it
                    Date.from(now.plus(VALIDITY)),
                    subject,
                    pair.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(
                    Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            builder.addExtension(
                    Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            builder.addExtension(Extension.subjectAlternativeName, false, names(node, address));
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(
                            builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
            return new ServingKey(pair.getPrivate(), List.of(certificate));
        } catch (GeneralSecurityException | OperatorCreationException | java.io.IOException e) {
            throw new ProviderFaultException(
                    "the kubelet API's self-signed certificate could not be made: " + Secrets.redact(e.getMessage()),
                    e);
        }
    }

    private static GeneralNames names(String node, String address) {
        Set<String> dns = new LinkedHashSet<>(List.of(node, "localhost"));
        Set<String> ips = new LinkedHashSet<>(List.of("127.0.0.1"));
        if (isIpLiteral(address)) {
            if (!address.equals("0.0.0.0") && !address.equals("::")) {
                ips.add(address);
            }
        } else {
            dns.add(address);
        }
        List<GeneralName> out = new ArrayList<>();
        dns.forEach(d -> out.add(new GeneralName(GeneralName.dNSName, d)));
        ips.forEach(i -> out.add(new GeneralName(GeneralName.iPAddress, i)));
        return new GeneralNames(out.toArray(GeneralName[]::new));
    }

    private static boolean isIpLiteral(String address) {
        if (!address.matches("[0-9.]+|[0-9a-fA-F:]*:[0-9a-fA-F:.]*")) {
            return false;
        }
        try {
            InetAddress.getByName(address); // a literal: no lookup happens
            return true;
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
