package dev.orchard.registry.core;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A plain {@link ServiceHandle} for tests: a mutable name property and ranking (re-read by the table on
 * {@link ProviderTable#update}), a fixed service id, counters of obtain and release calls, and an option to make
 * {@link #obtain()} return null with a reason.
 *
 * <p>Ordered exactly as {@code org.osgi.framework.ServiceReference.compareTo} orders references: the greater
 * handle has the higher ranking, then the lower service id.
 *
 * @param <T> the service type
 */
final class FakeHandle<T> implements ServiceHandle<T> {
    private static final AtomicLong IDS = new AtomicLong(1_000);

    /** The registration key: value equality on the service id, as a service reference has. */
    record Key(long serviceId) {}

    private final long serviceId;
    private final Key key;
    private final T service;
    private final AtomicInteger obtains = new AtomicInteger();
    private final AtomicInteger releases = new AtomicInteger();

    private volatile Object name;
    private volatile int ranking;
    private volatile String obtainFailure;
    private volatile Consumer<T> onRelease = s -> {};
    private volatile Runnable onNameRead = () -> {};

    FakeHandle(long serviceId, Object name, int ranking, T service) {
        this.serviceId = serviceId;
        this.key = new Key(serviceId);
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
        FakeHandle<FakeService> h =
                new FakeHandle<>(serviceId, name, ranking, new FakeService(name + "#" + serviceId));
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

    // ------------------------------------------------------------ ServiceHandle

    @Override
    public Object key() {
        return key;
    }

    @Override
    public Object nameProperty() {
        onNameRead.run();
        return name;
    }

    @Override
    public int ranking() {
        return ranking;
    }

    @Override
    public long serviceId() {
        return serviceId;
    }

    @Override
    public String bundleSymbolicName() {
        return "test.bundle";
    }

    @Override
    public String bundleVersion() {
        return "1.0.0";
    }

    @Override
    public T obtain() {
        obtains.incrementAndGet();
        return obtainFailure != null ? null : service;
    }

    @Override
    public String obtainFailureReason() {
        String why = obtainFailure;
        return why != null ? why : "no reason known";
    }

    @Override
    public void release() {
        releases.incrementAndGet();
        onRelease.accept(service);
    }

    @Override
    public int compareTo(ServiceHandle<T> other) {
        int byRanking = Integer.compare(ranking(), other.ranking());
        if (byRanking != 0) {
            return byRanking;
        }
        return Long.compare(other.serviceId(), serviceId()); // the lower id is the greater
    }

    @Override
    public String toString() {
        return "FakeHandle[" + name + " #" + serviceId + " ranking " + ranking + "]";
    }
}
