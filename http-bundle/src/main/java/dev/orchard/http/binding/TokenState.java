package dev.orchard.http.binding;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The credential as configured: authentication off ({@link #NONE}), a usable token, or a token file that failed its
 * checks (then authentication is on, and no request can pass it).
 *
 * @param token the usable token, if any
 * @param problem why the token file gave no token, if it did not
 * @param configured whether authentication is on
 */
public record TokenState(Optional<BearerToken> token, Optional<String> problem, boolean configured) {
    /** Authentication off: every request passes the credential check. */
    public static final TokenState NONE = new TokenState(Optional.empty(), Optional.empty(), false);

    /** Checks the components. */
    public TokenState {
        token = token == null ? Optional.empty() : token;
        problem = problem == null ? Optional.empty() : problem;
    }

    /**
     * Reads an operator's token file, if one is configured: it must be only its owner's, and that owner this
     * process's user.
     *
     * @param file the file; empty when none is configured (then authentication is off)
     * @return the state
     */
    public static TokenState of(Optional<Path> file) {
        if (file.isEmpty()) {
            return NONE;
        }
        try {
            return usable(BearerToken.readOwned(file.get()));
        } catch (dev.orchard.api.error.InvalidInputException e) {
            return refused(e.getMessage());
        }
    }

    /**
     * Authentication on, with a token.
     *
     * @param token the token
     * @return the state
     */
    public static TokenState usable(BearerToken token) {
        return new TokenState(Optional.of(token), Optional.empty(), true);
    }

    /**
     * Authentication on, with no usable token: nothing passes.
     *
     * @param problem why there is none, naming the file but never its content
     * @return the state
     */
    public static TokenState refused(String problem) {
        return new TokenState(Optional.empty(), Optional.of(problem), true);
    }

    /**
     * Tells whether a request with this {@code Authorization} header may pass.
     *
     * @param authorization the header; null when absent
     * @return true if authentication is off, or the header carries the token as a bearer
     */
    public boolean admits(String authorization) {
        return !configured || token.map(t -> t.accepts(authorization)).orElse(false);
    }
}
