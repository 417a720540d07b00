package dev.orchard.api.naming;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes credentials from text that is about to be shown: a log line, an error message, a provider's failure
 * reason. Every Orchard part that words a message from something a credential may be in (a URL, a configuration
 * file, an exception of a parser or an HTTP client) passes it through {@link #redact}, so that one routine decides
 * what counts as a secret.
 *
 * <p>It replaces, with {@value #MASK}:
 * <ul>
 *   <li>the user information of a URL, up to the last {@code @} of its authority ({@code https://user:p@ss@host}
 *       becomes {@code https://***@host}), or, when a password holds a {@code /} or another character a URL must
 *       encode, up to the last {@code @} before the next white space;
 *   <li>the credential of an {@code Authorization} scheme ({@code Bearer <token>}, {@code Basic <base64>}), where
 *       it holds a character other than a lower-case letter (so that "a bearer token" stays a phrase);
 *   <li>the value of a key that names a secret, in YAML, JSON, properties or header style ({@code token: ...},
 *       {@code "password":"..."}, {@code client-key-data=...}, {@code Authorization: bearer ...}), whatever the
 *       key's spelling ({@code oauthToken}, {@code keyPassword}, {@code secretKey}, {@code access_token}): its last
 *       word is {@code token}, {@code password}, {@code secret}, {@code credentials}, {@code authorization} and the
 *       like, or {@code key} after {@code api}, {@code private}, {@code secret}, {@code client} or {@code access}.
 *       The value runs to the end of its line, since a value that failed to parse has no reliable end; in a query
 *       string ({@code ?access_token=...&}) to the next {@code &}, {@code #} or white space;
 *   <li>a PEM private key block.
 * </ul>
 * A key whose last word names something else stays, value and all: {@code token.file=/path} (a path),
 * {@code secretName: db} (a name), {@code tokens=3} (a count).
 *
 * <p>It errs on the side of hiding: a message may lose a little context, a credential is never shown. Text that
 * carries a secret in no recognisable form (a bare token with no key) cannot be recognised here: such text must not
 * be put into a message at all.
 */
public final class Secrets {
    /** What a secret is replaced with. */
    public static final String MASK = "***";

    // The user information of a URL: to the last '@' of its authority, or, for a password with a character that
    // ends an authority ('/', '?', '#'), from a "user:" to the last '@' before white space.
    private static final Pattern USER_INFO =
            Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)(?:[^/?#\\s]+@|[^/?#\\s:@]*:\\S*@)");
    private static final Pattern SCHEME =
            Pattern.compile("\\b(?i:(Bearer|Basic))(\\s+)(?=[a-z]*[A-Z0-9._~+/=-])[A-Za-z0-9._~+/=-]+");
    // A key, quoted or not, and its separator; whether it names a secret is SecretKey's to say.
    private static final Pattern KEY =
            Pattern.compile("(?<![A-Za-z0-9_.-])([\"']?)([A-Za-z][A-Za-z0-9_.-]*)\\1[ \\t]*([:=])\\s*");
    private static final Pattern PRIVATE_KEY = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\\s\\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)");

    private Secrets() {}

    /**
     * Returns the text with every credential it recognisably carries replaced by {@value #MASK}.
     *
     * @param text a message, a reason or a log argument; may be null
     * @return the text without credentials, or null for null
     */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = PRIVATE_KEY.matcher(text).replaceAll("-----BEGIN $1PRIVATE KEY----- " + MASK);
        out = USER_INFO.matcher(out).replaceAll("$1" + MASK + "@");
        out = redactValues(out);
        return replaceSchemes(SCHEME.matcher(out));
    }

    /**
     * Returns a URL without its user information, for a message: {@code https://user:pw@host:6443/x} becomes
     * {@code https://***@host:6443/x}.
     *
     * @param url a URL, possibly not a valid one; may be null
     * @return the URL without credentials
     */
    public static String redactUrl(String url) {
        return redact(url);
    }

    /**
     * Words a failure for a message without its credentials: its class and its message, redacted, followed by
     * those of its causes, so that what a library threw can be shown without what it echoed of its input.
     *
     * @param failure the failure; may be null
     * @return as {@link Throwable#toString} words it, e.g. {@code java.lang.IllegalStateException: token: ***}, redacted
     */
    public static String describe(Throwable failure) {
        if (failure == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder();
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 5; t = t.getCause() == t ? null : t.getCause(), depth++) {
            if (depth > 0) {
                b.append("; caused by ");
            }
            b.append(t.getClass().getName());
            if (t.getMessage() != null) {
                b.append(": ").append(redact(t.getMessage()));
            }
        }
        return b.toString();
    }

    /**
     * A stand-in for a failure, to keep as the cause of an Orchard error: the same classes' names, messages
     * (redacted) and stack traces, down its causes, so that a logged stack trace shows where it failed and not what
     * the failing library echoed (a request's URL with its password, a parser's input line).
     *
     * @param failure the failure; may be null
     * @return its redacted copy, or null for null
     */
    public static RuntimeException redacted(Throwable failure) {
        return failure == null ? null : copy(failure, 0);
    }

    private static RuntimeException copy(Throwable t, int depth) {
        Throwable cause = t.getCause() == t || depth >= 8 ? null : t.getCause();
        Redacted r = new Redacted(
                t.getClass().getName() + (t.getMessage() == null ? "" : ": " + redact(t.getMessage())),
                cause == null ? null : copy(cause, depth + 1));
        r.setStackTrace(t.getStackTrace());
        return r;
    }

    /** A redacted copy of a failure; it prints as the original would, but redacted. */
    private static final class Redacted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Redacted(String message, Throwable cause) {
            super(message, cause, false, true);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    // Each value of a key that names a secret, to the end of its line (in a query string, of its parameter).
    private static String redactValues(String text) {
        Matcher m = KEY.matcher(text);
        StringBuilder b = new StringBuilder();
        int copied = 0;
        int from = 0;
        while (from < text.length() && m.find(from)) {
            int valueStart = m.end();
            from = Math.max(valueStart, m.start() + 1);
            if (!SecretKey.names(m.group(2)) || text.startsWith(MASK, valueStart)) {
                continue;
            }
            boolean query = m.group(3).equals("=")
                    && m.start() > 0
                    && (text.charAt(m.start() - 1) == '?' || text.charAt(m.start() - 1) == '&');
            int valueEnd = valueStart;
            while (valueEnd < text.length() && !ends(text.charAt(valueEnd), query)) {
                valueEnd++;
            }
            if (valueEnd == valueStart) {
                continue; // nothing on its line
            }
            b.append(text, copied, valueStart).append(MASK);
            copied = valueEnd;
            from = valueEnd;
        }
        return copied == 0 ? text : b.append(text, copied, text.length()).toString();
    }

    private static boolean ends(char c, boolean query) {
        return c == '\n' || c == '\r' || (query && (c == '&' || c == '#' || Character.isWhitespace(c)));
    }

    private static String replaceSchemes(Matcher m) {
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(m.group(1) + m.group(2) + MASK));
        }
        m.appendTail(b);
        return b.toString();
    }
}
