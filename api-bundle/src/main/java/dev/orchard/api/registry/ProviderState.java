package dev.orchard.api.registry;

/** The state of one provider candidate in a registry. */
public enum ProviderState {
    /** The highest ranked usable candidate of its name: calls go to it. */
    ACTIVE,
    /** A usable candidate ranked below the active one; it takes over when that one leaves. */
    SHADOWED,
    /**
     * Not usable: its name is missing or invalid, it declares a failure ({@link ProviderProperties#FAILURE}), or
     * its service could not be obtained. See the reason.
     */
    FAILED
}
