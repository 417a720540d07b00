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
 *   <li>the user information of a URL ({@code https://user:password@host} becomes {@code https://***@host});
 *   <li>the credential of an {@code Authorization} scheme ({@code Bearer <token>}, {@code Basic <base64>}), where
 *       it holds a character other than a lower-case letter (so that "a bearer token" stays a phrase);
 *   <li>the value of a key that names a secret, in YAML, JSON or properties style ({@code token: ...},
 *       {@code "password":"..."}, {@code client-key-data=...}, and the other keys of {@link #SECRET_KEYS}), up to the
 *       end of its line, since a value that failed to parse has no reliable end;
 *   <li>a PEM private key block.
 * </ul>
 * It errs on the side of hiding: a message may lose a little context, a credential is never shown. Text that
 * carries a secret in no recognisable form (a bare token with no key) cannot be recognised here: such text must not
 * be put into a message at all.
 */
public final class Secrets {
    /** What a secret is replaced with. */
    public static final String MASK = "***";

    /**
     * The keys whose values are secrets, as a regular expression alternation (case-insensitive, '-', '_' or nothing
     * between words): kubeconfig's user fields and the usual names of passwords, tokens and keys.
     */
    static final String SECRET_KEYS = "token|id[-_]?token|refresh[-_]?token|access[-_]?token|auth[-_]?token"
            + "|password|passwd|secret|client[-_]?secret|client[-_]?key[-_]?data|client[-_]?key"
            + "|api[-_]?key|private[-_]?key|authorization|credentials?";

    private static final Pattern USER_INFO = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)[^/?#\\s@]+@");
    private static final Pattern SCHEME =
            Pattern.compile("\\b(?i:(Bearer|Basic))(\\s+)(?=[a-z]*[A-Z0-9._~+/=-])[A-Za-z0-9._~+/=-]+");
    private static final Pattern KEY_VALUE = Pattern.compile(
            "(?i)([\"']?(?<![A-Za-z0-9])(?:" + SECRET_KEYS + ")[\"']?\\s*[:=]\\s*)(?!\\*\\*\\*)[^\\r\\n]+");
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
        out = replaceAfter(KEY_VALUE.matcher(out));
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

    private static String replaceAfter(Matcher m) {
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(m.group(1) + MASK));
        }
        m.appendTail(b);
        return b.toString();
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
