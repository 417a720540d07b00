package dev.orchard.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.http.streaming.ClientCopy;
import dev.orchard.http.streaming.StreamLimit;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One request and its response as the endpoints see them: path parameters, checked query parameters, a body read
 * up to its cap, and JSON answers.
 */
final class Exchange {
    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final Json json;
    private final long maxBodyBytes;
    private final Map<String, String> path;

    Exchange(
            HttpServletRequest request,
            HttpServletResponse response,
            Json json,
            long maxBodyBytes,
            Map<String, String> path) {
        this.request = request;
        this.response = response;
        this.json = json;
        this.maxBodyBytes = maxBodyBytes;
        this.path = Map.copyOf(path);
    }

    /**
     * A path parameter.
     *
     * @param name its name in the route, e.g. {@code namespace}
     * @return its value
     */
    String path(String name) {
        return path.get(name);
    }

    /**
     * A request header.
     *
     * @param name its name
     * @return its value, or null when absent or blank
     */
    String header(String name) {
        String value = request.getHeader(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /**
     * Fails if the request has a query parameter this endpoint does not take, so that a misspelled one never
     * silently leaves a default in force.
     *
     * @param allowed the parameters the endpoint takes
     * @throws InvalidInputException naming the first unknown one
     */
    void allowQuery(Collection<String> allowed) {
        for (String name : request.getParameterMap().keySet()) {
            if (!allowed.contains(name)) {
                throw new InvalidInputException("query parameter " + Names.quote(name) + " is unknown here; "
                        + (allowed.isEmpty() ? "this endpoint takes none" : "the parameters are " + allowed));
            }
        }
    }

    /**
     * A query parameter given at most once.
     *
     * @param name its name
     * @return its value, if given
     */
    Optional<String> query(String name) {
        String[] values = request.getParameterValues(name);
        if (values == null || values.length == 0) {
            return Optional.empty();
        }
        if (values.length > 1) {
            throw new InvalidInputException(
                    "query parameter " + Names.quote(name) + " is given " + values.length + " times; give it once");
        }
        return Optional.of(values[0]);
    }

    /**
     * Every value of a query parameter.
     *
     * @param name its name
     * @return the values in order; empty if none
     */
    List<String> queryAll(String name) {
        String[] values = request.getParameterValues(name);
        return values == null ? List.of() : List.of(values);
    }

    /**
     * Reads the JSON body into a type.
     *
     * @param <T> the type
     * @param type the type
     * @return the value
     * @throws HttpStatusException 413 if the body is larger than the cap
     * @throws InvalidInputException if it does not map, naming the field
     */
    <T> T body(Class<T> type) throws IOException {
        return body(type, UnaryOperator.identity());
    }

    /**
     * Reads the JSON body into a type, after filling in defaults its record cannot give.
     *
     * @param <T> the type
     * @param type the type
     * @param defaults fills in what is absent from the parsed tree
     * @return the value
     * @throws HttpStatusException 413 if the body is larger than the cap
     * @throws InvalidInputException if it does not map, naming the field
     */
    <T> T body(Class<T> type, UnaryOperator<JsonNode> defaults) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > maxBodyBytes) {
            throw tooLarge(declared + " bytes");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (InputStream in = request.getInputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (bytes.size() + (long) n > maxBodyBytes) {
                    throw tooLarge("more than " + maxBodyBytes + " bytes");
                }
                bytes.write(buffer, 0, n);
            }
        }
        return json.read(bytes.toByteArray(), type, defaults);
    }

    private HttpStatusException tooLarge(String size) {
        return new HttpStatusException(
                413,
                "INVALID_INPUT",
                "the request body has " + size + "; at most " + maxBodyBytes
                        + " bytes are accepted (max.body in configuration dev.orchard.http)");
    }

    /**
     * Answers with a JSON body.
     *
     * @param status the status
     * @param value the body
     */
    void send(int status, Object value) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try (OutputStream out = response.getOutputStream()) {
            json.write(out, value);
        }
    }

    /**
     * Answers 201 with the created thing and its location.
     *
     * @param location its path below the API root, e.g. {@code /orchestrators/mock/volumes/default/v1}
     * @param value the created thing
     */
    void created(String location, Object value) throws IOException {
        response.setHeader("Location", request.getContextPath() + request.getServletPath() + location);
        send(201, value);
    }

    /** Answers 204. */
    void noContent() {
        response.setStatus(204);
    }

    /**
     * Starts a streamed answer: 200, the type, and the output, flushed by the caller as it writes.
     *
     * @param contentType the type
     * @return the response's output
     */
    OutputStream stream(String contentType) throws IOException {
        response.setStatus(200);
        response.setContentType(contentType);
        return response.getOutputStream();
    }

    /**
     * Answers with a stream: 200, the type, then the input as it comes, until it ends or the client goes
     * ({@link ClientCopy}).
     *
     * @param contentType the type
     * @param in what to send; not closed here
     * @return true if the input ended, false if the client went
     */
    boolean stream(String contentType, InputStream in) throws IOException {
        response.setStatus(200);
        response.setContentType(contentType);
        return ClientCopy.copy(request, response, in);
    }

    /**
     * Takes a place for a long-lived stream on this server, after refusing a request with a body (whose client's
     * hang-up could not be watched).
     *
     * @param limit the server's bound
     * @param what what the stream is, for the refusal's message
     * @return the place, to close when the stream ends
     */
    StreamLimit.Slot streamSlot(StreamLimit limit, String what) {
        ClientCopy.refuseBody(request);
        return limit.take(request, what);
    }
}
