/**
 * Names as Kubernetes validates them, and the key of a namespaced object.
 *
 * <p>Provider, namespace, volume, pod and container names are DNS-1123 labels ({@link dev.orchard.api.naming.Names});
 * a volume or a pod is identified by its {@link dev.orchard.api.naming.NamespacedName}. Providers, the registry and
 * callers use this package; it depends on {@code dev.orchard.api.error} only.
 *
 * <p>1.1: {@link dev.orchard.api.naming.Secrets}, the one routine that takes credentials out of a message. It lives
 * beside {@link dev.orchard.api.naming.Names#quote}, which also readies a value for a message, because every part
 * that words messages (providers, the registry, the kubelet bridge, HTTP) already depends on this package and on no
 * common other: add-ons never import each other.
 *
 * <p>1.1.1: {@link dev.orchard.api.naming.Secrets} also hides a URL password holding an {@code @} or a {@code /},
 * and a key's value whatever the key's spelling ({@code oauthToken}, {@code keyPassword}, {@code secretKey}); same
 * API.
 *
 * <p>1.1.2: {@link dev.orchard.api.naming.Secrets} also hides JSON-escaped keys, {@code DB_PASS}, session ids, JSON
 * Web Tokens (keyed or bare) and lower-case {@code Bearer} credentials, and ends a value at its closing quote, or,
 * for a key inside prose, at the end of its word, instead of always at the end of its line; same API.
 */
@Export
@Version("1.1.2")
package dev.orchard.api.naming;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
