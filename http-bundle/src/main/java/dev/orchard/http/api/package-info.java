/**
 * The Orchard HTTP API under {@code /orchard/api/v1}, as a plain Jakarta servlet: its routes, its JSON (Jackson,
 * with the API records' field names), its error bodies and its log streams. It reaches providers only through the
 * registries, so a provider can be replaced under a request.
 *
 * <p>It depends on the API, the binding rule, the servlet API, Jackson and slf4j; no OSGi types. Only the HTTP
 * bundle's components use it; it is not exported.
 */
package dev.orchard.http.api;
