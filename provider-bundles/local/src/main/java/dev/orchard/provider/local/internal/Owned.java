package dev.orchard.provider.local.internal;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The services of an instance that waits for its roots: stand-ins, published at once, that serve through the
 * instance's orchestrator and pods once it owns the roots, and until then refuse every call with the reason (the
 * registry calls none meanwhile: the instance is published FAILED), except while their owner hands them over:
 * then a call waits for the roots ({@link RootWaiter#awaitTakeover}). A pod-status callback registered while it
 * waits is handed to the pods once they are open.
 */
final class Owned {
    private Owned() {}

    /**
     * A stand-in for a contract.
     *
     * @param contract the contract
     * @param target the instance's object once it owns its roots, else null
     * @param reason why it serves nothing yet
     * @param pendingCallback takes a pod-status callback registered before the target exists
     * @param <T> the contract's type
     * @return the stand-in, which also implements {@link PodNotifier} if the contract's object will
     */
    static <T> T standIn(
            Class<T> contract,
            Supplier<Object> target,
            Supplier<String> reason,
            Consumer<Consumer<Pod>> pendingCallback) {
        Class<?>[] types = contract.equals(dev.orchard.api.pod.PodProvider.class)
                ? new Class<?>[] {contract, PodNotifier.class}
                : new Class<?>[] {contract};
        Object proxy = Proxy.newProxyInstance(contract.getClassLoader(), types, (self, method, args) -> {
            switch (method.getName()) {
                case "toString":
                    return "local provider " + contract.getSimpleName() + " (" + reason.get() + ")";
                case "hashCode":
                    return System.identityHashCode(self);
                case "equals":
                    return self == args[0];
                default:
                    break;
            }
            Object to = target.get();
            if (to == null && method.getName().equals("notifyPods")) {
                @SuppressWarnings("unchecked")
                Consumer<Pod> callback = (Consumer<Pod>) args[0];
                pendingCallback.accept(callback);
                return null;
            }
            if (to == null) {
                throw new UnavailableException("the local provider serves no calls yet: " + reason.get());
            }
            try {
                return method.invoke(to, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
        return contract.cast(proxy);
    }
}
