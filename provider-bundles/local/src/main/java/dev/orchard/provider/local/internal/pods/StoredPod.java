package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodVolume;
import dev.orchard.api.pod.Resources;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.pod.VolumeMount;
import dev.orchard.provider.local.internal.files.StoredFields;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of a pod's journal file, {@code pod.json}: records of plain types of the provider's own, so that
 * the file does not change when the API's records do; {@code format} names the layout version.
 *
 * <p>Format 2 adds to format 1 (the layout whose field names are those the API's {@code PodSpec} had when it was
 * stored directly) what the provider needs to find a pod's processes again and know them for its own: each run's
 * start time in clock ticks and its boot, the pod's token and cgroups, and whether a delete had begun. A format 1
 * file is still read, but its runs carry no start ticks, so none of its processes is ever taken for the pod's.
 * Reading validates through the API's records; a file edited into nonsense is the provider's fault, not a
 * caller's.
 *
 * @param format the layout version, {@value #FORMAT}
 * @param namespace the pod's namespace
 * @param name the pod's name
 * @param uid the pod's uid
 * @param labels the pod's labels
 * @param annotations the pod's annotations
 * @param creationTime when the pod was created, ISO-8601
 * @param startTime when the provider accepted it, ISO-8601
 * @param spec the pod's spec
 * @param containers each container's current run
 * @param token the pod's token, which every process of the pod has in its environment
 * @param cgroups the pod's cgroup folders, or empty where it has none
 * @param deleting whether a delete of the pod had begun
 */
record StoredPod(
        int format,
        String namespace,
        String name,
        String uid,
        Map<String, String> labels,
        Map<String, String> annotations,
        String creationTime,
        String startTime,
        Spec spec,
        List<Run> containers,
        String token,
        List<String> cgroups,
        boolean deleting) {

    static final int FORMAT = 2;

    /** A pod's spec. */
    record Spec(
            List<StoredContainer> containers,
            List<Claim> volumes,
            String restartPolicy,
            long terminationGracePeriodSeconds,
            String nodeName) {}

    /** One container's spec. */
    record StoredContainer(
            String name,
            String image,
            List<String> command,
            List<String> args,
            Map<String, String> env,
            String workingDir,
            List<Mount> volumeMounts,
            Requests requests) {}

    /** Where a container mounts one of the pod's volumes. */
    record Mount(String name, String mountPath, boolean readOnly) {}

    /** One of the pod's volumes: the pod's name for it and the volume it claims. */
    record Claim(String name, String claimName) {}

    /** What a container requests. */
    record Requests(long cpuMillis, long memoryBytes, long pods) {}

    /**
     * One container's run: the wrapper's pid, start ticks and boot identify it against pid reuse.
     *
     * @param name the container's name
     * @param pid the wrapper's pid, or -1 if none was started
     * @param startTicks when the wrapper started, in clock ticks since boot, or 0 if unknown
     * @param bootId the boot it started in, or null if unknown
     * @param restarts how often the container was restarted
     * @param startedAt when the run started, ISO-8601, or null
     */
    record Run(String name, long pid, long startTicks, String bootId, int restarts, String startedAt) {}

    /**
     * The journal entry of a pod and its containers' runs.
     *
     * @param meta the pod's metadata
     * @param spec its spec
     * @param startTime when the provider accepted it
     * @param runs each container's current run
     * @param token its token
     * @param cgroups its cgroup folders
     * @param deleting whether its delete has begun
     * @return the entry
     */
    static StoredPod of(
            ObjectMeta meta,
            PodSpec spec,
            Instant startTime,
            List<Run> runs,
            String token,
            List<String> cgroups,
            boolean deleting) {
        List<StoredContainer> containers = spec.containers().stream()
                .map(c -> new StoredContainer(
                        c.name(),
                        c.image(),
                        c.command(),
                        c.args(),
                        c.env(),
                        c.workingDir(),
                        c.volumeMounts().stream()
                                .map(m -> new Mount(m.name(), m.mountPath(), m.readOnly()))
                                .toList(),
                        new Requests(
                                c.requests().cpuMillis(),
                                c.requests().memoryBytes(),
                                c.requests().pods())))
                .toList();
        return new StoredPod(
                FORMAT,
                meta.namespace(),
                meta.name(),
                meta.uid(),
                meta.labels(),
                meta.annotations(),
                meta.creationTime().toString(),
                startTime.toString(),
                new Spec(
                        containers,
                        spec.volumes().stream()
                                .map(v -> new Claim(v.name(), v.claimName()))
                                .toList(),
                        spec.restartPolicy().name(),
                        spec.terminationGracePeriodSeconds(),
                        spec.nodeName()),
                List.copyOf(runs),
                token,
                List.copyOf(cgroups),
                deleting);
    }

    /**
     * The pod's cgroup folders.
     *
     * @return the folders, or empty
     */
    List<String> cgroupFolders() {
        return cgroups == null ? List.of() : cgroups;
    }

    /**
     * The pod's metadata.
     *
     * @param file the journal file, for the message
     * @return the metadata, validated
     * @throws ProviderFaultException if the file holds no valid metadata
     */
    ObjectMeta meta(Path file) {
        return ProviderFaultException.output("pod metadata stored in " + file, () -> {
            if (format < 1 || format > FORMAT) {
                throw new InvalidInputException("format " + format + " is none of those this reads, 1 to " + FORMAT);
            }
            return new ObjectMeta(
                    name, namespace, uid, labels, annotations, StoredFields.instant("creationTime", creationTime));
        });
    }

    /**
     * The pod's spec.
     *
     * @param file the journal file, for the message
     * @return the spec, validated
     * @throws ProviderFaultException if the file holds no valid spec
     */
    PodSpec spec(Path file) {
        return ProviderFaultException.output("pod spec stored in " + file, () -> {
            if (spec == null) {
                throw new InvalidInputException("the spec is missing");
            }
            List<Container> containers = spec.containers() == null
                    ? null
                    : spec.containers().stream().map(StoredPod::container).toList();
            List<PodVolume> volumes = spec.volumes() == null
                    ? List.of()
                    : spec.volumes().stream()
                            .map(v -> new PodVolume(v.name(), v.claimName()))
                            .toList();
            return new PodSpec(
                    containers,
                    volumes,
                    StoredFields.constant(RestartPolicy.class, "restartPolicy", spec.restartPolicy()),
                    spec.terminationGracePeriodSeconds(),
                    spec.nodeName());
        });
    }

    /**
     * When the provider accepted the pod.
     *
     * @param file the journal file, for the message
     * @return the time
     * @throws ProviderFaultException if it is not an instant
     */
    Instant startTime(Path file) {
        return ProviderFaultException.output(
                "pod start time stored in " + file, () -> StoredFields.instant("startTime", startTime));
    }

    /**
     * The runs of the pod's containers, by container name, checked as the API would check them.
     *
     * @param file the journal file, for the message
     * @return the runs
     * @throws ProviderFaultException if a run has a negative restart count or a start time that is no instant
     */
    Map<String, Run> runs(Path file) {
        return ProviderFaultException.output("container runs stored in " + file, () -> {
            Map<String, Run> out = new HashMap<>();
            for (Run r : containers == null ? List.<Run>of() : containers) {
                if (r.restarts() < 0) {
                    throw new InvalidInputException("restart count " + r.restarts() + " of container "
                            + Names.quote(r.name()) + " must not be negative");
                }
                startedAt(r);
                out.put(r.name(), r);
            }
            return out;
        });
    }

    /**
     * When a run started.
     *
     * @param run the run
     * @return the time, or null if it never started
     * @throws InvalidInputException if it is not an instant; {@link #runs} checked that it is
     */
    static Instant startedAt(Run run) {
        return run.startedAt() == null ? null : StoredFields.instant("startedAt", run.startedAt());
    }

    private static Container container(StoredContainer c) {
        List<VolumeMount> mounts = c.volumeMounts() == null
                ? List.of()
                : c.volumeMounts().stream()
                        .map(m -> new VolumeMount(m.name(), m.mountPath(), m.readOnly()))
                        .toList();
        Requests r = c.requests();
        return new Container(
                c.name(),
                c.image(),
                c.command(),
                c.args(),
                c.env(),
                c.workingDir(),
                mounts,
                r == null ? null : new Resources(r.cpuMillis(), r.memoryBytes(), r.pods()));
    }
}
