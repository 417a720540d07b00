/**
 * Names as Kubernetes validates them, and the key of a namespaced object.
 *
 * <p>Provider, namespace, volume, pod and container names are DNS-1123 labels ({@link dev.orchard.api.naming.Names});
 * a volume or a pod is identified by its {@link dev.orchard.api.naming.NamespacedName}. Providers, the registry and
 * callers use this package; it depends on {@code dev.orchard.api.error} only.
 */
@Export
@Version("1.0.0")
package dev.orchard.api.naming;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
