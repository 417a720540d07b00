/**
 * The registries that find providers by name, and what they tell about them.
 *
 * <p>The registry bundle implements these interfaces; callers and provider bundles use them. Since 1.3 the
 * registries report every call, drain and swap to {@link dev.orchard.api.registry.RegistryObserver} services.
 * Since 1.4 a call can have a deadline ({@link dev.orchard.api.registry.CallDeadline}), and runs then in the provider's
 * bounded set of threads.
 */
@Export
@Version("1.4.0")
package dev.orchard.api.registry;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
