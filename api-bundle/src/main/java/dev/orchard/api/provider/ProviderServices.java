package dev.orchard.api.provider;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one provider instance offers: a service object per contract ({@code Orchestrator}, {@code PodProvider}),
 * and what to do once they are unregistered. One object may serve several contracts; it is then registered once,
 * under all of them.
 */
public final class ProviderServices {
    private final Map<Class<?>, Object> byContract;
    private final Runnable onStop;
    private final String failure;

    private ProviderServices(Map<Class<?>, Object> byContract, Runnable onStop, String failure) {
        this.byContract = byContract;
        this.onStop = onStop;
        this.failure = failure;
    }

    /**
     * Starts a set with one service.
     *
     * @param <T> the contract
     * @param contract the contract, an interface
     * @param service the object that implements it
     * @return the set
     */
    public static <T> ProviderServices of(Class<T> contract, T service) {
        return new ProviderServices(Map.of(), () -> {}, null).and(contract, service);
    }

    /**
     * Adds a service.
     *
     * @param <T> the contract
     * @param contract the contract, an interface
     * @param service the object that implements it
     * @return a new set
     * @throws IllegalArgumentException if the contract is offered twice or is not an interface
     */
    public <T> ProviderServices and(Class<T> contract, T service) {
        if (!contract.isInterface() || byContract.containsKey(contract)) {
            throw new IllegalArgumentException(contract + " is not an interface, or is offered twice");
        }
        Map<Class<?>, Object> next = new LinkedHashMap<>(byContract);
        next.put(contract, Objects.requireNonNull(contract.cast(service), "service"));
        return new ProviderServices(next, onStop, failure);
    }

    /**
     * Sets what runs after the services are unregistered, e.g. closing what the instance holds.
     *
     * @param action the action
     * @return a new set
     */
    public ProviderServices onStop(Runnable action) {
        return new ProviderServices(byContract, Objects.requireNonNull(action, "action"), failure);
    }

    /**
     * Publishes the services as FAILED from the start, with a reason, until {@link ProviderPublication#serve()}:
     * for an instance that must first acquire something, such as a folder another process owns.
     *
     * @param reason why it cannot serve yet
     * @return a new set
     */
    public ProviderServices failing(String reason) {
        return new ProviderServices(byContract, onStop, Objects.requireNonNull(reason, "reason"));
    }

    Map<Class<?>, Object> byContract() {
        return byContract;
    }

    Runnable onStop() {
        return onStop;
    }

    String failure() {
        return failure;
    }
}
