package dev.orchard.http.binding;

/** What a request reaches, which decides the rules it meets beyond those every request meets. */
public enum Surface {
    /** Orchard's REST API and maya's paths: the bearer token, and JSON bodies only. */
    API,
    /** {@code /metrics}: the bearer token. */
    METRICS,
    /** The Felix Web Console: the token as a bearer or as a Basic password, and no cross-site change. */
    CONSOLE,
    /**
     * Anything else on the main server, whichever bundle registered it (whiteboard or HttpService): the rules every
     * request meets (method, Host, Origin, no body on GET, HEAD or DELETE) and the bearer token.
     */
    OTHER
}
