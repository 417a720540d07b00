/**
 * The binding rule, in plain Java: which addresses HTTP may listen on, and the bearer token that a non-loopback
 * address needs, read from a file with owner-only permissions.
 *
 * <p>It depends on the API's errors only. The HTTP bundle's components and the API servlet use it. Exported so that
 * the kubelet bridge checks its own token file exactly as the HTTP API does ({@link
 * dev.orchard.http.binding.BearerToken}), and so that it names its HTTPS servers as the guard expects ({@link
 * dev.orchard.http.binding.BindingRule#KUBELET_SERVER_PREFIX}).
 */
@Export
@Version("1.1.0")
package dev.orchard.http.binding;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
