/**
 * Volumes as PersistentVolumeClaims. The provider's instance depends on it; it depends on the cluster and mapping
 * packages.
 */
package dev.orchard.provider.kubernetes.internal.volumes;
