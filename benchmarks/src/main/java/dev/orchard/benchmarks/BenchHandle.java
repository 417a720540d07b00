package dev.orchard.benchmarks;

import dev.orchard.registry.core.ServiceAccess;

/** A service registration without a framework: what the registry core keeps of a ServiceReference. */
final class BenchHandle {
    /** Reads bench handles for the registry core, as the OSGi layer reads service references. */
    static final ServiceAccess<BenchHandle, Object> ACCESS = new ServiceAccess<>() {
        @Override
        public Object nameProperty(BenchHandle h) {
            return h.name;
        }

        @Override
        public int ranking(BenchHandle h) {
            return 0;
        }

        @Override
        public long serviceId(BenchHandle h) {
            return h.id;
        }

        @Override
        public String bundleSymbolicName(BenchHandle h) {
            return "bench";
        }

        @Override
        public String bundleVersion(BenchHandle h) {
            return "1.0.0";
        }

        @Override
        public Object obtain(BenchHandle h) {
            return h.service;
        }

        @Override
        public String obtainFailureReason(BenchHandle h) {
            return "";
        }

        @Override
        public void release(BenchHandle h) {
            // nothing held
        }

        @Override
        public int compare(BenchHandle a, BenchHandle b) {
            return Long.compare(b.id, a.id); // as ServiceReference: the lower id is preferred
        }
    };

    private final long id;
    private final String name;
    private final Object service;

    BenchHandle(long id, String name, Object service) {
        this.id = id;
        this.name = name;
        this.service = service;
    }
}
