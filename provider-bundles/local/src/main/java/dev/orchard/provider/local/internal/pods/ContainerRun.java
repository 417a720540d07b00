package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Container;

/**
 * One container of a pod: its spec, its files, the process of its current run and its status. Changed only
 * under its pod's lock; read from anywhere.
 */
final class ContainerRun {
    private final Container spec;
    private final ContainerFiles files;
    // The run's wrapper process; a handle, so that a run adopted from an earlier instance is no different.
    private volatile ProcessHandle process;
    // The same process as this JVM's child, when this instance started it: its exit value is the fallback if the
    // wrapper was killed before it wrote the exit code.
    private volatile Process child;
    private volatile RunStatus status = RunStatus.CREATING;

    ContainerRun(Container spec, ContainerFiles files) {
        this.spec = spec;
        this.files = files;
    }

    Container spec() {
        return spec;
    }

    String name() {
        return spec.name();
    }

    ContainerFiles files() {
        return files;
    }

    /** The wrapper process of the current or last run, or null if none was started or found. */
    ProcessHandle process() {
        return process;
    }

    /** This JVM's child process of the current run, or null if this instance did not start it. */
    Process child() {
        return child;
    }

    RunStatus status() {
        return status;
    }

    /** Records a run that this instance started. */
    void started(Process started) {
        this.child = started;
        this.process = started.toHandle();
    }

    /** Records a run that an earlier instance started, or null if none was found. */
    void adopted(ProcessHandle found) {
        this.child = null;
        this.process = found;
    }

    void status(RunStatus next) {
        this.status = next;
    }
}
