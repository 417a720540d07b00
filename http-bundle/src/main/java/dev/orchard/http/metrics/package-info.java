/**
 * Orchard's {@code /metrics} in the Prometheus text format: the registries' calls, drains and swaps (through a
 * {@link dev.orchard.api.registry.RegistryObserver}), the providers, volumes and pods counted at scrape, and the JVM's
 * standard metrics, written by the Prometheus Java client.
 *
 * <p>Depends on the API, the servlet API, the Prometheus client and {@code dev.orchard.http.binding} (the same token
 * rule as the API); no OSGi types. Only {@code dev.orchard.http.internal} uses it; it is not exported.
 */
package dev.orchard.http.metrics;
