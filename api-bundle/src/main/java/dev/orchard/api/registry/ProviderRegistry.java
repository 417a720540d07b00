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
