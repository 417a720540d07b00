package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.error.ProviderFaultException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ContainerStatus;
import dev.orchard.api.pod.ObjectMeta;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.provider.local.internal.processes.PodBoundary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One pod as it runs: its identity, spec, sandbox, state folder, token and boundary, its containers, and the lock
 * that orders every change to it.
 *
 * <p>Each pod has a lock of its own, so that starting one pod's processes or writing its journal never holds up
 * another pod. Changes (create, exits, restarts, updates, delete) take it; reads take no lock: they read the
 * volatile fields, each of which holds an immutable value.
 */
final class PodRun {
    private final NamespacedName key;
    private final PodSpec spec;
    private final Sandbox sandbox;
    private final PodState state;
    private final String token;
    private final Instant startTime;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile PodBoundary boundary;
    private volatile boolean sandboxMade;
    private volatile Map<String, ContainerRun> containers = Map.of();
    private volatile ObjectMeta meta;
    private volatile boolean published;
    private volatile boolean deleting;
    private volatile String leftover;

    PodRun(
            NamespacedName key,
            ObjectMeta meta,
            PodSpec spec,
            Sandbox sandbox,
            PodState state,
            String token,
            Instant startTime) {
        this.key = key;
        this.meta = meta;
        this.spec = spec;
        this.sandbox = sandbox;
        this.state = state;
        this.token = token;
        this.startTime = startTime;
    }

    /** Takes the pod's lock: for every change to the pod. */
    void lock() {
        lock.lock();
    }

    void unlock() {
        lock.unlock();
    }

    NamespacedName key() {
        return key;
    }

    PodSpec spec() {
        return spec;
    }

    Sandbox sandbox() {
        return sandbox;
    }

    Instant startTime() {
        return startTime;
    }

    /** The provider's own folder of the pod: its journal and its containers' files. */
    PodState state() {
        return state;
    }

    /** The pod's token: every process of the pod has it in its environment. */
    String token() {
        return token;
    }

    /** The boundary of the pod's processes; null until it is made. */
    PodBoundary boundary() {
        return boundary;
    }

    /** Sets the boundary once it is made. Under the lock. */
    void boundary(PodBoundary made) {
        this.boundary = made;
    }

    /** Whether this instance made the pod's sandbox, so that only then an undo removes it. */
    boolean sandboxMade() {
        return sandboxMade;
    }

    /** Records that the sandbox was made, new, by this pod's create or found by its adoption. Under the lock. */
    void sandboxMade(boolean made) {
        this.sandboxMade = made;
    }

    ObjectMeta meta() {
        return meta;
    }

    /** Sets the metadata: only labels and annotations change after the create. Under the lock. */
    void meta(ObjectMeta next) {
        this.meta = next;
    }

    /** The containers in the spec's order; empty until the sandbox is made. */
    Collection<ContainerRun> containers() {
        return containers.values();
    }

    /** A container by name, or null. */
    ContainerRun container(String name) {
        return containers.get(name);
    }

    /** Sets the containers once their places in the sandbox are made. Under the lock, before publishing. */
    void containers(List<ContainerRun> prepared) {
        Map<String, ContainerRun> byName = new LinkedHashMap<>();
        prepared.forEach(c -> byName.put(c.name(), c));
        this.containers = Collections.unmodifiableMap(byName);
    }

    /** Whether the pod is made: until then, reads and deletes do not see it. */
    boolean published() {
        return published;
    }

    /** Makes the pod visible to reads, once its containers have started. Under the lock. */
    void publish() {
        this.published = true;
    }

    /** Whether a delete has begun: from then on nothing of the pod restarts, and reads see it no more. */
    boolean deleting() {
        return deleting;
    }

    /** Marks the delete as begun. Under the lock. */
    void markDeleting() {
        this.deleting = true;
    }

    /**
     * What a delete could not remove and why (a mount in the sandbox it could not detach), or null: the pod then
     * stays in the table, being deleted, until a delete again removes the rest.
     */
    String leftover() {
        return leftover;
    }

    /** Records what a delete left, or null once nothing is left. Under the lock. */
    void leftover(String what) {
        this.leftover = what;
    }

    /**
     * The pod as the API shows it. Built from state that may come from a journal someone edited, so a record
     * that fails validation is the provider's fault.
     *
     * @return the pod with its current status
     * @throws ProviderFaultException if the result would not be valid
     */
    Pod toPod() {
        return ProviderFaultException.output("pod " + key, () -> {
            List<ContainerStatus> statuses = new ArrayList<>();
            List<RunStatus> runs = new ArrayList<>();
            for (Container c : spec.containers()) {
                RunStatus s = containers.get(c.name()).status();
                statuses.add(s.toStatus(c));
                runs.add(s);
            }
            boolean gone = deleting;
            PodStatus status = new PodStatus(
                    PodPhases.of(runs, gone),
                    gone ? "Deleted" : "",
                    leftover == null ? "" : leftover,
                    "127.0.0.1",
                    "127.0.0.1",
                    startTime,
                    statuses);
            return new Pod(meta, spec, status);
        });
    }
}
