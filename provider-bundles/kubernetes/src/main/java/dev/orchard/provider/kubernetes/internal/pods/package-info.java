/**
 * Pods offloaded into the cluster: the informer's cache and its notifications, updates, logs and exec. The
 * provider's instance depends on it; it depends on the cluster, mapping (which holds the manifests) and node
 * packages.
 */
package dev.orchard.provider.kubernetes.internal.pods;
