package dev.orchard.provider.kubernetes.mapping;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerPort;
import dev.orchard.api.pod.EnvKeyRef;
import dev.orchard.api.pod.ExecAction;
import dev.orchard.api.pod.HttpGetAction;
import dev.orchard.api.pod.Probe;
import dev.orchard.api.pod.Protocol;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.TcpSocketAction;
import dev.orchard.api.pod.VolumeMount;
import io.fabric8.kubernetes.api.model.ConfigMapKeySelector;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.TCPSocketAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One container as Kubernetes writes it, and back: command, arguments, environment (literal values, sorted by
 * name, then values from keys), working folder, mounts, requests and limits, ports and probes.
 */
public final class ContainerManifest {
    private ContainerManifest() {}

    /**
     * The Kubernetes container of an Orchard container.
     *
     * @param c the Orchard container
     * @return the Kubernetes container
     * @throws InvalidInputException if it has no image, which Kubernetes needs
     */
    public static io.fabric8.kubernetes.api.model.Container toKubernetes(Container c) {
        if (c.image().isBlank()) {
            throw new InvalidInputException(
                    "container " + Names.quote(c.name()) + " has no image; a Kubernetes cluster runs images only");
        }
        List<EnvVar> env = new ArrayList<>();
        new TreeMap<>(c.env()).forEach((k, v) -> env.add(new EnvVar(k, v, null)));
        new TreeMap<>(c.envKeyRefs()).forEach((k, ref) -> env.add(new EnvVar(k, null, source(ref))));
        ContainerBuilder b = new ContainerBuilder()
                .withName(c.name())
                .withImage(c.image())
                .withCommand(c.command().isEmpty() ? null : c.command())
                .withArgs(c.args().isEmpty() ? null : c.args())
                .withEnv(env.isEmpty() ? null : env)
                .withWorkingDir(c.workingDir().isEmpty() ? null : c.workingDir())
                .withResources(new ResourceRequirements(null, quantities(c.limits()), quantities(c.requests())));
        for (VolumeMount m : c.volumeMounts()) {
            b.addNewVolumeMount()
                    .withName(m.name())
                    .withMountPath(m.mountPath())
                    .withReadOnly(m.readOnly() ? Boolean.TRUE : null)
                    .endVolumeMount();
        }
        for (ContainerPort p : c.ports()) {
            b.addNewPort()
                    .withName(p.name().isEmpty() ? null : p.name())
                    .withContainerPort(p.containerPort())
                    .withProtocol(p.protocol().name())
                    .endPort();
        }
        b.withLivenessProbe(probe(c.livenessProbe())).withReadinessProbe(probe(c.readinessProbe()));
        return b.build();
    }

    /**
     * The Orchard container of a Kubernetes container.
     *
     * @param c the Kubernetes container
     * @return the Orchard container
     * @throws InvalidInputException if it uses what Orchard's model cannot hold
     */
    public static Container toOrchard(io.fabric8.kubernetes.api.model.Container c) {
        Map<String, String> env = new HashMap<>();
        Map<String, EnvKeyRef> refs = new HashMap<>();
        for (EnvVar e : nonNull(c.getEnv())) {
            if (e.getValueFrom() == null) {
                env.put(e.getName(), e.getValue() == null ? "" : e.getValue());
            } else {
                refs.put(e.getName(), keyRef(e.getName(), e.getValueFrom()));
            }
        }
        List<VolumeMount> mounts = new ArrayList<>();
        for (var m : nonNull(c.getVolumeMounts())) {
            mounts.add(new VolumeMount(m.getName(), m.getMountPath(), Boolean.TRUE.equals(m.getReadOnly())));
        }
        List<ContainerPort> ports = new ArrayList<>();
        for (var p : nonNull(c.getPorts())) {
            ports.add(new ContainerPort(
                    p.getName(),
                    p.getContainerPort() == null ? 0 : p.getContainerPort(),
                    p.getProtocol() == null
                            ? Protocol.TCP
                            : Protocol.valueOf(p.getProtocol().toUpperCase(Locale.ROOT))));
        }
        ResourceRequirements res = c.getResources();
        return new Container(
                c.getName(),
                c.getImage(),
                c.getCommand(),
                c.getArgs(),
                env,
                c.getWorkingDir(),
                mounts,
                resources(res == null ? null : res.getRequests()),
                resources(res == null ? null : res.getLimits()),
                ports,
                refs,
                probe(c.getLivenessProbe()),
                probe(c.getReadinessProbe()));
    }

