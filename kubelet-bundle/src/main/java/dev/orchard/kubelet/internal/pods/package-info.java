/**
 * The pods bound to the bridge's node: the informer on {@code spec.nodeName}, their create, update and delete
 * through the registry, their status written back, and reconciliation. The bridge depends on it; it depends on the
 * API bundle and the Kubernetes provider's exported cluster and mapping packages.
 */
package dev.orchard.kubelet.internal.pods;
