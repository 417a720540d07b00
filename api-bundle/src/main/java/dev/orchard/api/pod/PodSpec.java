package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a pod runs. Immutable.
 *
 * @param containers the containers, at least one, with unique names
 * @param volumes the pod's volumes, with unique names; every mount names one of them
 * @param restartPolicy when containers are restarted
 * @param terminationGracePeriodSeconds how long a deleted pod may take to stop before it is killed, 0 to 3600
 * @param nodeName the node the pod runs on; empty until scheduled
 */
public record PodSpec(
        List<Container> containers,
        List<PodVolume> volumes,
        RestartPolicy restartPolicy,
        long terminationGracePeriodSeconds,
        String nodeName) {

    /** The grace period used when none is given, in seconds. */
    public static final long DEFAULT_GRACE_PERIOD_SECONDS = 5;

    /** Validates the spec and copies its lists. */
    public PodSpec {
        if (containers == null || containers.isEmpty()) {
            throw new InvalidInputException("a pod needs at least one container");
        }
        containers = Checks.requireElements("containers", containers);
        volumes = Checks.requireElements("pod volumes", volumes);
        Set<String> names = new HashSet<>();
        for (Container c : containers) {
            if (!names.add(c.name())) {
                throw new InvalidInputException("container name " + Names.quote(c.name()) + " is used twice");
            }
        }
        Set<String> volumeNames = new HashSet<>();
        for (PodVolume v : volumes) {
            if (!volumeNames.add(v.name())) {
                throw new InvalidInputException("pod volume name " + Names.quote(v.name()) + " is used twice");
            }
        }
        for (Container c : containers) {
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
     * The sum of the containers' resource requests.
     *
     * @return the total, counting this pod as one pod
     */
    public Resources totalRequests() {
        Resources sum = new Resources(0, 0, 1);
        for (Container c : containers) {
            sum = sum.plus(c.requests());
        }
        return sum;
    }
}
