package dev.orchard.http.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Orchard's HTTP settings, PID {@code dev.orchard.http}. The address and port are Felix HTTP's own keys, in its
 * configuration {@code org.apache.felix.http}.
 */
@ObjectClassDefinition(
        id = "dev.orchard.http",
        name = "Orchard HTTP API",
        description = "Authentication and limits of the Orchard HTTP API. Address and port: org.apache.felix.http.host"
                + " and org.osgi.service.http.port in configuration org.apache.felix.http.")
public @interface HttpConfiguration {
    /**
     * The file holding the bearer token; empty for no authentication (loopback only).
     *
     * @return the path
     */
    @AttributeDefinition(
            name = "Token file",
            description = "A file readable by its owner only (chmod 600) whose first line is the bearer token every"
                    + " request must send. Required to listen on any address but loopback. Empty: no"
                    + " authentication, loopback only.",
            required = false)
    String token_file() default "";

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
