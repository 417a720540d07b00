package dev.orchard.benchmarks;

import dev.orchard.registry.core.ServiceHandle;

/** A service registration without a framework: what the registry core sees of a ServiceReference. */
final class BenchHandle<S> implements ServiceHandle<S> {
    private final long id;
    private final String name;
    private final S service;

    BenchHandle(long id, String name, S service) {
        this.id = id;
        this.name = name;
        this.service = service;
    }

    @Override
    public Object key() {
        return this;
    }

    @Override
    public Object nameProperty() {
        return name;
    }

    @Override
    public int ranking() {
        return 0;
    }

    @Override
    public long serviceId() {
        return id;
    }

    @Override
    public String bundleSymbolicName() {
        return "bench";
    }

    @Override
    public String bundleVersion() {
        return "1.0.0";
    }

    @Override
    public S obtain() {
        return service;
    }

    @Override
    public String obtainFailureReason() {
        return "";
    }

    @Override
    public void release() {
        // nothing held
    }

    @Override
    public int compareTo(ServiceHandle<S> o) {
        return Long.compare(o.serviceId(), id); // as ServiceReference: the lower id is preferred
    }
}
