package dev.orchard.api.naming;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Decides whether a key names a secret, whatever its spelling: {@code token}, {@code oauthToken},
 * {@code access_token}, {@code client-key-data}, {@code keyPassword}, {@code secretKey}, {@code X-Auth-Token}, {@code DB_PASS}, {@code session_id}, {@code jwt}. A
 * key is cut into words (at camelCase, {@code -}, {@code _} and {@code .}); what it names is its last word, so
 * {@code tokenFile}, {@code token.file} and {@code secretName} (a path and a name) are no secrets, and neither is a
 * count such as {@code tokens}.
 */
final class SecretKey {
    // A last word that names a secret on its own.
    private static final Set<String> SECRET_WORDS = Set.of(
            "token",
            "password",
            "pass",
            "sessionid",
            "jwt",
            "passwd",
            "pwd",
            "passphrase",
            "secret",
            "credential",
            "credentials",
            "authorization",
            "apikey",
            "cookie");
    // A last word "key" is a secret after one of these: apiKey, private_key, secretKey, client-key, accessKey.
    private static final Set<String> KEY_KINDS =
            Set.of("api", "private", "secret", "client", "access", "signing", "encryption", "master", "auth");
    // A last word "data" is a secret after one of these: client-key-data, token-data.
    private static final Set<String> DATA_KINDS = Set.of("key", "token", "password", "secret");
    private static final Pattern WORD_BREAK = Pattern.compile("[-_.]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");

    private SecretKey() {}

    /**
     * Tells whether a key names a secret.
     *
     * @param key a key as written, e.g. {@code oauthToken}
     * @return true if its value is a secret
     */
    static boolean names(String key) {
        String[] words = WORD_BREAK.split(key);
        if (words.length == 0) {
            return false;
        }
        String last = words[words.length - 1].toLowerCase(Locale.ROOT);
        String before = words.length > 1 ? words[words.length - 2].toLowerCase(Locale.ROOT) : "";
        return SECRET_WORDS.contains(last)
                || (last.equals("key") && KEY_KINDS.contains(before))
                || (last.equals("data") && DATA_KINDS.contains(before))
                || (last.equals("id") && before.equals("session"));
    }
}
