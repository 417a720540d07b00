package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a pod runs. Immutable.
 *
 * @param containers the containers, at least one, with unique names
 * @param volumes the pod's volumes, with unique names; every mount names one of them
 * @param restartPolicy when containers are restarted
 * @param terminationGracePeriodSeconds how long a deleted pod may take to stop before it is killed, 0 to 3600
 * @param nodeName the node the pod runs on; empty until scheduled
 * @param initContainers containers that run to completion, one after another, before the containers start; names
 *     unique among all the pod's containers; no probes; never null. Since 1.1.
 * @param nodeSelector labels a node must have to run the pod; never null. Since 1.1.
 * @param tolerations the node taints the pod tolerates; never null. Since 1.1.
 */
public record PodSpec(
        List<Container> containers,
        List<PodVolume> volumes,
        RestartPolicy restartPolicy,
        long terminationGracePeriodSeconds,
        String nodeName,
        List<Container> initContainers,
        Map<String, String> nodeSelector,
        List<Toleration> tolerations) {

    /** The grace period used when none is given, in seconds. */
    public static final long DEFAULT_GRACE_PERIOD_SECONDS = 5;

    /** Validates the spec and copies its lists. */
    public PodSpec {
        if (containers == null || containers.isEmpty()) {
            throw new InvalidInputException("a pod needs at least one container");
        }
        containers = Checks.requireElements("containers", containers);
        initContainers = Checks.requireElements("init containers", initContainers);
        volumes = Checks.requireElements("pod volumes", volumes);
        Set<String> names = new HashSet<>();
        for (Container c : concat(initContainers, containers)) {
            if (!names.add(c.name())) {
                throw new InvalidInputException("container name " + Names.quote(c.name()) + " is used twice");
            }
        }
        for (Container c : initContainers) {
            if (c.livenessProbe() != null || c.readinessProbe() != null) {
                throw new InvalidInputException("init container " + Names.quote(c.name())
                        + " has a probe; init containers run to completion and take no liveness or readiness probe");
            }
        }
        Set<String> volumeNames = new HashSet<>();
        for (PodVolume v : volumes) {
            if (!volumeNames.add(v.name())) {
                throw new InvalidInputException("pod volume name " + Names.quote(v.name()) + " is used twice");
            }
        }
        for (Container c : concat(initContainers, containers)) {
            for (VolumeMount m : c.volumeMounts()) {
                if (!volumeNames.contains(m.name())) {
                    throw new InvalidInputException("container " + Names.quote(c.name()) + " mounts volume "
                            + Names.quote(m.name()) + ", which the pod does not declare");
                }
            }
        }
        restartPolicy = restartPolicy == null ? RestartPolicy.ALWAYS : restartPolicy;
        if (terminationGracePeriodSeconds < 0 || terminationGracePeriodSeconds > 3600) {
            throw new InvalidInputException(
                    "termination grace period " + terminationGracePeriodSeconds + " s must be between 0 and 3600");
        }
        nodeName = nodeName == null ? "" : nodeName;
        nodeSelector = Checks.requireLabels("node selector", nodeSelector);
        tolerations = Checks.requireElements("tolerations", tolerations);
    }

    /**
     * A spec with the fields of Orchard 1.0: no init containers, node selector or tolerations.
     *
     * @param containers the containers
     * @param volumes the pod's volumes
     * @param restartPolicy when containers are restarted
     * @param terminationGracePeriodSeconds the grace period of a delete
     * @param nodeName the node the pod runs on
     */
    public PodSpec(
            List<Container> containers,
            List<PodVolume> volumes,
            RestartPolicy restartPolicy,
            long terminationGracePeriodSeconds,
            String nodeName) {
        this(containers, volumes, restartPolicy, terminationGracePeriodSeconds, nodeName, null, null, null);
    }

    /**
     * A spec with the given containers, no volumes, restart policy Always and the default grace period.
     *
     * @param containers the containers
     * @return the spec
     */
    public static PodSpec of(Container... containers) {
        return new PodSpec(List.of(containers), List.of(), RestartPolicy.ALWAYS, DEFAULT_GRACE_PERIOD_SECONDS, "");
    }

    /**
     * Returns a copy with other containers and init containers.
     *
     * @param newContainers the containers
     * @param newInitContainers the init containers
     * @return the copy
     * @since 1.1
     */
    public PodSpec withContainers(List<Container> newContainers, List<Container> newInitContainers) {
        return new PodSpec(
                newContainers,
                volumes,
                restartPolicy,
                terminationGracePeriodSeconds,
                nodeName,
                newInitContainers,
                nodeSelector,
                tolerations);
    }

    /**
     * Returns a copy with other volumes.
     *
     * @param newVolumes the volumes
     * @return the copy
     * @since 1.1
     */
    public PodSpec withVolumes(List<PodVolume> newVolumes) {
        return new PodSpec(
                containers,
                newVolumes,
                restartPolicy,
                terminationGracePeriodSeconds,
                nodeName,
                initContainers,
                nodeSelector,
                tolerations);
    }

    /**
     * Returns a copy with another node selector and tolerations.
     *
     * @param newSelector the labels a node must have
     * @param newTolerations the taints the pod tolerates
     * @return the copy
     * @since 1.1
     */
    public PodSpec withScheduling(Map<String, String> newSelector, List<Toleration> newTolerations) {
        return new PodSpec(
                containers,
                volumes,
                restartPolicy,
                terminationGracePeriodSeconds,
                nodeName,
                initContainers,
                newSelector,
                newTolerations);
    }

    /**
     * The resources the pod requests, as Kubernetes counts them: the sum of the containers' requests, or the
     * largest init container's where that is more (init containers run one at a time, before the others).
     *
     * @return the total, counting this pod as one pod
     */
    public Resources totalRequests() {
        Resources sum = new Resources(0, 0, 1);
        for (Container c : containers) {
            sum = sum.plus(c.requests());
        }
        long cpu = sum.cpuMillis();
        long memory = sum.memoryBytes();
        for (Container c : initContainers) {
            cpu = Math.max(cpu, c.requests().cpuMillis());
            memory = Math.max(memory, c.requests().memoryBytes());
        }
        return new Resources(cpu, memory, 1);
    }

    /**
     * The fields beyond Orchard 1.0's that this spec uses, so that a provider can refuse those it cannot honour.
     *
     * @return the features in use; empty for a spec that Orchard 1.0 could express
     * @since 1.1
     */
    public Set<PodFeature> features() {
        return PodFeature.usedBy(this);
    }

    private static List<Container> concat(List<Container> first, List<Container> second) {
        List<Container> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
