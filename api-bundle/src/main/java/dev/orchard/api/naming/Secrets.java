package dev.orchard.api.naming;

import java.util.Set;
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
 *   <li>the credential of an {@code Authorization} scheme ({@code Bearer <token>}, {@code Basic <base64>}): one
 *       holding a character other than a lower-case letter; one of lower-case letters only after {@code Bearer} or
 *       {@code Basic} spelt as a header spells them, unless it is a word prose puts there ({@code token},
 *       {@code auth}, ...), or when it has 16 letters or more (so "a bearer token" and "Bearer token required"
 *       stay phrases, {@code Bearer abcdefgh} does not);
 *   <li>a JSON Web Token anywhere, keyed or not: three base64url segments, the first starting {@code eyJ};
 *   <li>the value of a key that names a secret, in YAML, JSON, properties or header style ({@code token: ...},
 *       {@code "password":"..."}, JSON escaped inside a string {@code {\"token\":\"...\"}},
 *       {@code client-key-data=...}, {@code Authorization: bearer ...}), whatever the key's spelling
 *       ({@code oauthToken}, {@code keyPassword}, {@code secretKey}, {@code access_token}, {@code DB_PASS},
 *       {@code session_id}): its last word is {@code token}, {@code password}, {@code pass}, {@code secret},
 *       {@code credentials}, {@code authorization}, {@code jwt}, {@code sessionid} and the like, {@code id} after
 *       {@code session}, or {@code key} after {@code api}, {@code private}, {@code secret}, {@code client} or
 *       {@code access}. Where the value ends:
 *       <ol>
 *         <li>a value that starts with a quote, plain or backslash-escaped ({@code "}, {@code '}, {@code \"}),
 *             ends after its closing quote; with none on its line, at the end of the line;
 *         <li>in a query string ({@code ?access_token=...&}), at the next {@code &}, {@code #} or white space;
 *         <li>a key that starts its line (after indentation or a YAML list's {@code -}) owns the rest of that
 *             line, as YAML, properties and headers do: {@code password: my secret phrase} is hidden whole, and so
 *             is a line that failed to parse;
 *         <li>any other key stands inside prose: its value is one word, ending at white space, {@code ,} or
 *             {@code ;} (a scheme and its credential, {@code Authorization: Bearer x}, count as one), so
 *             {@code invalid token: expected base64; see docs} loses the word after the key and keeps the rest;
 *       </ol>
 *   <li>a PEM private key block.
 * </ul>
 * A key whose last word names something else stays, value and all: {@code token.file=/path} (a path),
 * {@code secretName: db} (a name), {@code tokens=3} (a count).
 *
 * <p>It errs on the side of hiding: a message may lose a little context, a credential is never shown. Text that
 * carries a secret in no recognisable form (a bare opaque token with no key, a space in an unquoted value of a key
 * inside prose) cannot be recognised here: such text must not be put into a message at all.
 */
public final class Secrets {
    /** What a secret is replaced with. */
    public static final String MASK = "***";

    // The user information of a URL: to the last '@' of its authority, or, for a password with a character that
    // ends an authority ('/', '?', '#'), from a "user:" to the last '@' before white space.
    private static final Pattern USER_INFO =
            Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)(?:[^/?#\\s]+@|[^/?#\\s:@]*:\\S*@)");
    private static final Pattern SCHEME = Pattern.compile("\\b(?i:(Bearer|Basic))(\\s+)([A-Za-z0-9._~+/=-]+)");
    // Words that follow "Bearer" or "Basic" in prose ("Bearer token required", "Basic auth"), not as a credential.
    private static final Set<String> PROSE = Set.of(
            "token",
            "tokens",
            "auth",
            "authentication",
            "authorization",
            "credential",
            "credentials",
            "scheme",
            "header",
            "or",
            "and",
            "is",
            "not",
            "required",
            "needed",
            "expected",
            "realm");
    // A JSON Web Token, keyed or not: three base64url segments, the first a JSON object ("eyJ" is "{\"").
    private static final Pattern JWT =
            Pattern.compile("(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    // A key, quoted or not, and its separator; whether it names a secret is SecretKey's to say.
    private static final Pattern KEY =
            Pattern.compile("(?<![A-Za-z0-9_.-])(\\\\?[\"']|)([A-Za-z][A-Za-z0-9_.-]*)\\1[ \\t]*([:=])[ \\t]*");
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
        // Keyed values first, so that a key's line is hidden whole even when it starts with a token.
        out = redactValues(out);
        out = JWT.matcher(out).replaceAll(MASK);
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

    // Each value of a key that names a secret; where it ends is valueEnd's to say.
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
            int valueEnd = valueEnd(text, m.start(), valueStart, m.group(3).equals("="));
            if (valueEnd == valueStart) {
                continue; // nothing on its line
            }
            b.append(text, copied, valueStart).append(MASK);
            copied = valueEnd;
            from = valueEnd;
        }
        return copied == 0 ? text : b.append(text, copied, text.length()).toString();
    }

    // Where a value ends: a quoted one after its closing quote (to its line's end if it has none); in a query
    // string at '&', '#' or white space; a key that starts its line (YAML, properties, a header) owns the rest of
    // the line; any other, a key inside prose, ends at white space, ',' or ';' (after a scheme's credential).
    private static int valueEnd(String text, int keyStart, int valueStart, boolean equals) {
        int lineEnd = valueStart;
        while (lineEnd < text.length() && text.charAt(lineEnd) != '\n' && text.charAt(lineEnd) != '\r') {
            lineEnd++;
        }
        if (text.startsWith("\\\"", valueStart)) {
            int close = text.indexOf("\\\"", valueStart + 2);
            return close < 0 || close > lineEnd ? lineEnd : close + 2;
        }
        if (valueStart < lineEnd && (text.charAt(valueStart) == '"' || text.charAt(valueStart) == '\'')) {
            char quote = text.charAt(valueStart);
            for (int i = valueStart + 1; i < lineEnd; i++) {
                if (text.charAt(i) == '\\') {
                    i++;
                } else if (text.charAt(i) == quote) {
                    return i + 1;
                }
            }
            return lineEnd;
        }
        char before = keyStart > 0 ? text.charAt(keyStart - 1) : '\n';
        if (equals && (before == '?' || before == '&')) {
            return wordEnd(text, valueStart, lineEnd, "&# \t");
        }
        if (startsLine(text, keyStart)) {
            return lineEnd;
        }
        int end = wordEnd(text, valueStart, lineEnd, " \t,;");
        if (SCHEME.matcher(text.substring(valueStart, lineEnd)).lookingAt()) {
            // "Authorization: Bearer <credential>": the credential is the word after the scheme.
            int next = end;
            while (next < lineEnd && Character.isWhitespace(text.charAt(next))) {
                next++;
            }
            end = wordEnd(text, next, lineEnd, " \t,;");
        }
        return end;
    }

    private static int wordEnd(String text, int from, int lineEnd, String stops) {
        int end = from;
        while (end < lineEnd && stops.indexOf(text.charAt(end)) < 0 && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        return end;
    }

    // Whether only indentation or a YAML list's "- " stands before a key on its line.
    private static boolean startsLine(String text, int keyStart) {
        for (int i = keyStart - 1; i >= 0; i--) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return true;
            }
            if (c != ' ' && c != '\t' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static String replaceSchemes(Matcher m) {
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String credential = m.group(3);
            m.appendReplacement(
                    b,
                    Matcher.quoteReplacement(
                            isCredential(m.group(1), credential) ? m.group(1) + m.group(2) + MASK : m.group()));
        }
        m.appendTail(b);
        return b.toString();
    }

    // A credential holds a character other than a lower-case letter; one of lower-case letters only counts after
    // a scheme written as a header writes it ("Bearer abcdef") unless it is a word prose puts there, or when it
    // is too long for a word.
    private static boolean isCredential(String scheme, String credential) {
        if (!credential.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
            return true;
        }
        boolean headerSpelling = scheme.equals("Bearer") || scheme.equals("Basic");
        return (headerSpelling && !PROSE.contains(credential)) || credential.length() >= 16;
    }
}
