/**
 * The registries that find providers by name, and what they tell about them.
 *
 * <p>The registry bundle implements these interfaces; callers and provider bundles use them.
 */
@Export
@Version("1.2.0")
package dev.orchard.api.registry;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
