package dev.orchard.http.binding;

import dev.orchard.api.error.InvalidInputException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The bearer token as configured: none, a usable token, or a configured file that failed its checks (then
 * authentication is on, and no request can pass it).
 *
 * @param token the usable token, if any
 * @param problem why the configured file gave no token, if it did not
 * @param configured whether a token file is configured at all
 */
public record TokenState(Optional<BearerToken> token, Optional<String> problem, boolean configured) {
    /** No token configured: authentication off. */
    public static final TokenState NONE = new TokenState(Optional.empty(), Optional.empty(), false);

    /** Checks the components. */
    public TokenState {
        token = token == null ? Optional.empty() : token;
        problem = problem == null ? Optional.empty() : problem;
    }

    /**
     * Reads the token file, if one is configured.
     *
     * @param file the file; empty when none is configured
     * @return the state
     */
    public static TokenState of(Optional<Path> file) {
        if (file.isEmpty()) {
            return NONE;
        }
        try {
            return new TokenState(Optional.of(BearerToken.read(file.get())), Optional.empty(), true);
        } catch (InvalidInputException e) {
            return new TokenState(Optional.empty(), Optional.of(e.getMessage()), true);
        }
    }

    /**
     * Tells whether a request with this {@code Authorization} header may pass.
     *
     * @param authorization the header; null when absent
     * @return true if authentication is off, or the header carries the token
     */
    public boolean admits(String authorization) {
        return !configured || token.map(t -> t.accepts(authorization)).orElse(false);
    }
}
