/**
 * How Orchard's names and amounts live in the cluster: the namespace mapping, the labels that mark an object's
 * origin, quantities and times. The volumes and pods packages depend on it; it depends on the API bundle and the
 * fabric8 model.
 */
package dev.orchard.provider.kubernetes.internal.mapping;
