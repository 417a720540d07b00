package dev.orchard.api.orchestrator;

import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Storage operations of an orchestrator: volumes are added, deleted, read and listed from a
 * {@link VolumeProfile}.
 *
 * <p>Implementations must be thread-safe and fail only with {@link dev.orchard.api.error.OrchardException}s:
 * a volume that cannot be wholly created must leave nothing behind.
 */
@ConsumerType
public interface StorageOps {
    /**
     * Creates a volume.
     *
     * @param profile the volume to create; its name and capacity are required
     * @return the created volume
     * @throws dev.orchard.api.error.InvalidInputException if the profile has no name or no capacity, or asks
     *     for what this orchestrator does not allow
     * @throws dev.orchard.api.error.AlreadyExistsException if a volume of that name exists in the namespace
     * @throws dev.orchard.api.error.UnavailableException if the storage pool cannot hold the capacity now
     */
    Volume addStorage(VolumeProfile profile);

    /**
     * Deletes a volume. It is idempotent.
     *
     * @param profile names the volume to delete; its name is required
     * @return true if a volume was removed, false if none existed
     * @throws dev.orchard.api.error.InvalidInputException if the profile has no name
     */
    boolean deleteStorage(VolumeProfile profile);

    /**
     * Reads a volume.
     *
     * @param profile names the volume to read; its name is required
     * @return the volume, or empty if none of that name exists in the namespace
     * @throws dev.orchard.api.error.InvalidInputException if the profile has no name
     */
    Optional<Volume> readStorage(VolumeProfile profile);

    /**
     * Lists the volumes of the profile's namespace whose labels include all of the profile's labels. The name
     * and capacity of the profile are ignored.
     *
     * @param profile the namespace and label filter
     * @return the matching volumes, ordered by name
     */
    VolumeList listStorage(VolumeProfile profile);
}
