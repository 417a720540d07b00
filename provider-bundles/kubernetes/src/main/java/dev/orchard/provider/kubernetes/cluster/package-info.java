/**
 * The connection to one cluster: its settings (the keys every Orchard part that talks to a cluster shares), the
 * fabric8 client built from them alone, and the mapping of the API server's failures to Orchard's error categories.
 *
 * <p>Exported so that the kubelet bridge connects to a cluster exactly as the Kubernetes provider does, and waits, as
 * the provider does, for fabric8 to be usable inside a framework ({@link
 * dev.orchard.provider.kubernetes.cluster.Fabric8Bundles}). It holds no Orchard provider type. The provider's other
 * packages and the kubelet bridge depend on it; it depends on the API bundle, the OSGi framework API and fabric8.
 */
@Export
@Version("1.0.0")
package dev.orchard.provider.kubernetes.cluster;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
