package dev.orchard.kubelet.api;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every kubelet API endpoint shares: GET only, the path split into its segments, and Orchard's errors answered
 * as plain text with their category's status (404, 400, 409, 503 with Retry-After, 501, 500), as the kubelet answers
 * in text.
 */
public abstract class KubeletServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(KubeletServlet.class);
    /** Seconds a client should wait before retrying an unavailable endpoint ({@code Retry-After} of a 503). */
    static final int RETRY_AFTER_SECONDS = 5;

    /**
     * Answers a request whose method the endpoint accepts.
     *
     * @param request the request
     * @param response the response
     * @param segments the path's segments after the servlet's own, decoded
     * @throws IOException if the client goes
     */
    protected abstract void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        handle(request, response);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        // kubectl exec without a WebSocket uses POST; the kubelet takes GET and POST alike on its streaming paths.
        handle(request, response);
    }

    private void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String info = request.getPathInfo();
        List<String> segments = info == null || info.equals("/")
                ? List.of()
                : List.of(info.substring(1).split("/", -1));
        try {
            serve(request, response, segments);
        } catch (OrchardException e) {
            LOG.debug("Kubelet API {} failed: {}", request.getRequestURI(), Secrets.redact(e.getMessage()));
            if (!response.isCommitted()) {
                if (e.category() == OrchardException.Category.UNAVAILABLE) {
                    response.setHeader("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
                }
                text(response, e.category().httpStatus(), Secrets.redact(e.getMessage()));
            }
        }
    }

    /**
     * The path's segments, exactly as many as the endpoint takes.
     *
     * @param segments the segments
     * @param names what each one is, for the message
     * @return the segments
     * @throws InvalidInputException if there are more or fewer, or one is empty
     */
    static List<String> require(List<String> segments, String... names) {
        if (segments.size() != names.length || segments.stream().anyMatch(String::isEmpty)) {
            throw new InvalidInputException("the path must end in /"
                    + String.join(
                            "/", List.of(names).stream().map(n -> "{" + n + "}").toList()) + ", got /"
                    + String.join("/", segments));
        }
        return segments;
    }

    /**
     * Writes a plain-text answer.
     *
     * @param response the response
     * @param status the status
     * @param text the text, a newline added
     * @throws IOException if the client goes
     */
    static void text(HttpServletResponse response, int status, String text) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        response.getOutputStream().write((text + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
