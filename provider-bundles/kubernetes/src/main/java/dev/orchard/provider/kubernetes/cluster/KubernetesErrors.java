package dev.orchard.provider.kubernetes.cluster;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Secrets;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;

/**
 * Turns what the API server or the connection to it answered into Orchard's error categories: 404 NotFound, 409
 * AlreadyExists, 400 and 422 InvalidInput with the server's message, 5xx, 429, timeouts and refused connections
 * Unavailable (retryable), and 401 and 403 a provider fault that names the permission its account lacks.
 */
public final class KubernetesErrors {
    private KubernetesErrors() {}

    /**
     * Maps a failure of a request.
     *
     * @param action the request that failed
     * @param server where the API server is, for messages
     * @param failure what the client threw
     * @return the Orchard exception to throw, with a redacted copy of the failure as its cause ({@link
     *     Secrets#redacted}): its message and stack trace may be logged
     */
    public static OrchardException map(ClusterAction action, String server, Throwable failure) {
        if (failure instanceof OrchardException o) {
            return o;
        }
        return map(action, Secrets.redactUrl(server), failure, Secrets.redacted(failure));
    }

    // The original failure decides the category; only its redacted copy is kept, as the cause.
    private static OrchardException map(ClusterAction action, String server, Throwable failure, Throwable cause) {
        int code = failure instanceof KubernetesClientException k ? k.getCode() : 0;
        // The client's messages name the request's URL (with whatever user information it holds), and a server's
        // may echo what it was sent: both are redacted before they become part of a message.
        String said = Secrets.redact(serverMessage(failure));
        return switch (code) {
            case 404 -> new NotFoundException(action + ": not found (" + said + ")");
            case 409 -> new AlreadyExistsException(action + ": it exists already (" + said + ")");
            case 400, 422 -> new InvalidInputException("the API server refused to " + action + ": " + said);
            case 401 ->
                new ProviderFaultException(
                        "the API server at " + server + " refused the provider's"
                                + " credentials (401 Unauthorized) to " + action
                                + ": check the token or the kubeconfig's user",
                        cause);
            case 403 ->
                new ProviderFaultException(
                        "the provider's account may not " + action + " (403 Forbidden):"
                                + " grant it the verb " + action.verb() + " on " + action.resource()
                                + (action.namespace().isEmpty()
                                        ? " (cluster-wide)"
                                        : " in namespace " + action.namespace())
                                + " with an RBAC Role or ClusterRole; the API server said: " + said,
                        cause);
            case 429 ->
                new UnavailableException(
                        "the API server at " + server + " is throttling requests (429) to " + action + "; retry later",
                        cause);
            default ->
                code >= 500
                        ? new UnavailableException(
                                "the API server at " + server + " failed to " + action + " (" + code + "): " + said
                                        + "; retry later",
                                cause)
                        : unreachableOrFault(action, server, failure, cause, said);
        };
    }

    private static OrchardException unreachableOrFault(
            ClusterAction action, String server, Throwable failure, Throwable cause, String said) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConnectException
                    || t instanceof InterruptedIOException
                    || t instanceof TimeoutException
                    || t instanceof KubernetesClientTimeoutException
                    || t instanceof IOException) {
                return new UnavailableException(
                        "the API server at " + server + " could not be reached to " + action + " ("
                                + Secrets.redact(t.toString()) + "); retry when it is back",
                        cause);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return new ProviderFaultException("the provider failed to " + action + ": " + said, cause);
    }

    // The server's own words where it sent a Status, else the client's message; never a request's headers.
    private static String serverMessage(Throwable failure) {
        if (failure instanceof KubernetesClientException k) {
            Status status = k.getStatus();
            if (status != null
                    && status.getMessage() != null
                    && !status.getMessage().isBlank()) {
                return status.getMessage();
            }
        }
        return String.valueOf(failure.getMessage());
    }
}
