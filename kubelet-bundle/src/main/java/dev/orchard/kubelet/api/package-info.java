/**
 * The kubelet API's endpoints, one servlet each ({@code /containerLogs}, {@code /stats/summary}, {@code /pods},
 * {@code /healthz}), and the filter that authenticates every request (client certificate of the configured CA, or
 * the configured bearer token). Plain servlets over the pod provider registry: every call goes through
 * {@code PodProviderRegistry.call}, so a provider swapped underneath is not seen.
 *
 * <p>It depends on the API bundle, the Jakarta servlet API, Jackson, the HTTP bundle's binding package (the bearer
 * token) and the bridge's pod translation. Only the bridge's server package registers it; it is not exported.
 */
package dev.orchard.kubelet.api;
