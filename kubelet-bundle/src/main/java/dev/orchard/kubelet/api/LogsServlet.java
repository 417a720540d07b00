package dev.orchard.kubelet.api;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.http.streaming.ClientCopy;
import dev.orchard.http.streaming.StreamLimit;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.time.DateTimeException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /containerLogs/{namespace}/{pod}/{container}}: a container's log, with the kubelet's query parameters
 * (tailLines, limitBytes, timestamps, sinceSeconds, sinceTime, previous, follow) as the API's {@link LogOptions},
 * streamed as the provider gives it by the same {@link ClientCopy} as Orchard's HTTP API: a follow ends within a
 * second of its client going, output or not. Every log, followed or not, holds a slot of this server's
 * {@link StreamLimit} (shared with exec sessions) while it streams: at most a quarter of the server's threads stream
 * at once, the next gets 503 with Retry-After. A request with a body is refused (400) before anything is streamed.
 * The stream is opened through the registry's call but read outside it, so that a long follow does not hold a
 * leaving provider for its whole drain.
 */
public final class LogsServlet extends KubeletServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LogsServlet.class);

    private final transient NodeProvider node;
    private final transient StreamLimit streams;

    /**
     * Creates the endpoint.
     *
     * @param node the bridge's provider and node
     * @param streams the server's bound on long-lived streams
     */
    public LogsServlet(NodeProvider node, StreamLimit streams) {
        this.node = node;
        this.streams = streams;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        List<String> path = require(segments, "namespace", "pod", "container");
        LogOptions options = options(request);
        ClientCopy.refuseBody(request);
        try (StreamLimit.Slot slot = streams.take(request, "the log of " + String.join("/", path))) {
            InputStream log = node.call(
                    "getContainerLogs", p -> p.getContainerLogs(path.get(0), path.get(1), path.get(2), options));
            try (InputStream in = log) {
                response.setStatus(HttpServletResponse.SC_OK);
                response.setContentType("text/plain; charset=utf-8");
                if (!ClientCopy.copy(request, response, in)) {
                    LOG.debug("Log client of {} went", String.join("/", path));
                }
            }
        }
    }

    /**
     * The log options of a request's query.
     *
     * @param request the request
     * @return the options
     * @throws InvalidInputException naming the parameter that does not parse or breaks a rule
     */
    static LogOptions options(HttpServletRequest request) {
        LogOptions.Builder b = LogOptions.builder();
        read(request, "tailLines", v -> b.tail(number("tailLines", v, Integer::parseInt)));
        read(request, "limitBytes", v -> b.limitBytes(number("limitBytes", v, Long::parseLong)));
        read(request, "sinceSeconds", v -> b.sinceSeconds(number("sinceSeconds", v, Long::parseLong)));
        read(request, "sinceTime", v -> b.sinceTime(time(v)));
        read(request, "timestamps", v -> b.timestamps(flag("timestamps", v)));
        read(request, "previous", v -> b.previous(flag("previous", v)));
        read(request, "follow", v -> b.follow(flag("follow", v)));
        return b.build();
    }

    private static void read(HttpServletRequest request, String name, Consumer<String> use) {
        String value = request.getParameter(name);
        if (value != null) {
            use.accept(value.strip());
        }
    }

    private static <N> N number(String name, String value, Function<String, N> parse) {
        try {
            return parse.apply(value);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(
                    "query parameter " + name + " " + Names.quote(value) + " is not a whole number");
        }
    }

    /** A flag as the kubelet reads one (Go's strconv.ParseBool, the common spellings). */
    static boolean flag(String name, String value) {
        return switch (value) {
            case "", "1", "t", "T", "true", "True", "TRUE" -> true;
            case "0", "f", "F", "false", "False", "FALSE" -> false;
            default ->
                throw new InvalidInputException(
                        "query parameter " + name + " " + Names.quote(value) + " is neither true nor false");
        };
    }

    private static java.time.Instant time(String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeException e) {
            throw new InvalidInputException("query parameter sinceTime " + Names.quote(value)
                    + " is not an RFC 3339 time such as 2026-12-03T10:15:30Z");
        }
    }
}
