/**
 * The cluster as one node: what its Ready nodes offer, its region, and its pods' use from the metrics API. The pods
 * package and the provider's instance depend on it; it depends on the cluster and mapping packages.
 */
package dev.orchard.provider.kubernetes.internal.node;
