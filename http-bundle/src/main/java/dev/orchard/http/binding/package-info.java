/**
 * The binding rule, in plain Java: which addresses HTTP may listen on, and the bearer token that a non-loopback
 * address needs, read from a file with owner-only permissions.
 *
 * <p>It depends on the API's errors only. The HTTP bundle's components and the API servlet use it; it is not
 * exported.
 */
package dev.orchard.http.binding;
