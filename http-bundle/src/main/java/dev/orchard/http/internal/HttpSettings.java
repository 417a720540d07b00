package dev.orchard.http.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.quantity.Quantity;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Orchard's HTTP settings read from the properties of configuration {@code dev.orchard.http}, each key checked.
 *
 * @param tokenFile the token file, if one is configured
 * @param maxBodyBytes the largest request body accepted
 */
record HttpSettings(Optional<Path> tokenFile, long maxBodyBytes) {
    static final String TOKEN_FILE = "token.file";
    static final String MAX_BODY = "max.body";
    private static final String DEFAULT_MAX_BODY = "1Mi";
    private static final Set<String> KEYS = Set.of(TOKEN_FILE, MAX_BODY);

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
        String file = text(properties, TOKEN_FILE, "");
        long max = Quantity.requirePositive(
                "configuration key " + MAX_BODY,
                Quantity.parseBytes("configuration key " + MAX_BODY, text(properties, MAX_BODY, DEFAULT_MAX_BODY)));
        return new HttpSettings(file.isBlank() ? Optional.empty() : Optional.of(Path.of(file.strip())), max);
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
