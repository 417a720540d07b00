/**
 * Orchestrators and their storage operations, the counterpart of OpenEBS maya's orchestrator provider
 * interface.
 */
@Export
@Version("1.0.0")
package dev.orchard.api.orchestrator;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
