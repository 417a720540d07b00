package dev.orchard.runtime.leaky;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * A pod provider whose every failure carries a secret, as a provider that words its backend's answer does: an
 * Orchard error with a URL password and an Authorization header, plain runtime exceptions with a key and its value,
 * and a checked exception thrown sneakily. Packed into a bundle by {@code SecretsNeverShownIT}; not part of any
 * runtime.
 */
public final class LeakyProvider implements PodProvider {
    private final String secret;

    LeakyProvider(String secret) {
        this.secret = secret;
    }

    @Override
    public List<Pod> getPods() {
        throw new UnavailableException("the backend at https://ops:p@" + secret
                + "@127.0.0.9:6443/api did not answer; it was sent Authorization: bearer " + secret);
    }

    @Override
    public Pod getPod(String namespace, String name) {
        throw new IllegalStateException("the backend refused oauthToken: " + secret);
    }

    @Override
    public Node configureNode(Node node) {
        return sneaky(new IOException("the backend's login failed; keyPassword=" + secret));
    }

    @Override
    public StatsSummary getStatsSummary() {
        throw new IllegalStateException("the backend's stats need secretKey: " + secret);
    }

    @Override
    public void createPod(Pod pod) {
        getPods();
    }

    @Override
    public void updatePod(Pod pod) {
        getPods();
    }

    @Override
    public void deletePod(String namespace, String name) {
        getPods();
    }

    @Override
    public PodStatus getPodStatus(String namespace, String name) {
        throw new IllegalStateException("the backend refused access_token=" + secret);
    }

    @Override
    public InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options) {
        throw new IllegalStateException("the backend refused clientSecret: " + secret);
    }

    @Override
    public int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io) {
        throw new IllegalStateException("the backend refused apiKey=" + secret);
    }

    // A checked exception from a method that declares none, as a library compiled in another language may throw.
    @SuppressWarnings("unchecked")
    private static <R, T extends Throwable> R sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
