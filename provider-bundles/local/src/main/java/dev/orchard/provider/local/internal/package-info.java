/**
 * The local provider: its component (the only class with OSGi types), its configuration and the orchestrator.
 * The volumes and the pods are in the sub-packages {@code volumes} and {@code pods}, which this package depends
 * on; nothing depends on this package. Not exported.
 */
package dev.orchard.provider.local.internal;
