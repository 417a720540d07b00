/**
 * The connection to one cluster: its settings (the keys every Orchard part that talks to a cluster shares), the
 * fabric8 client built from them alone, and the mapping of the API server's failures to Orchard's error categories.
 * It holds no Orchard provider type, so that the kubelet bridge can take it as it is. The other packages of the
 * provider depend on it; it depends on the API bundle and fabric8.
 */
package dev.orchard.provider.kubernetes.internal.cluster;
