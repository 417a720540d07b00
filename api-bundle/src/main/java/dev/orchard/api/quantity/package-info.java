/**
 * Kubernetes resource quantities ({@code 10Mi}, {@code 500m}): parsed into bytes, millicores or counts, and
 * formatted back. Providers, the shell and callers use it; it depends on {@code dev.orchard.api.error} and
 * {@code dev.orchard.api.naming} only.
 */
@Export
@Version("1.0.0")
package dev.orchard.api.quantity;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
