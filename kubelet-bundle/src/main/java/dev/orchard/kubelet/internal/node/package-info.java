/**
 * The bridge's Node in the cluster: its registration, Lease and status, Ready while a provider serves. The bridge
 * depends on it; it depends on the API bundle and the Kubernetes provider's exported cluster and mapping packages.
 */
package dev.orchard.kubelet.internal.node;
