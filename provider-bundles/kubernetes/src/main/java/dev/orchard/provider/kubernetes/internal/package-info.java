/**
 * The Kubernetes provider: its components and configuration, and the instance they publish (orchestrator, pods and
 * node over one connection). The two components and {@link dev.orchard.provider.kubernetes.internal.DeferredPublication}
 * are the only classes with OSGi types. Nothing outside this bundle may depend on any of it; it depends on the API
 * bundle and fabric8 kubernetes-client 7.8.0.
 */
package dev.orchard.provider.kubernetes.internal;
