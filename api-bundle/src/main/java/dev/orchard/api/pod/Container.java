package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A container of a pod. Immutable.
 *
 * @param name the container name, a DNS-1123 label unique in the pod
 * @param image the image reference; recorded, and pulled only by providers that run images
 * @param command the entry point; never null, may be empty for the image's default
 * @param args the arguments; never null
 * @param env environment variables with literal values, names as C identifiers; never null
 * @param workingDir the working directory, or empty for the provider's default
 * @param volumeMounts the volumes the container sees; never null
 * @param requests the resources the container asks for; never null
 * @param limits the most resources the container may use, 0 in a dimension for no limit; never null. Since 1.1.
 * @param ports the ports it listens on, with unique numbers per protocol and unique names; never null. Since 1.1.
 * @param envKeyRefs environment variables whose values come from config map or secret keys, by variable name; no
 *     name also in {@code env}; never null. Since 1.1.
 * @param livenessProbe restarts the container when it fails, or null for none. Since 1.1.
 * @param readinessProbe decides whether the container is ready, or null for none. Since 1.1.
 */
public record Container(
        String name,
        String image,
        List<String> command,
        List<String> args,
        Map<String, String> env,
        String workingDir,
        List<VolumeMount> volumeMounts,
        Resources requests,
        Resources limits,
        List<ContainerPort> ports,
        Map<String, EnvKeyRef> envKeyRefs,
        Probe livenessProbe,
        Probe readinessProbe) {

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Validates the container and copies its collections. */
    public Container {
        Names.requireDns1123Label("container name", name);
        image = image == null ? "" : image;
        command = copyStrings("command", command);
        args = copyStrings("args", args);
        env = copyEnv(name, env);
        envKeyRefs = copyEnvKeyRefs(name, env, envKeyRefs);
        workingDir = requireNoNul("workingDir", workingDir == null ? "" : workingDir);
        volumeMounts = Checks.requireElements("volume mounts", volumeMounts);
        requests = requests == null ? Resources.NONE : requests;
        limits = limits == null ? Resources.NONE : limits;
        requireRequestsWithinLimits(name, requests, limits);
        ports = copyPorts(name, ports);
    }

    /**
     * A container with the fields of Orchard 1.0: no limits, ports, values from keys or probes.
     *
     * @param name the container name
     * @param image the image reference
     * @param command the entry point
     * @param args the arguments
     * @param env environment variables
     * @param workingDir the working directory
     * @param volumeMounts the volumes the container sees
     * @param requests the resources the container asks for
     */
    public Container(
            String name,
            String image,
            List<String> command,
            List<String> args,
            Map<String, String> env,
            String workingDir,
            List<VolumeMount> volumeMounts,
            Resources requests) {
        this(name, image, command, args, env, workingDir, volumeMounts, requests, null, null, null, null, null);
    }

    /**
     * A container that runs a command with no other settings.
     *
     * @param name the container name
     * @param image the image reference
     * @param command the command and its arguments
     * @return the container
     */
    public static Container of(String name, String image, String... command) {
        return new Container(name, image, List.of(command), List.of(), Map.of(), "", List.of(), Resources.NONE);
    }

    /**
     * Returns a copy with another image.
     *
     * @param newImage the image reference
     * @return the copy
     * @since 1.1
     */
    public Container withImage(String newImage) {
        return new Container(
                name,
                newImage,
                command,
                args,
                env,
                workingDir,
                volumeMounts,
                requests,
                limits,
                ports,
                envKeyRefs,
                livenessProbe,
                readinessProbe);
    }

    /**
     * Returns a copy with other limits and requests.
     *
     * @param newRequests what it asks for
     * @param newLimits the most it may use
     * @return the copy
     * @since 1.1
     */
    public Container withResources(Resources newRequests, Resources newLimits) {
        return new Container(
                name,
                image,
                command,
                args,
                env,
                workingDir,
                volumeMounts,
                newRequests,
                newLimits,
                ports,
                envKeyRefs,
                livenessProbe,
                readinessProbe);
    }

    /**
     * Returns a copy with other ports.
     *
     * @param newPorts the ports
     * @return the copy
     * @since 1.1
     */
    public Container withPorts(List<ContainerPort> newPorts) {
        return new Container(
                name,
                image,
                command,
                args,
                env,
                workingDir,
                volumeMounts,
                requests,
                limits,
                newPorts,
                envKeyRefs,
                livenessProbe,
                readinessProbe);
    }

    /**
     * Returns a copy with other variables from config map and secret keys.
     *
     * @param newRefs the variables, by name
     * @return the copy
     * @since 1.1
     */
    public Container withEnvKeyRefs(Map<String, EnvKeyRef> newRefs) {
        return new Container(
                name,
                image,
                command,
                args,
                env,
                workingDir,
                volumeMounts,
                requests,
                limits,
                ports,
                newRefs,
                livenessProbe,
                readinessProbe);
    }

    /**
     * Returns a copy with other probes.
     *
     * @param liveness the liveness probe, or null
     * @param readiness the readiness probe, or null
     * @return the copy
     * @since 1.1
     */
    public Container withProbes(Probe liveness, Probe readiness) {
        return new Container(
                name,
                image,
                command,
                args,
                env,
                workingDir,
                volumeMounts,
                requests,
                limits,
                ports,
                envKeyRefs,
                liveness,
                readiness);
    }

    // No operating system takes a NUL character in an argument, a variable or a path: refuse it here, as the
    // caller's input, rather than let a provider fail on it halfway through starting a pod.
    private static String requireNoNul(String field, String value) {
        if (value.indexOf('\0') >= 0) {
            throw new InvalidInputException(
                    field + " " + Names.quote(value) + " contains a NUL character, which no process can be given");
        }
        return value;
    }

    static List<String> copyStrings(String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        for (String v : values) {
            if (v == null) {
                throw new InvalidInputException(field + " must not contain null");
            }
            requireNoNul(field, v);
        }
        return List.copyOf(values);
    }

    private static void requireEnvName(String container, String variable) {
        if (variable == null || !ENV_NAME.matcher(variable).matches()) {
            throw new InvalidInputException("environment variable name " + Names.quote(variable) + " of container "
                    + Names.quote(container) + " must be letters, digits and '_', not starting with a digit");
        }
    }

    private static Map<String, String> copyEnv(String container, Map<String, String> env) {
        if (env == null) {
            return Map.of();
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            requireEnvName(container, e.getKey());
            if (e.getValue() == null) {
                throw new InvalidInputException("environment variable " + Names.quote(e.getKey()) + " of container "
                        + Names.quote(container) + " must have a value");
            }
            requireNoNul("environment variable " + e.getKey(), e.getValue());
        }
        return Map.copyOf(env);
    }

    private static Map<String, EnvKeyRef> copyEnvKeyRefs(
            String container, Map<String, String> env, Map<String, EnvKeyRef> refs) {
        if (refs == null) {
            return Map.of();
        }
        for (Map.Entry<String, EnvKeyRef> e : refs.entrySet()) {
            requireEnvName(container, e.getKey());
            if (e.getValue() == null) {
                throw new InvalidInputException("environment variable " + Names.quote(e.getKey()) + " of container "
                        + Names.quote(container) + " must name a config map or secret key");
            }
            if (env.containsKey(e.getKey())) {
                throw new InvalidInputException("environment variable " + Names.quote(e.getKey()) + " of container "
                        + Names.quote(container) + " has both a value and a key reference; give one");
            }
        }
        return Map.copyOf(refs);
    }

    private static void requireRequestsWithinLimits(String container, Resources requests, Resources limits) {
        if ((limits.cpuMillis() > 0 && requests.cpuMillis() > limits.cpuMillis())
                || (limits.memoryBytes() > 0 && requests.memoryBytes() > limits.memoryBytes())) {
            throw new InvalidInputException("container " + Names.quote(container) + " requests " + requests
                    + ", more than its limits " + limits + "; a request must not exceed its limit");
        }
    }

    private static List<ContainerPort> copyPorts(String container, List<ContainerPort> ports) {
        List<ContainerPort> copy = Checks.requireElements("ports", ports);
        Set<String> seen = new HashSet<>();
        for (ContainerPort p : copy) {
            if (!seen.add(p.protocol() + "/" + p.containerPort())) {
                throw new InvalidInputException("container " + Names.quote(container) + " lists port "
                        + p.containerPort() + "/" + p.protocol() + " twice");
            }
            if (!p.name().isEmpty() && !seen.add("name " + p.name())) {
                throw new InvalidInputException(
                        "container " + Names.quote(container) + " names two ports " + Names.quote(p.name()));
            }
        }
        return copy;
    }
}
