package dev.orchard.api.registry;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.function.Function;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A registry of providers of one kind, found by name. Providers come and go at run time; every method
 * answers from the current state, without blocking on changes.
 *
 * @param <S> the provider contract
 */
@ProviderType
public interface ProviderRegistry<S> {
    /**
     * The operation {@link RegistryObserver}s are told for a call made with {@link #call(String, Function)}.
     *
     * @since 1.3
     */
    String UNNAMED_OPERATION = "call";

    /**
     * The active provider of a name. The caller must not keep it: it may leave at any time. Prefer
     * {@link #call(String, Function)}, which keeps the provider from being released while the call runs.
     *
     * @param name the provider name
     * @return the provider
     * @throws dev.orchard.api.error.NotFoundException if no usable provider has that name
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     */
    S get(String name);

    /**
     * The active provider of a name, if any.
     *
     * @param name the provider name
     * @return the provider, or empty if no usable provider has that name (or the name is invalid)
     */
    Optional<S> find(String name);

    /**
     * Calls the active provider of a name. While the call runs, the provider is not released: a provider that
     * leaves waits, up to the registry's drain timeout, for its calls to end. A call that starts after the
     * provider began to leave goes to the next candidate.
     *
     * @param <R> the result type
     * @param name the provider name
     * @param call what to do with the provider
     * @return what the call returned
     * @throws dev.orchard.api.error.NotFoundException if no usable provider has that name
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     */
    <R> R call(String name, Function<? super S, ? extends R> call);

    /**
     * Calls the active provider of a name, as {@link #call(String, Function)} does, and names the operation for the
     * {@link RegistryObserver}s (metrics count calls by provider and operation). Name few operations, e.g. after the
     * provider's method ({@code getPods}, {@code createVolume}): each is a series of its own.
     *
     * <p>The default ignores the operation; the registry bundle reports it.
     *
     * @param <R> the result type
     * @param name the provider name
     * @param operation what the call does, e.g. {@code getPods}
     * @param call what to do with the provider
     * @return what the call returned
     * @throws dev.orchard.api.error.NotFoundException if no usable provider has that name
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @since 1.3
     */
    default <R> R call(String name, String operation, Function<? super S, ? extends R> call) {
        return call(name, call);
    }

    /**
     * Calls the active provider of a name, as {@link #call(String, String, Function)} does, on a thread of the
     * provider's own, and waits for it at most until a deadline. For callers that act for a client on the network
     * (the HTTP API, the kubelet bridge): a provider that hangs then costs them a bounded time, and it holds a
     * bounded number of threads whatever the number of callers.
     *
     * <ul>
     *   <li>Each provider candidate has a bulkhead: at most a configured number of threads run its calls, and a
     *       bounded number of calls wait for one. A call that finds both full fails at once with
     *       {@link dev.orchard.api.error.UnavailableException}, without waiting.
     *   <li>A call not answered by its deadline fails with {@link dev.orchard.api.error.UnavailableException}, whose
     *       message names the provider, the operation, the deadline and {@link CallDeadline#setBy()}. The thread
     *       that runs it is interrupted: a provider that honours interrupts stops. One that does not keeps its
     *       thread, and the registry's drain counts the call in flight (it keeps the provider from being released
     *       until it returns, or until the drain timeout); its result, when it comes, is discarded, and closed if
     *       it is {@link AutoCloseable} (e.g. a log stream).
     *   <li>The function runs on the provider's thread, not the caller's: it must not rely on the caller's
     *       thread-local state. What it throws is thrown to the caller, as it was thrown.
     * </ul>
     *
     * <p>Calls without a deadline ({@link #call(String, Function)}) run on the caller's thread, as before; the shell
     * uses them, since its operator can interrupt a call.
     *
     * @param <R> the result type
     * @param name the provider name
     * @param operation what the call does, e.g. {@code getPods}, for the observers and for the error's message
     * @param deadline how long to wait, and what set it
     * @param call what to do with the provider
     * @return what the call returned
     * @throws dev.orchard.api.error.NotFoundException if no usable provider has that name
     * @throws dev.orchard.api.error.InvalidInputException if the name is not a DNS-1123 label
     * @throws dev.orchard.api.error.UnavailableException if the call passed its deadline, the provider's bulkhead
     *     is full, or the caller was interrupted while it waited (its interrupt status is kept)
     * @since 1.4
     */
    <R> R call(String name, String operation, CallDeadline deadline, Function<? super S, ? extends R> call);

    /**
     * The names that have an active provider.
     *
     * @return an immutable sorted set
     */
    SortedSet<String> names();

    /**
     * Every candidate: active, shadowed and failed.
     *
     * @return immutable, ordered by name, then from the highest ranked candidate down
     */
    List<ProviderInfo> providers();

    /**
     * The candidates of one name.
     *
     * @param name the provider name
     * @return immutable, from the highest ranked down; empty if none has that name
     */
    List<ProviderInfo> candidates(String name);
}
