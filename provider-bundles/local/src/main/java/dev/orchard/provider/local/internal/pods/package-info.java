/**
 * The local provider's pods: local OS processes in sandbox folders, with their logs, exec, stats and the journal
 * that lets the next instance adopt them. {@link dev.orchard.provider.local.internal.pods.LocalPods} is the
 * {@code PodProvider} and {@code PodNotifier}; every other class is internal to this package and does one job
 * for it. The local provider's component may depend on this package; it depends on the API, on
 * {@code internal.volumes} (for the volumes its pods mount) and on {@code internal.files}.
 */
package dev.orchard.provider.local.internal.pods;
