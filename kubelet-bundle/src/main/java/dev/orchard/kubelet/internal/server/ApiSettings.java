package dev.orchard.kubelet.internal.server;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.provider.ProviderConfiguration;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how one bridge's kubelet API listens, read from the {@code kubelet.*} keys of its configuration.
 * Immutable.
 *
 * @param address the address to listen on
 * @param port the HTTPS port; 0 for any free port
 * @param certificate the serving certificate chain (PEM), or empty for a self-signed one
 * @param key the serving certificate's private key (PEM); present exactly when the certificate is
 * @param clientCa the CA certificates (PEM) whose client certificates are accepted, or empty
 * @param tokenFile the file holding the accepted bearer token, or empty
 */
public record ApiSettings(
        String address,
        int port,
        Optional<Path> certificate,
        Optional<Path> key,
        Optional<Path> clientCa,
        Optional<Path> tokenFile) {
    /** The address key. */
    public static final String ADDRESS = "kubelet.address";
    /** The port key. */
    public static final String PORT = "kubelet.port";
    /** The certificate key. */
    public static final String TLS_CERT = "kubelet.tls.cert";
    /** The private key's key. */
    public static final String TLS_KEY = "kubelet.tls.key";
    /** The client CA key. */
    public static final String CLIENT_CA = "kubelet.client.ca";
    /** The token file key. */
    public static final String TOKEN_FILE = "kubelet.token.file";

    /** Checks the components. */
    public ApiSettings {
        if (address == null || address.isBlank()) {
            throw new InvalidInputException("configuration key " + ADDRESS + " must name an address, such as"
                    + " 127.0.0.1 or 0.0.0.0; it is empty");
        }
        if (port < 0 || port > 65535) {
            throw new InvalidInputException("configuration key " + PORT + " " + port
                    + " must be a port from 1 to 65535, or 0 for any free port");
        }
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(key, "key");
        if (certificate.isPresent() != key.isPresent()) {
            throw new InvalidInputException("configuration keys " + TLS_CERT + " and " + TLS_KEY
                    + " go together: set both (PEM files), or neither for a self-signed certificate");
        }
        Objects.requireNonNull(clientCa, "clientCa");
        Objects.requireNonNull(tokenFile, "tokenFile");
    }

    /**
     * Reads the settings of a bridge's configuration.
     *
     * @param config the configuration, whose annotation declares the {@code kubelet.*} keys
     * @param base the folder relative paths start from
     * @return the settings
     * @throws InvalidInputException naming the key whose value is not usable
     */
    public static ApiSettings from(ProviderConfiguration config, Path base) {
        String port = config.text(PORT).strip();
        int number;
        try {
            number = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("configuration key " + PORT + " " + Names.quote(port)
                    + " must be a port from 1 to 65535, or 0 for any free port");
        }
        return new ApiSettings(
                config.text(ADDRESS).strip(),
                number,
                file(config, TLS_CERT, base),
                file(config, TLS_KEY, base),
                file(config, CLIENT_CA, base),
                file(config, TOKEN_FILE, base));
    }

    /**
     * Tells whether any client can authenticate: a client CA or a token file is configured.
     *
     * @return true if requests can authenticate
     */
    public boolean authenticates() {
        return clientCa.isPresent() || tokenFile.isPresent();
    }

    private static Optional<Path> file(ProviderConfiguration config, String key, Path base) {
        String text = config.text(key).strip();
        return text.isEmpty() ? Optional.empty() : Optional.of(base.resolve(text));
    }
}
