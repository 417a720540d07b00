/**
 * How Orchard's pods, names and amounts live in a cluster, both ways: the pod and container manifests, the reading
 * of a pod's status, the namespace mapping, the labels that mark an object's origin, quantities and times.
 *
 * <p>Exported so that the kubelet bridge maps pods exactly as the Kubernetes provider does. The provider's volumes
 * and pods packages and the kubelet bridge depend on it; it depends on the API bundle and the fabric8 model.
 */
@Export
@Version("1.0.0")
package dev.orchard.provider.kubernetes.mapping;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
