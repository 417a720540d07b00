/**
 * The local provider's volumes: host folders under a volume root, each committed by one metadata file in a
 * versioned format of its own. {@link dev.orchard.provider.local.internal.volumes.LocalStorage} is the
 * {@code StorageOps}; the rest is internal to this package. The local provider's component and its pods (which
 * mount volumes and mark them Bound or Released) may depend on this package; it depends only on the API and on
 * {@code internal.files}.
 */
package dev.orchard.provider.local.internal.volumes;
