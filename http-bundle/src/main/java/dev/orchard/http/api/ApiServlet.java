package dev.orchard.http.api;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.naming.Secrets;
import dev.orchard.http.binding.HttpAuthority;
import dev.orchard.http.binding.Refusal;
import dev.orchard.http.binding.Surface;
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
 * A servlet of the API's routes: has the request checked by Orchard's HTTP authority (method, Host, Origin,
 * credential, body type and size; see {@link dev.orchard.http.binding.RequestRules}) before anything reads its body
 * or parameters, finds the route, and turns every failure into an error
 * with its status (JSON {@code {category, message}} for Orchard's API, the message as text for maya's paths, as
 * maya's API server answered). No stack trace ever reaches a client; an unexpected failure is logged and answered
 * 500. What a provider's failure says reaches the client and the log {@linkplain Secrets redacted}.
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
    private final transient HttpAuthority authority;
    // Replaced in place on a configuration change: re-registering the servlet while Jetty restarts can lose it.
    private transient volatile long maxBodyBytes = 1;

    private ApiServlet(String root, List<Route> routes, boolean textErrors, HttpAuthority authority) {
        this.root = root;
        this.routes = List.copyOf(routes);
        this.textErrors = textErrors;
        this.authority = authority;
    }

    /**
     * Orchard's API under {@value #ROOT}.
     *
     * @param endpoints the route table
     * @param authority what checks each request first
     * @return the servlet
     */
    public static ApiServlet orchard(Endpoints endpoints, HttpAuthority authority) {
        return new ApiServlet(ROOT, endpoints.routes(), false, authority);
    }

    /**
     * maya's volume paths under {@value #MAYA_ROOT}.
     *
     * @param maya the route table
     * @param authority what checks each request first
     * @return the servlet
     */
    public static ApiServlet maya(MayaEndpoints maya, HttpAuthority authority) {
        return new ApiServlet(MAYA_ROOT, maya.routes(), true, authority);
    }

    /**
     * Sets the body cap, which a body without a declared length meets as it is read.
     *
     * @param newMaxBodyBytes the largest request body accepted
     */
    public void serve(long newMaxBodyBytes) {
        maxBodyBytes = newMaxBodyBytes;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            Optional<Refusal> refusal = authority.check(request, Surface.API);
            if (refusal.isPresent()) {
                Refusal r = refusal.get();
                if (r.challenge() != null) {
                    response.setHeader("WWW-Authenticate", r.challenge());
                }
                throw new HttpStatusException(r.status(), r.category(), r.message());
            }
            dispatch(request, response, maxBodyBytes);
        } catch (OrchardException e) {
            if (e.category() == OrchardException.Category.UNAVAILABLE) {
                response.setHeader("Retry-After", String.valueOf(ErrorBody.RETRY_AFTER_SECONDS));
            }
            LOG.debug("{} {}: {}", request.getMethod(), request.getRequestURI(), Secrets.redact(e.getMessage()));
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
            LOG.error("{} {} failed", request.getMethod(), request.getRequestURI(), Secrets.redacted(e));
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
        if (route.get().changesStateOnGet() && !authority.authenticates()) {
            throw new HttpStatusException(
                    403,
                    "FORBIDDEN",
                    "GET " + root + path + " changes state, so it is served"
                            + " only with authentication on; with auth=none use DELETE " + root + "/<name>");
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
