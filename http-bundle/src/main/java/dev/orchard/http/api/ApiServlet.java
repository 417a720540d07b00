package dev.orchard.http.api;

import dev.orchard.api.error.OrchardException;
import dev.orchard.http.binding.TokenState;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A servlet of the API's routes: checks the bearer token, finds the route, and turns every failure into an error
 * with its status (JSON {@code {category, message}} for Orchard's API, the message as text for maya's paths, as
 * maya's API server answered). No stack trace ever reaches a client; an unexpected failure is logged and answered
 * 500.
 */
public final class ApiServlet extends HttpServlet {
    /** The path the API is served under. */
    public static final String ROOT = "/orchard/api/v1";
    /** The path maya's volume API is served under. */
    public static final String MAYA_ROOT = "/latest/volumes";

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ApiServlet.class);

    private final String root;
    private final transient List<Route> routes;
    private final boolean textErrors;
    private final transient Json json = new Json();
    // Replaced in place on a configuration change: re-registering the servlet while Jetty restarts can lose it.
    private transient volatile Access access = new Access(1, TokenState.NONE, "the HTTP API is not configured yet");

    /**
     * What a request must bring and may send: the body cap and the token, or why nothing is served.
     *
     * @param maxBodyBytes the largest request body accepted
     * @param token the bearer token every request must send, if one is configured
     * @param failure why every request is answered 503; null when the API serves
     */
    private record Access(long maxBodyBytes, TokenState token, String failure) {}

    private ApiServlet(String root, List<Route> routes, boolean textErrors) {
        this.root = root;
        this.routes = List.copyOf(routes);
        this.textErrors = textErrors;
    }

    /**
     * Orchard's API under {@value #ROOT}; it answers 503 until {@link #serve} or after {@link #fail}.
     *
     * @param endpoints the route table
     * @return the servlet
     */
    public static ApiServlet orchard(Endpoints endpoints) {
        return new ApiServlet(ROOT, endpoints.routes(), false);
    }

    /**
     * maya's volume paths under {@value #MAYA_ROOT}; it answers 503 until {@link #serve} or after {@link #fail}.
     *
     * @param maya the route table
     * @return the servlet
     */
    public static ApiServlet maya(MayaEndpoints maya) {
        return new ApiServlet(MAYA_ROOT, maya.routes(), true);
    }

    /**
     * Serves, with a body cap and a token.
     *
     * @param maxBodyBytes the largest request body accepted
     * @param token the bearer token every request must send, if one is configured
     */
    public void serve(long maxBodyBytes, TokenState token) {
        access = new Access(maxBodyBytes, token, null);
    }

    /**
     * Answers every request 503 with a reason, for a configuration that cannot be used.
     *
     * @param reason what is wrong with the configuration
     */
    public void fail(String reason) {
        access = new Access(1, TokenState.NONE, reason);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Access now = access;
        try {
            if (now.failure() != null) {
                throw new HttpStatusException(503, OrchardException.Category.UNAVAILABLE.name(), now.failure());
            }
            if (!now.token().admits(request.getHeader("Authorization"))) {
                response.setHeader("WWW-Authenticate", "Bearer realm=\"orchard\"");
                throw new HttpStatusException(
                        401, "UNAUTHORIZED", "this API needs the header Authorization: Bearer <token>");
            }
            dispatch(request, response, now.maxBodyBytes());
        } catch (OrchardException e) {
            if (e.category() == OrchardException.Category.UNAVAILABLE) {
                response.setHeader("Retry-After", String.valueOf(ErrorBody.RETRY_AFTER_SECONDS));
            }
            LOG.debug("{} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
            error(response, e.category().httpStatus(), ErrorBody.of(e));
        } catch (HttpStatusException e) {
            if (e.allow() != null) {
                response.setHeader("Allow", e.allow());
            }
            if (e.status() == 503) {
                response.setHeader("Retry-After", String.valueOf(ErrorBody.RETRY_AFTER_SECONDS));
            }
            error(response, e.status(), new ErrorBody(e.category(), e.getMessage()));
        } catch (RuntimeException e) {
            LOG.error("{} {} failed", request.getMethod(), request.getRequestURI(), e);
            error(response, 500, new ErrorBody("INTERNAL", "the request failed inside Orchard; see the runtime's log"));
        }
    }

    private void dispatch(HttpServletRequest request, HttpServletResponse response, long maxBodyBytes)
            throws IOException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        List<String> segments = Route.segments(path);
        List<Route> matching =
                routes.stream().filter(r -> r.match(segments).isPresent()).toList();
        if (matching.isEmpty()) {
            throw new HttpStatusException(
                    404, "NOT_FOUND", "no endpoint " + root + path + "; " + ROOT + "/openapi.json lists Orchard's");
        }
        String method = request.getMethod();
        Optional<Route> route =
                matching.stream().filter(r -> r.method().equals(method)).findFirst();
        if (route.isEmpty()) {
            String allow = matching.stream().map(Route::method).distinct().collect(Collectors.joining(", "));
            throw new HttpStatusException(
                    405, "INVALID_INPUT", method + " is not served at " + root + path + "; it serves " + allow, allow);
        }
        Map<String, String> params = route.get().match(segments).orElseThrow();
        route.get().handler().handle(new Exchange(request, response, json, maxBodyBytes, params));
    }

    private void error(HttpServletResponse response, int status, ErrorBody body) throws IOException {
        if (response.isCommitted()) {
            // A stream already started: the client has its status; the error can only end the stream.
            LOG.debug("Ending a started response after: {}", body.message());
            return;
        }
        response.resetBuffer();
        response.setStatus(status);
        response.setCharacterEncoding("UTF-8");
        try (OutputStream out = response.getOutputStream()) {
            if (textErrors) {
                response.setContentType("text/plain");
                out.write(body.message().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } else {
                response.setContentType("application/json");
                json.write(out, body);
            }
        }
    }
}
