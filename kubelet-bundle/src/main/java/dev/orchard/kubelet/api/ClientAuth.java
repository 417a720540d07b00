package dev.orchard.kubelet.api;

import dev.orchard.api.naming.Secrets;
import jakarta.servlet.http.HttpServletRequest;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a request to the kubelet API is authenticated: by a client certificate that chains to the
 * configured client CA (checked here with the JDK's PKIX validator, whatever Jetty's TLS layer already did), or by
 * the bearer token its file holds now ({@link TokenFile}). Nothing else passes: there is no anonymous access. Thread-safe.
 */
public final class ClientAuth {
    /** The request attribute under which the servlet container puts the client's certificate chain. */
    static final String CERTIFICATES = "jakarta.servlet.request.X509Certificate";

    private static final String CLIENT_AUTH_USAGE = "1.3.6.1.5.5.7.3.2";

    private final Optional<PKIXParameters> ca;
    private final Optional<TokenFile> token;

    private ClientAuth(Optional<PKIXParameters> ca, Optional<TokenFile> token) {
        this.ca = ca;
        this.token = token;
    }

    /**
     * Builds the check.
     *
     * @param clientCa the CA certificates whose client certificates pass; empty for none
     * @param token the file of the bearer token that passes, if any; its current token passes, not a rotated one
     * @return the check
     * @throws IllegalArgumentException if neither is given: an API nobody can call must not start
     */
    public static ClientAuth of(List<X509Certificate> clientCa, Optional<TokenFile> token) {
        if (clientCa.isEmpty() && token.isEmpty()) {
            throw new IllegalArgumentException("neither a client CA nor a bearer token");
        }
        Optional<PKIXParameters> ca = Optional.empty();
        if (!clientCa.isEmpty()) {
            Set<TrustAnchor> anchors = new HashSet<>();
            clientCa.forEach(c -> anchors.add(new TrustAnchor(c, null)));
            try {
                PKIXParameters parameters = new PKIXParameters(anchors);
                // The kubelet checks no revocation either; a client CA with CRLs is for a later issue.
                parameters.setRevocationEnabled(false);
                ca = Optional.of(parameters);
            } catch (InvalidAlgorithmParameterException e) {
                throw new IllegalArgumentException("client CA: " + Secrets.redact(e.getMessage()), e);
            }
        }
        return new ClientAuth(ca, token);
    }

    /**
     * Tells whether a request may pass.
     *
     * @param request the request
     * @return true if it carries a client certificate of the CA or the token
     */
    public boolean admits(HttpServletRequest request) {
        return token.map(t -> t.accepts(request.getHeader("Authorization"))).orElse(false)
                || ca.map(p -> chains(request.getAttribute(CERTIFICATES), p)).orElse(false);
    }

    private static boolean chains(Object attribute, PKIXParameters parameters) {
        if (!(attribute instanceof X509Certificate[] chain) || chain.length == 0) {
            return false;
        }
        try {
            List<String> usages = chain[0].getExtendedKeyUsage();
            if (usages != null && !usages.contains(CLIENT_AUTH_USAGE)) {
                return false;
            }
            PKIXParameters now = (PKIXParameters) parameters.clone(); // the validation date is "now" per call
            CertPathValidator.getInstance("PKIX")
                    .validate(CertificateFactory.getInstance("X.509").generateCertPath(Arrays.asList(chain)), now);
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
