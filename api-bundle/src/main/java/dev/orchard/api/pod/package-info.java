/**
 * Pod providers and their immutable model, the counterpart of virtual-kubelet's provider interface.
 */
@Export
@Version("1.0.0")
package dev.orchard.api.pod;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
