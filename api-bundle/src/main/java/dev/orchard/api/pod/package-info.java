/**
 * Pod providers and their immutable model, the counterpart of virtual-kubelet's provider interface.
 *
 * <p>1.1 grows the model to carry a typical Deployment's pod: container ports, limits beside requests, liveness and
 * readiness probes, init containers, volumes from claims, empty folders, config maps and secrets, environment
 * variables from config map and secret keys, a node selector, tolerations, and pod conditions. A provider that
 * cannot honour one of these refuses the pod with {@link dev.orchard.api.error.UnsupportedException} ({@link
 * PodFeature#requireHonoured}), or documents that it ignores it; it never drops one silently.
 *
 * <p>1.2 gives a container's status a message ({@link ContainerStatus#message}): why a run could not start, as the
 * kubelet's waiting and terminated messages say it.
 */
@Export
@Version("1.2.0")
package dev.orchard.api.pod;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
