package dev.orchard.http.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Orchard's HTTP settings, PID {@code dev.orchard.http}. The address and port are Felix HTTP's own keys, in its
 * configuration {@code org.apache.felix.http}.
 */
@ObjectClassDefinition(
        id = "dev.orchard.http",
        name = "Orchard HTTP API",
        description = "Authentication and limits of the Orchard HTTP API, /metrics and the Web Console. Address and"
                + " port: org.apache.felix.http.host and org.osgi.service.http.port in configuration"
                + " org.apache.felix.http.")
public @interface HttpConfiguration {
    /**
     * Whether requests need the bearer token.
     *
     * @return {@code token} or {@code none}
     */
    @AttributeDefinition(
            name = "Authentication",
            description = "token (the default): every request needs Authorization: Bearer <token>, the token from"
                    + " token.file, or else one Orchard makes at its first start in an owner-only file in the"
                    + " runtime's folder (.orchard/http/token; in Karaf data/orchard-http/token), whose path it"
                    + " logs. none: no authentication; allowed on loopback only, and maya's GET delete is refused.",
            options = {@Option(label = "token", value = "token"), @Option(label = "none", value = "none")})
    String auth() default "token";

    /**
     * The operator's own token file.
     *
     * @return the path
     */
    @AttributeDefinition(
            name = "Token file",
            description = "A file of the runtime's user, readable by its owner only (chmod 600), whose first line is"
                    + " the bearer token. Empty: Orchard's own token file.",
            required = false)
    String token_file() default "";

    /**
     * Further names the {@code Host} header may carry.
     *
     * @return names, or {@code name:port}
     */
    @AttributeDefinition(
            name = "Allowed host names",
            description = "Names (or name:port) besides the address HTTP listens on (and localhost on loopback)"
                    + " that a request's Host header may carry, e.g. the server's DNS name or a proxy's. Any other"
                    + " Host is refused (403), against DNS rebinding.",
            required = false)
    String[] allowed_hosts() default {};

    /**
     * The largest request body accepted.
     *
     * @return a byte quantity
     */
    @AttributeDefinition(
            name = "Largest request body",
            description = "A byte quantity (1Mi, 512Ki); larger bodies get 413.")
    String max_body() default "1Mi";

    /**
     * How long a call to a provider may take.
     *
     * @return milliseconds, at least 1
     */
    @AttributeDefinition(
            name = "Call timeout (ms)",
            description = "How long a request waits for its provider before it is answered 503 with Retry-After;"
                    + " the call is abandoned and its thread interrupted. How many threads one provider may hold:"
                    + " call.threads in configuration dev.orchard.registry.",
            min = "1")
    long call_timeout_ms() default 30_000L;
}
