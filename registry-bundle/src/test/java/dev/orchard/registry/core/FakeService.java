package dev.orchard.registry.core;

import java.util.concurrent.atomic.AtomicInteger;

/** The service a {@link FakeHandle} hands out; it knows whether its handle released it. */
final class FakeService {
    private final String label;
    private final AtomicInteger calls = new AtomicInteger();
    private volatile boolean released;

    FakeService(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    boolean released() {
        return released;
    }

    void markReleased() {
        released = true;
    }

    /** Counts one use; returns this. */
    FakeService use() {
        calls.incrementAndGet();
        return this;
    }

    int calls() {
        return calls.get();
    }

    @Override
    public String toString() {
        return "FakeService[" + label + (released ? ", released" : "") + "]";
    }
}
