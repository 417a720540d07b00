package dev.orchard.api.pod;

import java.util.function.Consumer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Implemented, beside {@link PodProvider}, by providers that push pod status changes instead of being polled.
 */
@ConsumerType
public interface PodNotifier {
    /**
     * Registers the callback that receives every pod whose status changed. The provider must call it
     * asynchronously and never block the caller of this method; the callback must not block either.
     *
     * @param callback receives a pod with its new status
     */
    void notifyPods(Consumer<Pod> callback);
}
