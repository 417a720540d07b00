package dev.orchard.http.internal;

import dev.orchard.http.binding.BindingRule;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Locale;

/**
 * Marks which Felix HTTP server is the main one, in the configurations the guard delivers: the configuration
 * {@code org.apache.felix.http} gets {@link BindingRule#SERVER_ROLE}{@code =}{@link BindingRule#MAIN_SERVER} as a
 * property of its runtime service, and every factory configuration (the kubelet bridge's servers, anyone else's)
 * loses it, whoever wrote it there. Orchard's API servlets and the Web Console target that property, so they are
 * served by the main server and by no other.
 */
final class ServerRoles {
    private static final String KEY = BindingRule.RUNTIME_PROPERTY_PREFIX + BindingRule.SERVER_ROLE;

    private ServerRoles() {}

    /**
     * Sets or removes the main server's mark.
     *
     * @param properties a configuration of Felix HTTP, as it is being delivered
     * @param main whether it is the main server's ({@code org.apache.felix.http}, not a factory configuration)
     */
    static void mark(Dictionary<String, Object> properties, boolean main) {
        // Keys are case-insensitive in ConfigAdmin, but a plain dictionary may hold the mark in another case.
        for (String key : Collections.list(properties.keys())) {
            if (key.toLowerCase(Locale.ROOT).equals(KEY.toLowerCase(Locale.ROOT))) {
                properties.remove(key);
            }
        }
        if (main) {
            properties.put(KEY, BindingRule.MAIN_SERVER);
        }
    }
}
