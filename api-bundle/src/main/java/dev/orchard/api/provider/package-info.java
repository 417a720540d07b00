/**
 * What every provider bundle does the same way: read its configuration against the keys its Metatype annotation
 * declares, and publish its services under its provider name, or, when it cannot serve, as a FAILED registration
 * that says why.
 *
 * <p>Provider bundles use this package from their DS component; the registry and callers never do. It depends on
 * {@code org.osgi.framework} and the other API packages.
 */
@Export
@Version("1.1.0")
package dev.orchard.api.provider;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
