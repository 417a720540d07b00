package dev.orchard.kubelet.internal.server;

import dev.orchard.api.error.InvalidInputException;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * The kubelet API's serving key and certificate chain, configured or made. Immutable.
 *
 * @param key the private key
 * @param chain the certificate chain, the serving certificate first
 */
record ServingKey(PrivateKey key, List<X509Certificate> chain) {
    /** Checks the components and copies the chain. */
    ServingKey {
        Objects.requireNonNull(key, "key");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new InvalidInputException("the kubelet API's certificate chain is empty");
        }
    }

    /**
     * The configured pair, or a self-signed one.
     *
     * @param settings the API's settings
     * @param node the node's name
     * @return the key and chain
     * @throws InvalidInputException if a configured file cannot be read
     */
    static ServingKey of(ApiSettings settings, String node) {
        if (settings.certificate().isEmpty()) {
            return SelfSigned.make(node, settings.address(), java.time.Instant.now());
        }
        Path cert = settings.certificate().get();
        Path key = settings.key().orElseThrow();
        return new ServingKey(Pem.privateKey(key, ApiSettings.TLS_KEY), Pem.certificates(cert, ApiSettings.TLS_CERT));
    }
}
