/**
 * Typed failures of Orchard operations.
 *
 * <p>Every failure that crosses the API is an {@link dev.orchard.api.error.OrchardException} with a
 * {@link dev.orchard.api.error.OrchardException.Category}. Callers such as the shell or an HTTP front end
 * map categories, never message text.
 */
@Export
@Version("1.2.0")
package dev.orchard.api.error;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
