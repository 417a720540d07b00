package dev.orchard.kubelet.api;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.http.streaming.StreamLimit;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.eclipse.jetty.ee10.websocket.server.JettyWebSocketServerContainer;

/**
 * {@code /exec/{namespace}/{pod}/{container}}: upgrades the request to a WebSocket with subprotocol
 * {@code v5.channel.k8s.io} or {@code v4.channel.k8s.io} (the client's first choice of the two) and runs the command
 * in an {@link ExecSession}. The upgrade happens here, behind the {@link KubeletGate}, through Jetty's WebSocket
 * container of this server (Felix HTTP's {@code org.apache.felix.jetty.websocket.enable}); a server without it
 * answers 501. Each session holds a slot of the server's {@link StreamLimit} (shared with its logs) from before the
 * upgrade until its command ends (or, if the socket never opens after the upgrade, until the session's open check
 * gives it back): when none is free, the request is refused 503 with Retry-After, not upgraded.
 */
public final class ExecServlet extends KubeletServlet {
    private static final long serialVersionUID = 1L;
    static final String V5 = "v5.channel.k8s.io";
    static final String V4 = "v4.channel.k8s.io";

    private final transient NodeProvider node;
    private final transient StreamLimit streams;

    /**
     * Creates the endpoint.
     *
     * @param node the bridge's provider and node
     * @param streams the server's bound on long-lived streams, shared with its logs
     */
    public ExecServlet(NodeProvider node, StreamLimit streams) {
        this.node = node;
        this.streams = streams;
    }

    @Override
    protected void serve(HttpServletRequest request, HttpServletResponse response, List<String> segments)
            throws IOException {
        ExecRequest exec = ExecRequest.of(require(segments, "namespace", "pod", "container"), request);
        if (!"websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
            throw new InvalidInputException("exec is served over WebSocket only, with subprotocol " + V5 + " or " + V4);
        }
        String protocol = protocol(request.getHeaders("Sec-WebSocket-Protocol"));
        JettyWebSocketServerContainer container = JettyWebSocketServerContainer.getContainer(getServletContext());
        if (container == null) {
            throw new UnsupportedException("this kubelet API server has no WebSocket support, so exec cannot run;"
                    + " install Jetty's WebSocket bundles from the bridge's deploy folder");
        }
        // Taken before the upgrade, so the bound refuses before any 101; the session gives it back when it ends, or
        // when
        // its socket never opens (upgrade() is true once the 101 starts, even if writing it then fails).
        StreamLimit.Slot slot =
                streams.take(request, "an exec in " + exec.namespace() + "/" + exec.pod() + "/" + exec.container());
        boolean upgraded = false;
        try {
            upgraded = container.upgrade(
                    (upgrade, answer) -> {
                        answer.setAcceptedSubProtocol(protocol);
                        return new ExecSession(node, exec, protocol.equals(V5), slot);
                    },
                    request,
                    response);
        } finally {
            if (!upgraded) {
                slot.close();
            }
        }
        if (!upgraded && !response.isCommitted()) {
            text(response, HttpServletResponse.SC_BAD_REQUEST, "the WebSocket upgrade was refused");
        }
    }

    private static String protocol(java.util.Enumeration<String> headers) {
        while (headers != null && headers.hasMoreElements()) {
            for (String offered : headers.nextElement().split(",")) {
                String p = offered.strip();
                if (p.equals(V5) || p.equals(V4)) {
                    return p;
                }
            }
        }
        throw new InvalidInputException("exec needs the WebSocket subprotocol " + V5 + " or " + V4
                + " (Sec-WebSocket-Protocol); the older channel protocols are not served");
    }
}
