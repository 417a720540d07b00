package dev.orchard.api.orchestrator;

import dev.orchard.api.internal.Checks;
import java.util.List;

/**
 * The result of {@link StorageOps#listStorage}. Immutable.
 *
 * @param items the volumes; never null
 */
public record VolumeList(List<Volume> items) {
    /** Copies the list. */
    public VolumeList {
        items = Checks.requireElements("volume list items", items);
    }

    /**
     * The number of volumes.
     *
     * @return the size of {@link #items()}
     */
    public int size() {
        return items.size();
    }
}
