/**
 * Validation shared by every Orchard model type: DNS-1123 names and Kubernetes quantities.
 */
@Export
@Version("1.0.0")
package dev.orchard.api.model;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
