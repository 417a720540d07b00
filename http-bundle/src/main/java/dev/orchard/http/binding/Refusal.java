package dev.orchard.http.binding;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Why a request is refused before anything serves it: a status, an error category as the API's errors carry, a
 * message saying what to change, and the challenge to send with a 401.
 *
 * @param status the HTTP status (401, 403, 405, 413 or 415)
 * @param category e.g. {@code UNAUTHORIZED}, {@code FORBIDDEN}
 * @param message what was wrong and what is allowed; never a secret
 * @param challenge the {@code WWW-Authenticate} value for a 401; null otherwise
 */
public record Refusal(int status, String category, String message, String challenge) {
    /**
     * Answers with this refusal as the API's JSON error body {@code {"category","message"}}.
     *
     * @param response the response, not committed
     * @throws IOException if it cannot be written
     */
    public void send(HttpServletResponse response) throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        if (challenge != null) {
            response.setHeader("WWW-Authenticate", challenge);
        }
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try (OutputStream out = response.getOutputStream()) {
            out.write(json().getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * This refusal as the API's JSON error body.
     *
     * @return {@code {"category":...,"message":...}}
     */
    public String json() {
        return "{\"category\":" + quote(category) + ",\"message\":" + quote(message) + "}";
    }

    private static String quote(String text) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
