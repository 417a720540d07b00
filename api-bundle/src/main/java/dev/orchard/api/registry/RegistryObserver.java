package dev.orchard.api.registry;

import dev.orchard.api.error.OrchardException;
import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A whiteboard service told what the registries do: each call through {@link ProviderRegistry#call}, each drain of a
 * leaving provider and each change of the provider that serves a name. Metrics are built on it.
 *
 * <p>Register an implementation as an OSGi service; both registries report to it. A registry with no observer
 * measures nothing. Reports are delivered asynchronously, in the order they happened, on one thread of the registry,
 * never on the caller's: an observer that is slow or throws cannot slow or fail a call. The registry queues at most a
 * bounded number of reports for delivery; while an observer lags that far behind, further reports are dropped (the
 * registry logs how many), so an observer must return quickly to see every report. An exception thrown by an
 * observer is logged and reaches no other observer.
 *
 * @since 1.3
 */
@ConsumerType
public interface RegistryObserver {
    /**
     * A call through {@link ProviderRegistry#call} ended.
     *
     * @param kind the registry's kind of provider
     * @param provider the provider name called, as the caller gave it (a DNS-1123 label unless the call failed with
     *     INVALID_INPUT for it)
     * @param operation what the caller said the call does ({@link ProviderRegistry#call(String, String,
     *     java.util.function.Function)}), or {@value ProviderRegistry#UNNAMED_OPERATION}
     * @param nanos how long the call took, from the lookup of the provider to its return
     * @param error empty if the call returned; otherwise the category of the {@link OrchardException} it threw, or
     *     {@link OrchardException.Category#PROVIDER_FAULT} for any other exception or error
     */
    default void callEnded(
            ProviderKind kind,
            String provider,
            String operation,
            long nanos,
            Optional<OrchardException.Category> error) {}

    /**
     * A provider candidate left and the registry waited for the calls in flight on it to end before releasing it.
     *
     * @param kind the registry's kind of provider
     * @param provider the name the candidate served, or empty for a candidate without a valid name
     * @param nanos how long the wait took
     * @param leftInFlight the calls still running when the wait ended: 0 after a clean drain, more if the drain
     *     timeout ran out
     */
    default void drained(ProviderKind kind, String provider, long nanos, int leftInFlight) {}

    /**
     * The candidate that serves a name changed: the first one arrived, another took over, or the last one left.
     *
     * @param kind the registry's kind of provider
     * @param provider the name
     * @param previous the candidate that served it, empty if none did
     * @param current the candidate that serves it now, empty if none does
     */
    default void swapped(
            ProviderKind kind, String provider, Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {}
}
