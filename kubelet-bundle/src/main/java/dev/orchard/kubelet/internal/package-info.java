/**
 * The kubelet bridge: its component and configuration, and the bridge that ties the node and pod controllers to a
 * subscription to the provider's name. {@link dev.orchard.kubelet.internal.KubeletComponent} is the only class with
 * OSGi types. Nothing outside this bundle may depend on any of it.
 */
package dev.orchard.kubelet.internal;
