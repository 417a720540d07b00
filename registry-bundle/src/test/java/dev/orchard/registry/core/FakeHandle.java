package dev.orchard.registry.core;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A registration key for tests, read through {@link #access()}: a mutable name property and ranking (re-read by
 * the table on {@link ProviderTable#update}), a fixed service id, counters of obtain and release calls, and an
 * option to make {@link #obtain()} return null with a reason.
 *
 * <p>Equal when their service ids are, as service references of one registration are. Ordered exactly as
 * {@code org.osgi.framework.ServiceReference.compareTo} orders references: the greater handle has the higher
 * ranking, then the lower service id.
 *
 * @param <T> the service type
 */
final class FakeHandle<T> implements Comparable<FakeHandle<T>> {
    private static final AtomicLong IDS = new AtomicLong(1_000);

    private final long serviceId;
    private final T service;
    private final AtomicInteger obtains = new AtomicInteger();
    private final AtomicInteger releases = new AtomicInteger();

    private volatile Object name;
    private volatile int ranking;
    private volatile String obtainFailure;
    private volatile String declaredFailure;
    private volatile Consumer<T> onRelease = s -> {};
    private volatile Runnable onNameRead = () -> {};

    FakeHandle(long serviceId, Object name, int ranking, T service) {
        this.serviceId = serviceId;
        this.name = name;
        this.ranking = ranking;
        this.service = Objects.requireNonNull(service, "service");
    }

    /**
     * A handle of a {@link FakeService} with the next free service id, whose release marks the service released.
     *
     * @param name the name property
     * @param ranking the ranking
     * @return the handle
     */
    static FakeHandle<FakeService> of(Object name, int ranking) {
        return of(IDS.incrementAndGet(), name, ranking);
    }

    /**
     * A handle of a {@link FakeService} with the given service id, whose release marks the service released.
     *
     * @param serviceId the service id
     * @param name the name property
     * @param ranking the ranking
     * @return the handle
     */
    static FakeHandle<FakeService> of(long serviceId, Object name, int ranking) {
        FakeHandle<FakeService> h = new FakeHandle<>(serviceId, name, ranking, new FakeService(name + "#" + serviceId));
        h.onRelease(FakeService::markReleased);
        return h;
    }

    // ------------------------------------------------------------ test controls

    FakeHandle<T> name(Object newName) {
        this.name = newName;
        return this;
    }

    FakeHandle<T> ranking(int newRanking) {
        this.ranking = newRanking;
        return this;
    }

    /**
     * Makes {@link #obtain()} return null from now on.
     *
     * @param reason what {@link #obtainFailureReason()} returns
     * @return this
     */
    FakeHandle<T> failObtain(String reason) {
        this.obtainFailure = Objects.requireNonNull(reason);
        return this;
    }

    /**
     * Sets or clears the failure the registration declares about itself (the FAILURE service property).
     *
     * @param reason the reason, or null for none
     * @return this
     */
    FakeHandle<T> declareFailure(String reason) {
        this.declaredFailure = reason;
        return this;
    }

    FakeHandle<T> onRelease(Consumer<T> action) {
        this.onRelease = action;
        return this;
    }

    /** Runs an action every time the table reads the name property, e.g. to look at the table mid-update. */
    FakeHandle<T> onNameRead(Runnable action) {
        this.onNameRead = action;
        return this;
    }

    int obtains() {
        return obtains.get();
    }

    int releases() {
        return releases.get();
    }

    T service() {
        return service;
    }

    // ------------------------------------------------------------ what the table reads through access()

    /**
     * How a table reads fake handles.
     *
     * @param <T> the service type
     * @return the access
     */
    static <T> ServiceAccess<FakeHandle<T>, T> access() {
        return new ServiceAccess<>() {
            @Override
            public Object nameProperty(FakeHandle<T> key) {
                return key.nameProperty();
            }

            @Override
            public int ranking(FakeHandle<T> key) {
                return key.ranking();
            }

            @Override
            public long serviceId(FakeHandle<T> key) {
                return key.serviceId();
            }

            @Override
            public String bundleSymbolicName(FakeHandle<T> key) {
                return key.bundleSymbolicName();
            }

            @Override
            public String bundleVersion(FakeHandle<T> key) {
                return key.bundleVersion();
            }

            @Override
            public T obtain(FakeHandle<T> key) {
                return key.obtain();
            }

            @Override
            public String obtainFailureReason(FakeHandle<T> key) {
                return key.obtainFailureReason();
            }

            @Override
            public void release(FakeHandle<T> key) {
                key.release();
            }

            @Override
            public String declaredFailure(FakeHandle<T> key) {
                return key.declaredFailure;
            }

            @Override
            public int compare(FakeHandle<T> a, FakeHandle<T> b) {
                return a.compareTo(b);
            }
        };
    }

    /** The registration key, as a service reference is: the handle itself. */
    FakeHandle<T> key() {
        return this;
    }

    Object nameProperty() {
        onNameRead.run();
        return name;
    }

    int ranking() {
        return ranking;
    }

    long serviceId() {
        return serviceId;
    }

    String bundleSymbolicName() {
        return "test.bundle";
    }

    String bundleVersion() {
        return "1.0.0";
    }

    T obtain() {
        obtains.incrementAndGet();
        return obtainFailure != null ? null : service;
    }

    String obtainFailureReason() {
        String why = obtainFailure;
        return why != null ? why : "no reason known";
    }

    void release() {
        releases.incrementAndGet();
        onRelease.accept(service);
    }

    @Override
    public int compareTo(FakeHandle<T> other) {
        int byRanking = Integer.compare(ranking(), other.ranking());
        if (byRanking != 0) {
            return byRanking;
        }
        return Long.compare(other.serviceId(), serviceId()); // the lower id is the greater
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FakeHandle<?> h && h.serviceId == serviceId;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(serviceId);
    }

    @Override
    public String toString() {
        return "FakeHandle[" + name + " #" + serviceId + " ranking " + ranking + "]";
    }
}
