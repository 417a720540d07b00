package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.naming.NamespacedName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The table of pods by namespace and name, in that order: admission of new pods up to the node's most, and
 * lookups that see only pods that are made. Thread-safe; lookups take no lock.
 */
final class PodTable {
    private final int maxPods;
    private final ConcurrentSkipListMap<NamespacedName, PodRun> pods = new ConcurrentSkipListMap<>();
    // Makes the check for a duplicate or a full node and the insertion one step; held for nothing else.
    private final Object admission = new Object();

    /**
     * Creates the table.
     *
     * @param maxPods the most pods the node runs
     */
    PodTable(int maxPods) {
        this.maxPods = maxPods;
    }

    /**
     * Admits a new pod, not made yet: it holds its name from now on.
     *
     * @param run the pod
     * @throws AlreadyExistsException if a pod of that name exists or is being made
     * @throws UnavailableException if the node runs its most pods
     */
    void admit(PodRun run) {
        synchronized (admission) {
            if (pods.containsKey(run.key())) {
                throw new AlreadyExistsException("pod " + run.key() + " exists already");
            }
            if (pods.size() >= maxPods) {
                throw new UnavailableException("the local node runs " + maxPods + " pods, its most; delete one first");
            }
            pods.put(run.key(), run);
        }
    }

    /** Adds a pod adopted from an earlier instance, which ran it already: no admission. */
    void adopt(PodRun run) {
        pods.put(run.key(), run);
    }

    /** Removes a pod, if it is still the one under its name. */
    void remove(PodRun run) {
        pods.remove(run.key(), run);
    }

    /** Whether any pod, made or not, holds a name. */
    boolean holdsName(NamespacedName key) {
        return pods.containsKey(key);
    }

    /** Whether the pod is still the one under its name. */
    boolean holds(PodRun run) {
        return pods.get(run.key()) == run;
    }

    /**
     * A pod in any state, being made or deleted included: what a change waits for, on its lock, before it decides.
     *
     * @param namespace the namespace
     * @param name the pod's name
     * @return the pod
     * @throws NotFoundException if the table holds none of that name
     */
    PodRun any(String namespace, String name) {
        PodRun r = Names.isDns1123Label(namespace) && Names.isDns1123Label(name)
                ? pods.get(new NamespacedName(namespace, name))
                : null;
        if (r == null) {
            throw notFound(namespace, name);
        }
        return r;
    }

    /**
     * Whether a pod, taken with {@link #any} and locked, can still be changed: it is made, not being deleted, and
     * still the one under its name.
     *
     * @param run the pod, whose lock the caller holds
     * @return true if it can
     */
    boolean changeable(PodRun run) {
        return run.published() && !run.deleting() && holds(run);
    }

    /**
     * A pod that is made, including one being deleted.
     *
     * @param namespace the namespace
     * @param name the pod's name
     * @return the pod
     * @throws NotFoundException if there is none, or it is still being made
     */
    PodRun made(String namespace, String name) {
        PodRun r = Names.isDns1123Label(namespace) && Names.isDns1123Label(name)
                ? pods.get(new NamespacedName(namespace, name))
                : null;
        if (r == null || !r.published()) {
            throw notFound(namespace, name);
        }
        return r;
    }

    /**
     * A pod that is made and not being deleted.
     *
     * @param namespace the namespace
     * @param name the pod's name
     * @return the pod
     * @throws NotFoundException if there is none, it is still being made, or it is being deleted
     */
    PodRun live(String namespace, String name) {
        PodRun r = made(namespace, name);
        if (r.deleting()) {
            throw notFound(namespace, name);
        }
        return r;
    }

    /** Every pod that is made, in order of namespace and name. */
    List<PodRun> made() {
        List<PodRun> out = new ArrayList<>();
        for (PodRun r : pods.values()) {
            if (r.published()) {
                out.add(r);
            }
        }
        return out;
    }

    /** Every pod in the table, also those being made or deleted. */
    List<PodRun> all() {
        return List.copyOf(pods.values());
    }

    /** The containers of every pod, also of those being made. */
    List<ContainerRun> containers() {
        List<ContainerRun> all = new ArrayList<>();
        pods.values().forEach(r -> all.addAll(r.containers()));
        return all;
    }

    /** A pod in any state, by key. */
    Optional<PodRun> get(NamespacedName key) {
        return Optional.ofNullable(pods.get(key));
    }

    static NotFoundException notFound(String namespace, String name) {
        return new NotFoundException("pod " + namespace + "/" + name + " not found");
    }
}
