package dev.orchard.http.tests;

import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.error.UnsupportedException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeList;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.registry.ProviderProperties;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/** Providers the tests register beside the mock, for the error categories the mock never answers, and removes. */
final class TestProviders implements AutoCloseable {
    private final BundleContext context;
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    TestProviders(BundleContext context) {
        this.context = context;
    }

    /** Registers a service under a provider name, with extra properties as key, value pairs. */
    <S> void register(Class<S> contract, S service, String name, Object... more) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        for (int i = 0; i < more.length; i += 2) {
            props.put((String) more[i], more[i + 1]);
        }
        registrations.add(context.registerService(contract, service, props));
    }

    @Override
    public void close() {
        registrations.forEach(ServiceRegistration::unregister);
        registrations.clear();
    }

    /** An orchestrator with no storage: every volume call is Unsupported. */
    static Orchestrator withoutStorage(String name) {
        return orchestrator(name, Optional.empty());
    }

    /** An orchestrator whose storage is Unavailable: every volume call may be retried later. */
    static Orchestrator unavailable(String name) {
        return orchestrator(name, Optional.of(new StorageOps() {
            @Override
            public Volume addStorage(VolumeProfile profile) {
                throw down();
            }

            @Override
            public boolean deleteStorage(VolumeProfile profile) {
                throw down();
            }

            @Override
            public Optional<Volume> readStorage(VolumeProfile profile) {
                throw down();
            }

            @Override
            public VolumeList listStorage(VolumeProfile profile) {
                throw down();
            }

            private UnavailableException down() {
                return new UnavailableException("storage of " + name + " is down for maintenance");
            }
        }));
    }

    /** An orchestrator whose storage fails in a way no API error describes: a bug in the provider. */
    static Orchestrator broken(String name) {
        return orchestrator(name, Optional.of(new StorageOps() {
            @Override
            public Volume addStorage(VolumeProfile profile) {
                throw new IllegalStateException("secret internal detail");
            }

            @Override
            public boolean deleteStorage(VolumeProfile profile) {
                throw new IllegalStateException("secret internal detail");
            }

            @Override
            public Optional<Volume> readStorage(VolumeProfile profile) {
                throw new IllegalStateException("secret internal detail");
            }

            @Override
            public VolumeList listStorage(VolumeProfile profile) {
                throw new IllegalStateException("secret internal detail");
            }
        }));
    }

    /** An orchestrator whose volume listing blocks until released, as a provider stuck on a dead backend does. */
    static Orchestrator hung(String name, CountDownLatch release) {
        StorageOps stuck = new StorageOps() {
            @Override
            public Volume addStorage(VolumeProfile profile) {
                throw unsupported("addStorage");
            }

            @Override
            public boolean deleteStorage(VolumeProfile profile) {
                throw unsupported("deleteStorage");
            }

            @Override
            public Optional<Volume> readStorage(VolumeProfile profile) {
                throw unsupported("readStorage");
            }

            @Override
            public VolumeList listStorage(VolumeProfile profile) {
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw unsupported("listStorage");
            }
        };
        return orchestrator(name, Optional.of(stuck));
    }

    private static Orchestrator orchestrator(String name, Optional<StorageOps> storage) {
        return new Orchestrator() {
            @Override
            public String label() {
                return "test";
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public String region() {
                return "";
            }

            @Override
            public Optional<StorageOps> storageOps() {
                return storage;
            }
        };
    }

    /** Unsupported, for the calls a test provider does not serve. */
    static UnsupportedException unsupported(String what) {
        return new UnsupportedException("the test provider has no " + what);
    }
}
