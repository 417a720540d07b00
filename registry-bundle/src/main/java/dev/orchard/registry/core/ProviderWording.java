package dev.orchard.registry.core;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.naming.Names;
import dev.orchard.api.registry.CallDeadline;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.api.registry.ProviderState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * How the registry words what it knows of providers: the reason a name is invalid, a {@link ProviderInfo} for
 * callers, a label for the log, and the errors a lookup throws. Reads registrations through {@link ServiceAccess}
 * and holds no state of its own.
 *
 * @param <K> the registration key
 * @param <S> the provider contract
 */
final class ProviderWording<K, S> {
    private final ProviderKind kind;
    private final ServiceAccess<K, S> access;

    ProviderWording(ProviderKind kind, ServiceAccess<K, S> access) {
        this.kind = kind;
        this.access = access;
    }

    /**
     * The name a registration files under.
     *
     * @param raw the name property as registered
     * @return the name, or null if it is missing or not a DNS-1123 label
     */
    static String validName(Object raw) {
        return raw instanceof String s && Names.isDns1123Label(s) ? s : null;
    }

    /**
     * Why a name property files nowhere.
     *
     * @param raw the name property as registered
     * @return the reason, for a person
     */
    static String whyInvalid(Object raw) {
        if (raw == null) {
            return "the service has no " + ProviderProperties.NAME + " property";
        }
        if (!(raw instanceof String s)) {
            return "the " + ProviderProperties.NAME + " property must be a String, not "
                    + raw.getClass().getSimpleName() + " " + raw;
        }
        return "the " + ProviderProperties.NAME + " property " + Names.quote(s) + " " + Names.whyNotDns1123Label(s);
    }

    /**
     * What a caller sees of one registration.
     *
     * @param key the registration
     * @param name the name it files under, or null if it has none (then its raw name property is shown)
     * @param state its state
     * @param failure why it is FAILED, or null
     * @return the description
     */
    ProviderInfo info(K key, String name, ProviderState state, String failure) {
        String shown = name;
        if (shown == null) {
            Object raw = access.nameProperty(key);
            shown = raw == null ? "" : String.valueOf(raw);
        }
        return new ProviderInfo(
                shown,
                kind,
                state,
                access.bundleSymbolicName(key),
                access.bundleVersion(key),
                access.serviceId(key),
                access.ranking(key),
                Optional.ofNullable(failure));
    }

    /**
     * What a caller sees of a candidate.
     *
     * @param c the candidate
     * @param state its state
     * @return the description
     */
    ProviderInfo info(Candidate<K, S> c, ProviderState state) {
        return info(c.key(), c.name(), state, c.failure());
    }

    /**
     * What a caller sees of every holder of a name, most preferred first.
     *
     * @param name the name
     * @param holders its holders
     * @return an immutable list
     */
    List<ProviderInfo> infos(String name, Holders<K, S> holders) {
        List<ProviderInfo> out = new ArrayList<>(2);
        holders.each((key, state, failure) -> out.add(info(key, name, state, failure)));
        return List.copyOf(out);
    }

    /**
     * A candidate as the log names it, e.g. {@code ORCHESTRATOR mock (service 12 of dev.orchard.provider.mock/1.0)}.
     *
     * @param c the candidate
     * @return the label
     */
    String logLabel(Candidate<K, S> c) {
        K key = c.key();
        return kind + " " + (c.name() == null ? access.nameProperty(key) : c.name()) + " (service "
                + access.serviceId(key) + " of " + access.bundleSymbolicName(key) + "/" + access.bundleVersion(key)
                + ")";
    }

    /**
     * The error of a lookup that found no usable provider.
     *
     * @param name the name looked up, a DNS-1123 label
     * @param candidates the name's candidates, most preferred first
     * @param known the names that have a usable provider
     * @return NotFound if the name has no candidate; Unavailable, with the first one's reason, if all FAILED
     */
    OrchardException missing(String name, List<ProviderInfo> candidates, SortedSet<String> known) {
        if (candidates.isEmpty()) {
            return new NotFoundException("no " + kindWord() + " provider is named " + Names.quote(name) + "; known: "
                    + String.join(", ", known));
        }
        return new UnavailableException(kindWord() + " provider " + Names.quote(name) + " has no usable candidate: "
                + candidates.get(0).failureReason().orElse("leaving"));
    }

    /**
     * The error of a call whose candidates kept leaving or failing under it.
     *
     * @param name the name called
     * @return Unavailable, to retry
     */
    UnavailableException keptChanging(String name) {
        return new UnavailableException(kindWord() + " provider " + Names.quote(name)
                + " kept changing while the call tried to reach it; retry");
    }

    /**
     * The error of a call with a deadline that its provider did not answer in time.
     *
     * @param name the name called
     * @param operation what the call did
     * @param deadline the deadline it passed
     * @return Unavailable, to retry
     */
    UnavailableException pastDeadline(String name, String operation, CallDeadline deadline) {
        return new UnavailableException(kindWord() + " provider " + Names.quote(name) + " did not answer "
                + operation + " within its deadline of " + deadline.timeout().toMillis()
                + " ms; the call was abandoned and its thread interrupted. Retry later; the deadline is set by "
                + deadline.setBy());
    }

    /**
     * The error of a call refused because its provider's threads and waiting places are all taken.
     *
     * @param name the name called
     * @param operation what the call would have done
     * @param threads the provider's thread bound
     * @param queue its bound of waiting calls
     * @param setBy the settings that chose the bounds
     * @return Unavailable, to retry
     */
    UnavailableException busy(String name, String operation, int threads, int queue, String setBy) {
        return new UnavailableException(kindWord() + " provider " + Names.quote(name) + " is busy: its " + threads
                + " call threads and " + queue + " waiting places are all taken by calls it has not answered, so "
                + operation + " was refused at once. Retry later; the bounds are set by " + setBy);
    }

    /**
     * The error of a call with a deadline whose caller was interrupted while it waited.
     *
     * @param name the name called
     * @param operation what the call did
     * @return Unavailable
     */
    UnavailableException interrupted(String name, String operation) {
        return new UnavailableException(operation + " on " + kindWord() + " provider " + Names.quote(name)
                + " was abandoned: its caller was interrupted while it waited");
    }

    /**
     * The error of a call that waited for a thread of a provider that was released meanwhile.
     *
     * @param name the name called
     * @return Unavailable, to retry
     */
    UnavailableException releasedBeforeStart(String name) {
        return new UnavailableException(
                kindWord() + " provider " + Names.quote(name) + " was released before the call started; retry");
    }

    private String kindWord() {
        return kind == ProviderKind.ORCHESTRATOR ? "orchestrator" : "pod";
    }
}
