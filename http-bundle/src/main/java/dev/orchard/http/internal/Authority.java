package dev.orchard.http.internal;

import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.RequestFacts;
import dev.orchard.http.binding.RequestRules;
import dev.orchard.http.binding.Surface;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * The rules in force, replaced in place on a configuration change (servlets re-registered while Jetty restarts can
 * be lost by the whiteboard), or a failure that refuses everything until the configuration is fixed.
 */
final class Authority implements HttpAuthority {
    private volatile RequestRules rules;
    private volatile String failure = "the HTTP API is not configured yet";

    /**
     * Puts rules in force.
     *
     * @param newRules the rules
     */
    void serve(RequestRules newRules) {
        rules = newRules;
        failure = null;
    }

    /**
     * Refuses every request 503 with a reason, for a configuration that cannot be used.
     *
     * @param reason what is wrong with the configuration
     */
    void fail(String reason) {
        failure = reason;
    }

    @Override
    public boolean authenticates() {
        RequestRules now = rules;
        return now == null || !now.open();
    }

    @Override
    public Optional<Refusal> check(HttpServletRequest request, Surface surface) {
        String failed = failure;
        if (failed != null) {
            return Optional.of(new Refusal(503, "UNAVAILABLE", failed, null));
        }
        return rules.check(RequestFacts.of(request), surface);
    }
}
