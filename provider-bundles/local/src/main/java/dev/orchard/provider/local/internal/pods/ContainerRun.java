package dev.orchard.provider.local.internal.pods;

import dev.orchard.api.pod.Container;
import dev.orchard.provider.local.internal.processes.ProcessIdentity;
import dev.orchard.provider.local.internal.processes.RunFiles;
import java.nio.file.Path;

/**
 * One container of a pod: its spec, its files, the process of its current run and its status. Changed only
 * under its pod's lock; read from anywhere.
 */
final class ContainerRun {
    private final Container spec;
    private final RunFiles files;
    private final Path workDir;
    // The run's wrapper: who it is (pid, start ticks, boot), and a handle to wait for its exit.
    private volatile ProcessIdentity identity;
    private volatile ProcessHandle process;
    // The same process as this JVM's child, when this instance started it: its exit value is the fallback if the
    // wrapper was killed before it wrote the exit code.
    private volatile Process child;
    private volatile RunStatus status = RunStatus.CREATING;

    ContainerRun(Container spec, RunFiles files, Path workDir) {
        this.spec = spec;
        this.files = files;
        this.workDir = workDir;
    }

    Container spec() {
        return spec;
    }

    String name() {
        return spec.name();
    }

    /** The provider's files of the container: logs, exit code, environment. */
    RunFiles files() {
        return files;
    }

    /** The folder its command, and what is exec'd in it, runs in. */
    Path workDir() {
        return workDir;
    }

    /** Who the wrapper of the current or last run is, or null if none was started or found. */
    ProcessIdentity identity() {
        return identity;
    }

    /** The wrapper process of the current run, to wait for its exit; null if it was not found running. */
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
    void started(Process started, ProcessIdentity who) {
        this.child = started;
        this.process = started.toHandle();
        this.identity = who;
    }

    /** Records a run that an earlier instance started: its identity, and its handle if it still runs. */
    void adopted(ProcessIdentity who, ProcessHandle running) {
        this.child = null;
        this.process = running;
        this.identity = who;
    }

    void status(RunStatus next) {
        this.status = next;
    }
}
