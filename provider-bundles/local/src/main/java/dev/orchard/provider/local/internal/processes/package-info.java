/**
 * The local provider's OS processes: how a pod's processes are started (with an environment of the provider's own,
 * joining the pod's boundary first), which processes are a pod's (its cgroup, or its token where the host has no
 * cgroup for it), how a process is identified before it is adopted or signalled (pid, start time and boot), how
 * they are stopped and measured, and what the host itself uses. Linux only. The local provider's pods depend on it;
 * it depends on the API and on {@code internal.logs} (the log loop its wrapper runs).
 */
package dev.orchard.provider.local.internal.processes;
