package dev.orchard.api.error;

import java.util.function.Supplier;

/**
 * Thrown when a provider breaks its contract: it built a result that is not valid, for example from state it
 * stored and someone edited. The caller's input was fine, so this is never an {@link InvalidInputException}.
 */
public class ProviderFaultException extends OrchardException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what the provider got wrong, and where
     */
    public ProviderFaultException(String message) {
        super(Category.PROVIDER_FAULT, message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what the provider got wrong, and where
     * @param cause the underlying failure, or null
     */
    public ProviderFaultException(String message, Throwable cause) {
        super(Category.PROVIDER_FAULT, message, cause);
    }

    /**
     * Builds a result of a provider. The API's records validate their fields and throw
     * {@link InvalidInputException}, which is right when a caller builds its input; when a provider builds its
     * output, the same failure is the provider's fault, and this turns it into one.
     *
     * @param <T> the result type
     * @param what what is being built, for the message, e.g. {@code "volume default/data"}
     * @param build builds the result
     * @return the result
     * @throws ProviderFaultException if the result is not valid; its cause is the validation failure
     */
    public static <T> T output(String what, Supplier<T> build) {
        try {
            return build.get();
        } catch (InvalidInputException e) {
            throw new ProviderFaultException("the provider built an invalid " + what + ": " + e.getMessage(), e);
        }
    }
}
