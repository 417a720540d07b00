package dev.orchard.http.api;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One endpoint: a method, a path pattern below the API root with {@code {name}} segments, and what handles it.
 *
 * @param method the HTTP method
 * @param pattern e.g. {@code /orchestrators/{name}/volumes/{namespace}/{volume}}
 * @param handler what answers it
 * @param changesStateOnGet whether it is a GET that changes state (maya 0.5's delete), served only to a request
 *     that authenticated
 */
record Route(String method, String pattern, Handler handler, boolean changesStateOnGet) {
    /**
     * An endpoint whose GET, if it is one, changes nothing.
     *
     * @param method the HTTP method
     * @param pattern the path pattern
     * @param handler what answers it
     */
    Route(String method, String pattern, Handler handler) {
        this(method, pattern, handler, false);
    }

    /** Answers one request. */
    @FunctionalInterface
    interface Handler {
        /**
         * Answers.
         *
         * @param exchange the request and its response
         * @throws IOException if the response cannot be written
         */
        void handle(Exchange exchange) throws IOException;
    }

    /**
     * The path parameters, if a path matches the pattern.
     *
     * @param segments the path's segments, decoded
     * @return the parameters by name, or empty if it does not match
     */
    Optional<Map<String, String>> match(List<String> segments) {
        List<String> parts = segments(pattern);
        if (parts.size() != segments.size()) {
            return Optional.empty();
        }
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            if (part.startsWith("{") && part.endsWith("}")) {
                params.put(part.substring(1, part.length() - 1), segments.get(i));
            } else if (!part.equals(segments.get(i))) {
                return Optional.empty();
            }
        }
        return Optional.of(params);
    }

    /**
     * The segments of a path: {@code /a/b/} gives [a, b].
     *
     * @param path the path
     * @return its non-empty segments
     */
    static List<String> segments(String path) {
        return java.util.Arrays.stream(path.split("/"))
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
