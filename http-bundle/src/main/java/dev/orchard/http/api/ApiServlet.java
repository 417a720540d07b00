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
 * The API's servlet: checks the bearer token, finds the route, and turns every failure into a JSON error with its
 * status. No stack trace ever reaches a client; an unexpected failure is logged and answered 500.
 */
public final class ApiServlet extends HttpServlet {
    /** The path the API is served under. */
    public static final String ROOT = "/orchard/api/v1";

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ApiServlet.class);

    private final transient Endpoints endpoints;
    private final transient TokenState token;
    private final transient Json json = new Json();
    private final String failure;

    /**
     * Serves the endpoints.
     *
     * @param endpoints the route table
     * @param token the bearer token every request must send, if one is configured
     */
    public ApiServlet(Endpoints endpoints, TokenState token) {
        this(endpoints, token, null);
    }

    private ApiServlet(Endpoints endpoints, TokenState token, String failure) {
        this.endpoints = endpoints;
        this.token = token;
        this.failure = failure;
    }

    /**
     * A servlet that answers every request 503 with a reason, for a configuration that cannot be used.
     *
     * @param reason what is wrong with the configuration
     * @return the servlet
     */
    public static ApiServlet failing(String reason) {
        return new ApiServlet(null, TokenState.NONE, reason);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            if (failure != null) {
                throw new HttpStatusException(503, OrchardException.Category.UNAVAILABLE.name(), failure);
            }
            if (!token.admits(request.getHeader("Authorization"))) {
                response.setHeader("WWW-Authenticate", "Bearer realm=\"orchard\"");
                throw new HttpStatusException(
                        401, "UNAUTHORIZED", "this API needs the header Authorization: Bearer <token>");
            }
            dispatch(request, response);
        } catch (OrchardException e) {
            if (e.category() == OrchardException.Category.UNAVAILABLE) {
                response.setHeader("Retry-After", String.valueOf(ErrorBody.RETRY_AFTER_SECONDS));
            }
            LOG.debug("{} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
            error(response, ErrorBody.status(e.category()), ErrorBody.of(e));
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

    private void dispatch(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        List<String> segments = Route.segments(path);
        List<Route> matching = endpoints.routes().stream()
                .filter(r -> r.match(segments).isPresent())
                .toList();
        if (matching.isEmpty()) {
            throw new HttpStatusException(
                    404, "NOT_FOUND", "no endpoint " + ROOT + path + "; " + ROOT + "/openapi.json lists them");
        }
        String method = request.getMethod();
        Optional<Route> route =
                matching.stream().filter(r -> r.method().equals(method)).findFirst();
        if (route.isEmpty()) {
            String allow = matching.stream().map(Route::method).distinct().collect(Collectors.joining(", "));
            throw new HttpStatusException(
                    405, "INVALID_INPUT", method + " is not served at " + ROOT + path + "; it serves " + allow, allow);
        }
        Map<String, String> params = route.get().match(segments).orElseThrow();
        route.get().handler().handle(new Exchange(request, response, json, endpoints.maxBodyBytes(), params));
    }

    private void error(HttpServletResponse response, int status, ErrorBody body) throws IOException {
        if (response.isCommitted()) {
            // A stream already started: the client has its status; the error can only end the stream.
            LOG.debug("Ending a started response after: {}", body.message());
            return;
        }
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try (OutputStream out = response.getOutputStream()) {
            json.write(out, body);
        }
    }
}
