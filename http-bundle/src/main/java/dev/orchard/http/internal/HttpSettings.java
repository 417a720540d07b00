package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.http.api.ProviderCalls;
import dev.orchard.http.binding.RequestRules;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Orchard's HTTP settings read from the properties of configuration {@code dev.orchard.http}, each key checked.
 *
 * @param authOff whether authentication is off ({@code auth=none}; loopback only)
 * @param tokenFile the operator's token file, if one is configured; else Orchard makes its own
 * @param maxBodyBytes the largest request body accepted
 * @param allowedHosts further names the {@code Host} header may carry
 * @param callTimeoutMillis how long a call to a provider may take before its client is answered 503
 */
record HttpSettings(
        boolean authOff,
        Optional<Path> tokenFile,
        long maxBodyBytes,
        List<String> allowedHosts,
        long callTimeoutMillis) {
    static final String AUTH = "auth";
    static final String AUTH_TOKEN = "token";
    static final String AUTH_NONE = "none";
    static final String TOKEN_FILE = "token.file";
    static final String MAX_BODY = "max.body";
    static final String ALLOWED_HOSTS = RequestRules.ALLOWED_HOSTS_KEY;
    private static final String DEFAULT_MAX_BODY = "1Mi";
    static final String CALL_TIMEOUT = ProviderCalls.TIMEOUT_KEY;
    private static final Set<String> KEYS = Set.of(AUTH, TOKEN_FILE, MAX_BODY, ALLOWED_HOSTS, CALL_TIMEOUT);

    /** Copies the list. */
    HttpSettings {
        allowedHosts = List.copyOf(allowedHosts);
    }

    /**
     * Reads the settings.
     *
     * @param properties the configuration's properties (with the framework's and DS's own keys, which are skipped)
     * @return the settings
     * @throws InvalidInputException if a key is unknown or a value does not parse
     */
    static HttpSettings of(Map<String, Object> properties) {
        for (String key : properties.keySet()) {
            if (!KEYS.contains(key) && !isFrameworkKey(key)) {
                throw new InvalidInputException(
                        "configuration dev.orchard.http has an unknown key " + Names.quote(key) + "; the keys are "
                                + String.join(", ", KEYS.stream().sorted().toList()));
            }
        }
        String auth = text(properties, AUTH, AUTH_TOKEN).strip().toLowerCase(Locale.ROOT);
        if (!auth.equals(AUTH_TOKEN) && !auth.equals(AUTH_NONE)) {
            throw new InvalidInputException("configuration key " + AUTH + " is " + Names.quote(auth) + "; it is "
                    + AUTH_TOKEN + " (the default: every request needs the bearer token) or " + AUTH_NONE
                    + " (no authentication, loopback only)");
        }
        String file = text(properties, TOKEN_FILE, "");
        if (auth.equals(AUTH_NONE) && !file.isBlank()) {
            throw new InvalidInputException("configuration dev.orchard.http sets both " + AUTH + "=" + AUTH_NONE
                    + " and " + TOKEN_FILE + "; remove one");
        }
        long max = Quantity.requirePositive(
                "configuration key " + MAX_BODY,
                Quantity.parseBytes("configuration key " + MAX_BODY, text(properties, MAX_BODY, DEFAULT_MAX_BODY)));
        return new HttpSettings(
                auth.equals(AUTH_NONE),
                file.isBlank() ? Optional.empty() : Optional.of(Path.of(file.strip())),
                max,
                hosts(properties.get(ALLOWED_HOSTS)),
                callTimeout(properties));
    }

    // A whole number of milliseconds, at least 1: the deadline of every call to a provider.
    private static long callTimeout(Map<String, Object> properties) {
        String value = text(properties, CALL_TIMEOUT, String.valueOf(ProviderCalls.DEFAULT_TIMEOUT_MS))
                .strip();
        try {
            long ms = Long.parseLong(value);
            if (ms >= 1) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidInputException("configuration key " + CALL_TIMEOUT + " " + Names.quote(value)
                + " is not a whole number of milliseconds of at least 1 (default "
                + ProviderCalls.DEFAULT_TIMEOUT_MS + ")");
    }

    private static List<String> hosts(Object value) {
        if (value == null) {
            return List.of();
        }
        Collection<?> items = value instanceof String[] a
                ? Arrays.asList(a)
                : value instanceof Collection<?> c
                        ? c
                        : List.of(String.valueOf(value).split(","));
        return items.stream()
                .map(String::valueOf)
                .flatMap(s -> Arrays.stream(s.split(",")))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static String text(Map<String, Object> properties, String key, String fallback) {
        Object value = properties.get(key);
        return value == null ? fallback : String.valueOf(value);
    }

    private static boolean isFrameworkKey(String key) {
        return key.startsWith("service.")
                || key.startsWith("component.")
                || key.startsWith("felix.")
                || key.startsWith("osgi.")
                || key.startsWith("objectClass");
    }
}