    private static EnvVarSource source(EnvKeyRef ref) {
        EnvVarSource s = new EnvVarSource();
        if (ref.source() == EnvKeyRef.Source.SECRET) {
            s.setSecretKeyRef(new SecretKeySelector(ref.key(), ref.objectName(), ref.optional() ? Boolean.TRUE : null));
        } else {
            s.setConfigMapKeyRef(
                    new ConfigMapKeySelector(ref.key(), ref.objectName(), ref.optional() ? Boolean.TRUE : null));
        }
        return s;
    }

    private static EnvKeyRef keyRef(String variable, EnvVarSource s) {
        if (s.getSecretKeyRef() != null) {
            SecretKeySelector k = s.getSecretKeyRef();
            return new EnvKeyRef(
                    EnvKeyRef.Source.SECRET, k.getName(), k.getKey(), Boolean.TRUE.equals(k.getOptional()));
        }
        if (s.getConfigMapKeyRef() != null) {
            ConfigMapKeySelector k = s.getConfigMapKeyRef();
            return new EnvKeyRef(
                    EnvKeyRef.Source.CONFIG_MAP, k.getName(), k.getKey(), Boolean.TRUE.equals(k.getOptional()));
        }
        throw new InvalidInputException("environment variable " + Names.quote(variable)
                + " takes its value from a field or resource, which Orchard's pod model does not hold");
    }

    private static Map<String, Quantity> quantities(Resources r) {
        Map<String, Quantity> out = new TreeMap<>();
        if (r.cpuMillis() > 0) {
            out.put("cpu", Quantities.ofMillicores(r.cpuMillis()));
        }
        if (r.memoryBytes() > 0) {
            out.put("memory", Quantities.ofBytes(r.memoryBytes()));
        }
        return out.isEmpty() ? null : out;
    }

    private static Resources resources(Map<String, Quantity> q) {
        if (q == null) {
            return Resources.NONE;
        }
        return new Resources(
                Quantities.millicores("cpu", q.get("cpu")), Quantities.bytes("memory", q.get("memory")), 0);
    }

    private static io.fabric8.kubernetes.api.model.Probe probe(Probe p) {
        if (p == null) {
            return null;
        }
        io.fabric8.kubernetes.api.model.Probe k = new io.fabric8.kubernetes.api.model.Probe();
        k.setInitialDelaySeconds(p.initialDelaySeconds());
        k.setPeriodSeconds(p.periodSeconds());
        k.setTimeoutSeconds(p.timeoutSeconds());
        k.setSuccessThreshold(p.successThreshold());
        k.setFailureThreshold(p.failureThreshold());
        if (p.action() instanceof ExecAction e) {
            k.setExec(new io.fabric8.kubernetes.api.model.ExecAction(e.command()));
        } else if (p.action() instanceof HttpGetAction h) {
            k.setHttpGet(
                    new HTTPGetAction(null, null, h.path(), new IntOrString(h.port()), h.https() ? "HTTPS" : "HTTP"));
        } else if (p.action() instanceof TcpSocketAction t) {
            k.setTcpSocket(new TCPSocketAction(null, new IntOrString(t.port())));
        }
        return k;
    }

    private static Probe probe(io.fabric8.kubernetes.api.model.Probe k) {
        if (k == null) {
            return null;
        }
        dev.orchard.api.pod.ProbeAction action;
        if (k.getExec() != null) {
            action = new ExecAction(k.getExec().getCommand());
        } else if (k.getHttpGet() != null) {
            HTTPGetAction h = k.getHttpGet();
            action = new HttpGetAction(h.getPath(), port(h.getPort()), "HTTPS".equalsIgnoreCase(h.getScheme()));
        } else if (k.getTcpSocket() != null) {
            action = new TcpSocketAction(port(k.getTcpSocket().getPort()));
        } else {
            throw new InvalidInputException("a probe of a kind Orchard's pod model does not hold (gRPC)");
        }
        return new Probe(
                action,
                orDefault(k.getInitialDelaySeconds(), 0),
                orDefault(k.getPeriodSeconds(), 10),
                orDefault(k.getTimeoutSeconds(), 1),
                orDefault(k.getSuccessThreshold(), 1),
                orDefault(k.getFailureThreshold(), 3));
    }

    private static int port(IntOrString port) {
        if (port == null || port.getIntVal() == null) {
            throw new InvalidInputException("probe port " + port + " is a name; Orchard's pod model holds numbers");
        }
        return port.getIntVal();
    }

    private static int orDefault(Integer value, int byDefault) {
        return value == null ? byDefault : value;
    }

    public static <T> List<T> nonNull(List<T> list) {
        return list == null ? List.of() : list;
    }
}
