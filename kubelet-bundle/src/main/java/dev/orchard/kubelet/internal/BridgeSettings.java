package dev.orchard.kubelet.internal;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.TaintEffect;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.api.registry.CallDeadline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What one bridge is: its node's name, labels and taints, the pod provider it drives, how often it renews its lease
 * and writes status, and what becomes of its node when it stops. Immutable; the cluster connection is apart, in the
 * Kubernetes provider's {@code ClusterSettings}.
 *
 * @param nodeName the node's name in the cluster
 * @param provider the pod provider's name in the registry
 * @param labels the node's labels, the bridge's own included
 * @param taints the node's taints
 * @param removeOnStop whether the node is deleted when the bridge stops (else it is left NotReady)
 * @param leaseInterval how often the Lease is renewed
 * @param statusInterval how often the node status is written and pod statuses polled
 * @param callDeadline how long a call to the provider may take, for the kubelet API and the pods' sync
 */
public record BridgeSettings(
        String nodeName,
        String provider,
        Map<String, String> labels,
        List<Taint> taints,
        boolean removeOnStop,
        Duration leaseInterval,
        Duration statusInterval,
        CallDeadline callDeadline) {

    /** The configuration keys. */
    public static final String NODE_NAME = "node.name";
    /** The provider's name. */
    public static final String PROVIDER = "provider";
    /** More node labels. */
    public static final String NODE_LABELS = "node.labels";
    /** The node's taints. */
    public static final String NODE_TAINTS = "node.taints";
    /** What becomes of the node on stop. */
    public static final String NODE_ON_STOP = "node.on.stop";
    /** The lease renewal interval. */
    public static final String LEASE_INTERVAL_MS = "lease.interval.ms";
    /** The status interval. */
    public static final String STATUS_INTERVAL_MS = "status.interval.ms";
    /** The deadline of calls to the provider. */
    public static final String CALL_TIMEOUT_MS = "call.timeout.ms";
    /** The taint key virtual-kubelet puts on its nodes, with the provider as value. */
    public static final String PROVIDER_TAINT = "virtual-kubelet.io/provider";

    // A DNS-1123 subdomain, what a node name must be.
    private static final Pattern SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    /** Checks the components and copies the collections. */
    public BridgeSettings {
        if (nodeName == null
                || nodeName.length() > 253
                || !SUBDOMAIN.matcher(nodeName).matches()) {
            throw new InvalidInputException(
                    "configuration key " + NODE_NAME + " " + Names.quote(nodeName)
                            + " must be a DNS-1123 subdomain (lower case letters, digits, '-' and '.'), at most 253 characters");
        }
        Names.requireDns1123Label("configuration key " + PROVIDER, provider);
        labels = Map.copyOf(labels);
        taints = List.copyOf(taints);
        Objects.requireNonNull(leaseInterval, "leaseInterval");
        Objects.requireNonNull(statusInterval, "statusInterval");
        Objects.requireNonNull(callDeadline, "callDeadline");
    }

    /**
     * Reads the settings of a bridge's configuration.
     *
     * @param config the configuration, whose annotation is {@link KubeletConfiguration}
     * @param defaultProvider the registry's default provider name, for an empty {@code provider}
     * @return the settings
     * @throws InvalidInputException naming the key whose value is not usable
     */
    public static BridgeSettings from(ProviderConfiguration config, String defaultProvider) {
        String node = config.text(NODE_NAME);
        String provider = config.text(PROVIDER).isEmpty() ? defaultProvider : config.text(PROVIDER);
        Map<String, String> labels = new LinkedHashMap<>(pairs(NODE_LABELS, config.text(NODE_LABELS)));
        labels.put("type", "virtual-kubelet");
        labels.put("kubernetes.io/role", "agent");
        labels.put("kubernetes.io/hostname", node.isEmpty() ? config.rawName() : node);
        String onStop = config.text(NODE_ON_STOP);
        if (!onStop.equals("not-ready") && !onStop.equals("remove")) {
            throw new InvalidInputException(
                    "configuration key " + NODE_ON_STOP + " " + Names.quote(onStop) + " must be not-ready or remove");
        }
        String nodeName = node.isEmpty() ? config.rawName() : node;
        return new BridgeSettings(
                nodeName,
                provider,
                labels,
                taints(config.text(NODE_TAINTS), provider),
                onStop.equals("remove"),
                Duration.ofMillis(config.count(LEASE_INTERVAL_MS)),
                Duration.ofMillis(config.count(STATUS_INTERVAL_MS)),
                CallDeadline.ofMillis(
                        config.count(CALL_TIMEOUT_MS),
                        CALL_TIMEOUT_MS + " in the kubelet bridge's configuration dev.orchard.kubelet~... of node "
                                + Names.quote(nodeName)));
    }

    /**
     * One node taint.
     *
     * @param key the key
     * @param value the value, possibly empty
     * @param effect the effect
     */
    public record Taint(String key, String value, TaintEffect effect) {
        /** Checks the components. */
        public Taint {
            Objects.requireNonNull(key, "key");
            value = value == null ? "" : value;
            Objects.requireNonNull(effect, "effect");
        }
    }

    private static List<Taint> taints(String text, String provider) {
        if (text.isEmpty()) {
            return List.of(new Taint(PROVIDER_TAINT, provider, TaintEffect.NO_SCHEDULE));
        }
        if (text.equals("none")) {
            return List.of();
        }
        List<Taint> out = new ArrayList<>();
        for (String one : text.split(",")) {
            String t = one.trim();
            int colon = t.lastIndexOf(':');
            TaintEffect effect = colon < 0 ? null : effect(t.substring(colon + 1));
            if (effect == null) {
                throw new InvalidInputException("configuration key " + NODE_TAINTS + " taint " + Names.quote(t)
                        + " must be key=value:Effect, with Effect NoSchedule, PreferNoSchedule or NoExecute");
            }
            String kv = t.substring(0, colon);
            int eq = kv.indexOf('=');
            out.add(new Taint(eq < 0 ? kv : kv.substring(0, eq), eq < 0 ? "" : kv.substring(eq + 1), effect));
        }
        return out;
    }

    /**
     * The name Kubernetes gives a taint effect.
     *
     * @param effect the effect
     * @return NoSchedule, PreferNoSchedule or NoExecute
     */
    public static String effectName(TaintEffect effect) {
        return switch (effect) {
            case NO_SCHEDULE -> "NoSchedule";
            case PREFER_NO_SCHEDULE -> "PreferNoSchedule";
            case NO_EXECUTE -> "NoExecute";
        };
    }

    private static TaintEffect effect(String name) {
        for (TaintEffect e : TaintEffect.values()) {
            if (effectName(e).equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static Map<String, String> pairs(String key, String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text.isEmpty()) {
            return out;
        }
        for (String one : text.split(",")) {
            int eq = one.indexOf('=');
            if (eq <= 0) {
                throw new InvalidInputException(
                        "configuration key " + key + " entry " + Names.quote(one.trim()) + " must be key=value");
            }
            out.put(one.substring(0, eq).trim(), one.substring(eq + 1).trim());
        }
        return out;
    }
}
