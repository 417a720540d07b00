package dev.orchard.http.binding;

import dev.orchard.api.naming.Names;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;

/**
 * The Felix Web Console's login as far as binding goes: whether the console is installed and whether its password
 * is still the well-known default ({@code admin}), which must be changed before HTTP listens beyond loopback.
 *
 * @param installed whether the console's bundle is installed
 * @param password the console's configured password, plain or hashed as the console stores it; null when none is
 *     configured (then the console uses its default)
 */
public record ConsoleLogin(boolean installed, String password) {
    /** The Web Console's bundle symbolic name. */
    public static final String BUNDLE = "org.apache.felix.webconsole";
    /** The name of the servlet context the Web Console serves in (its whiteboard context helper). */
    public static final String CONTEXT = "org.apache.felix.webconsole";
    /** The Web Console's configuration PID. */
    public static final String PID = "org.apache.felix.webconsole.internal.servlet.OsgiManager";
    /** The password's key in configuration {@value #PID}. */
    public static final String PASSWORD = "password";
    /** The framework property the console reads its password from when its configuration has none. */
    public static final String FRAMEWORK_PASSWORD = "felix.webconsole.password";
    /**
     * The framework property naming the security providers the console waits for; while it names
     * {@value #ORCHARD_PROVIDER}, the console serves nothing until Orchard's login is registered, and its own
     * (admin/admin) lets nobody in.
     */
    public static final String PROVIDERS = "felix.webconsole.security.providers";
    /** The id ({@code webconsole.security.provider.id}) of Orchard's console login, the HTTP token. */
    public static final String ORCHARD_PROVIDER = "orchard";
    /** No console installed. */
    public static final ConsoleLogin ABSENT = new ConsoleLogin(false, null);

    private static final String DEFAULT_PASSWORD = "admin";

    /**
     * Why HTTP must not listen on an address because of the console, if it must not.
     *
     * @param host the configured address; blank means every interface
     * @return empty if the address is loopback, the console is not installed, or its password was changed
     */
    public Optional<String> refusal(String host) {
        if (!installed || BindingRule.isLoopback(host) || !isDefault(password)) {
            return Optional.empty();
        }
        String where = host == null || host.isBlank() ? "every interface" : Names.quote(host);
        return Optional.of("Orchard refuses to serve HTTP on " + where + ": the Felix Web Console is installed with"
                + " its default login (admin/admin); set another password (" + PASSWORD + " in configuration " + PID
                + ", or framework property " + FRAMEWORK_PASSWORD + "), uninstall the console, or set "
                + BindingRule.HOST + " to " + BindingRule.DEFAULT_HOST);
    }

    /**
     * Tells whether the console requires Orchard's login, so that its own password no longer matters.
     *
     * @param providers the value of framework property {@value #PROVIDERS}; null when unset
     * @return true if it names {@value #ORCHARD_PROVIDER}
     */
    public static boolean requiresOrchardLogin(String providers) {
        if (providers == null) {
            return false;
        }
        for (String id : providers.split(",")) {
            if (id.strip().equals(ORCHARD_PROVIDER)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Tells whether a console password is the default one: none configured, {@code admin} in plain text, or a hash
     * of {@code admin} in the console's format {@code {algorithm}[salt-[iterations-]]base64(hash)}.
     *
     * @param password the configured password; null when none is configured
     * @return true if it lets {@code admin} in
     */
    public static boolean isDefault(String password) {
        if (password == null || password.isEmpty() || password.equals(DEFAULT_PASSWORD)) {
            return true;
        }
        int close = password.indexOf('}');
        if (!password.startsWith("{") || close < 2) {
            return false;
        }
        String algorithm = password.substring(1, close);
        String rest = password.substring(close + 1);
        String salt = "";
        int iterations = 1;
        int dash = rest.indexOf('-');
        if (dash >= 0) {
            salt = rest.substring(0, dash);
            rest = rest.substring(dash + 1);
            int next = rest.indexOf('-');
            if (next >= 0) {
                try {
                    iterations = Integer.parseInt(rest.substring(0, next));
                    rest = rest.substring(next + 1);
                } catch (NumberFormatException e) {
                    // no iteration count: the rest is the hash, as the console reads it
                }
            }
        }
        try {
            MessageDigest digest = MessageDigest.getInstance(algorithm);
            byte[] bytes = (salt + DEFAULT_PASSWORD).getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < iterations; i++) {
                digest.reset();
                bytes = digest.digest(bytes);
            }
            return MessageDigest.isEqual(
                    Base64.getEncoder().encodeToString(bytes).getBytes(StandardCharsets.US_ASCII),
                    rest.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            // the console cannot check it either, so it lets nobody in: not the default
            return false;
        }
    }
}
