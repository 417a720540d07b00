/**
 * Orchard's HTTP authority, in one place: which addresses HTTP may listen on ({@link
 * dev.orchard.http.binding.BindingRule}), the bearer token every request needs (read from a file with owner-only
 * permissions, or made by Orchard at its first start: {@link dev.orchard.http.binding.TokenFile}), and the rules
 * every request meets before anything serves it ({@link dev.orchard.http.binding.RequestRules}), offered to other
 * bundles as the {@link dev.orchard.http.binding.HttpAuthority} service.
 *
 * <p>Exported so that the kubelet bridge checks its own token file exactly as the HTTP API does ({@link
 * dev.orchard.http.binding.BearerToken}) and names its HTTPS servers as the guard expects ({@link
 * dev.orchard.http.binding.BindingRule#KUBELET_SERVER_PREFIX}), and so that the Web Console add-on logs users in
 * with the API's token.
 */
@Export
@Version("1.2.0")
package dev.orchard.http.binding;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
