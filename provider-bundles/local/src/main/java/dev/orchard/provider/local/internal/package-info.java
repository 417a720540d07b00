/**
 * The local provider: its component (the only class with OSGi types), its configuration's keys, the instance it
 * opens from them (which owns its roots, or waits for them behind stand-ins published FAILED, and which hands them
 * over to the instance that waits when it leaves), and the
 * orchestrator. The volumes and the pods are in the sub-packages {@code volumes} and {@code pods}, which this
 * package depends on, with {@code files}. Not exported: within the bundle nothing depends on this package; the
 * benchmarks open {@link dev.orchard.provider.local.internal.LocalProvider} on a plain class path.
 */
package dev.orchard.provider.local.internal;
