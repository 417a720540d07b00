package dev.orchard.http.api;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.http.streaming.ClientCopy;
import dev.orchard.http.streaming.StreamLimit;
import java.io.IOException;
import java.io.InputStream;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams a container's log: every {@link LogOptions} field as a query parameter, the bytes copied as the provider
 * gives them ({@link ClientCopy}). A follow ends within a second of its client going, output or not, and the
 * provider's stream is closed; a client that stays but stops reading is ended by Jetty's idle timeout. Every log,
 * followed or not (a large or slow one holds its thread as long), takes a slot of the server's {@link StreamLimit}
 * first: at most a quarter of its threads stream at once, the next log gets 503 with Retry-After. A request with a
 * body is refused (400) before anything is streamed.
 */
final class LogStream {
    private static final Logger LOG = LoggerFactory.getLogger(LogStream.class);
    private static final List<String> PARAMETERS =
            List.of("tail", "limitBytes", "timestamps", "follow", "previous", "sinceSeconds", "sinceTime");

    private final ProviderCalls pods;
    // The main server's one bound: the API streams nothing else (no exec), and one Endpoints serves that server.
    private final StreamLimit streams = new StreamLimit();

    LogStream(ProviderCalls pods) {
        this.pods = pods;
    }

    /**
     * Answers with the log.
     *
     * @param ex the request
     * @param provider the pod provider's name
     */
    void serve(Exchange ex, String provider) throws IOException {
        ex.allowQuery(PARAMETERS);
        LogOptions options = options(ex);
        String ns = ex.path("namespace");
        String pod = ex.path("pod");
        String container = ex.path("container");
        // The stream is opened through the registry but read outside the call: a follow that held the call would
        // keep a leaving provider for the whole drain timeout.
        // The place is taken before the provider is asked: a refused log costs the provider nothing.
        try (StreamLimit.Slot slot = ex.streamSlot(streams, "the log of " + ns + "/" + pod + "/" + container)) {
            InputStream log =
                    pods.pod(provider, "getContainerLogs", p -> p.getContainerLogs(ns, pod, container, options));
            try (InputStream in = log) {
                if (!ex.stream("text/plain; charset=utf-8", in)) {
                    LOG.debug("Log client of {}/{}/{} went", ns, pod, container);
                }
            }
        }
    }

    private static LogOptions options(Exchange ex) {
        LogOptions.Builder b = LogOptions.builder();
        ex.query("tail").ifPresent(v -> b.tail(number("tail", v, Integer::parseInt)));
        ex.query("limitBytes").ifPresent(v -> b.limitBytes(number("limitBytes", v, Long::parseLong)));
        ex.query("timestamps").ifPresent(v -> b.timestamps(flag("timestamps", v)));
        ex.query("follow").ifPresent(v -> b.follow(flag("follow", v)));
        ex.query("previous").ifPresent(v -> b.previous(flag("previous", v)));
        ex.query("sinceSeconds").ifPresent(v -> b.sinceSeconds(number("sinceSeconds", v, Long::parseLong)));
        ex.query("sinceTime").ifPresent(v -> b.sinceTime(time(v)));
        return b.build();
    }

    private static <N> N number(String name, String value, Function<String, N> parse) {
        try {
            return parse.apply(value);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(
                    "query parameter " + name + " " + Names.quote(value) + " is not a whole number");
        }
    }

    private static boolean flag(String name, String value) {
        if (value.isEmpty() || value.equals("true")) {
            return true;
        }
        if (value.equals("false")) {
            return false;
        }
        throw new InvalidInputException(
                "query parameter " + name + " " + Names.quote(value) + " is neither true nor false");
    }

    private static Instant time(String value) {
        try {
            return Instant.parse(value);
        } catch (DateTimeException e) {
            throw new InvalidInputException("query parameter sinceTime " + Names.quote(value)
                    + " is not an RFC 3339 instant such as 2026-12-03T10:15:30Z");
        }
    }
}
