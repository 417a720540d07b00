package dev.orchard.provider.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.AlreadyExistsException;
import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.registry.ProviderProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/** The Orchestrator contract and, if the provider has them, its StorageOps. */
@ExtendWith(BundleContextExtension.class)
class OrchestratorConformanceTest {
    @InjectBundleContext
    BundleContext context;

    private Orchestrator orchestrator;
    private String ns;

    @BeforeEach
    void findProvider(TestInfo check) {
        Tck.skipWhereStated(context, check);
        orchestrator = Tck.service(context, Orchestrator.class);
        Tck.skipUnless(
                context,
                orchestrator != null,
                Tck.Contract.ORCHESTRATOR,
                "provider " + Tck.providerName(context) + " publishes no Orchestrator service");
        ns = Tck.freshNamespace();
    }

    private StorageOps storage() {
        var ops = orchestrator.storageOps();
        assertNotNull(ops, "storageOps() must return an Optional, never null");
        Tck.skipUnless(
                context,
                ops.isPresent(),
                Tck.Contract.STORAGE,
                "provider " + Tck.providerName(context) + " has no StorageOps");
        return ops.get();
    }

    private VolumeProfile.Builder volume(String name) {
        return VolumeProfile.builder().namespace(ns).name(name);
    }

    @Test
    void identityMatchesTheServiceProperty() throws Exception {
        assertEquals(Tck.providerName(context), orchestrator.name(), "name() equals orchard.provider.name");
        assertNotNull(orchestrator.label(), "label()");
        assertNotNull(orchestrator.region(), "region()");
        ServiceReference<?>[] refs = context.getServiceReferences(
                Orchestrator.class.getName(), "(" + ProviderProperties.NAME + "=" + orchestrator.name() + ")");
        assertNotNull(refs, "the orchestrator is registered under its name");
    }

    @Test
    void addReadListDelete() {
        StorageOps ops = storage();
        Volume a = ops.addStorage(volume("vol-a")
                .capacity("1Mi")
                .label("app", "tck")
                .label("tier", "a")
                .build());
        assertEquals("vol-a", a.name());
        assertEquals(ns, a.namespace());
        assertEquals(1L << 20, a.capacityBytes());
        assertFalse(a.uid().isBlank(), "a volume has a uid");
        ops.addStorage(volume("vol-b")
                .capacity("2Mi")
                .label("app", "tck")
                .label("tier", "b")
                .build());

        Volume read = ops.readStorage(volume("vol-a").build()).orElseThrow(() -> new AssertionError("vol-a read"));
        assertEquals(a.uid(), read.uid());
        assertEquals(1L << 20, read.capacityBytes());

        List<String> all = names(
                ops.listStorage(VolumeProfile.builder().namespace(ns).build()).items());
        assertEquals(List.of("vol-a", "vol-b"), all, "list by namespace, ordered by name");
        assertEquals(
                List.of("vol-a"),
                names(ops.listStorage(VolumeProfile.builder()
                                .namespace(ns)
                                .label("tier", "a")
                                .build())
                        .items()),
                "list by label");
        assertEquals(
                List.of(),
                names(ops.listStorage(VolumeProfile.builder()
                                .namespace(Tck.freshNamespace())
                                .build())
                        .items()),
                "other namespace");

        assertTrue(ops.deleteStorage(volume("vol-a").build()), "delete of an existing volume returns true");
        assertFalse(ops.deleteStorage(volume("vol-a").build()), "a second delete returns false: idempotent");
        assertTrue(ops.readStorage(volume("vol-a").build()).isEmpty(), "a deleted volume is gone");
        assertTrue(ops.deleteStorage(volume("vol-b").build()));
    }

    @Test
    void addingAnExistingNameIsAlreadyExists() {
        StorageOps ops = storage();
        ops.addStorage(volume("dup").capacity("1Mi").build());
        try {
            assertThrows(
                    AlreadyExistsException.class,
                    () -> ops.addStorage(volume("dup").capacity("1Mi").build()));
        } finally {
            ops.deleteStorage(volume("dup").build());
        }
    }

    @Test
    void unknownVolumesReadEmptyAndDeleteFalse() {
        StorageOps ops = storage();
        assertTrue(ops.readStorage(volume("never").build()).isEmpty());
        assertFalse(ops.deleteStorage(volume("never").build()));
    }

    @Test
    void invalidProfilesAreInvalidInput() {
        StorageOps ops = storage();
        VolumeProfile nameless =
                VolumeProfile.builder().namespace(ns).capacity("1Mi").build();
        assertThrows(InvalidInputException.class, () -> ops.addStorage(nameless), "add without a name");
        assertThrows(
                InvalidInputException.class,
                () -> ops.addStorage(volume("nocap").build()),
                "add without a capacity");
        assertThrows(InvalidInputException.class, () -> ops.readStorage(nameless), "read without a name");
        assertThrows(InvalidInputException.class, () -> ops.deleteStorage(nameless), "delete without a name");
        assertTrue(ops.readStorage(volume("nocap").build()).isEmpty(), "a refused add leaves nothing behind");
    }

    @Test
    void concurrentAddsOfOneNameLeaveExactlyOneVolume() throws Exception {
        StorageOps ops = storage();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Callable<Boolean> add = () -> {
                    start.await();
                    try {
                        ops.addStorage(volume("race").capacity("1Mi").build());
                        return true;
                    } catch (AlreadyExistsException lost) {
                        return false;
                    }
                };
                results.add(pool.submit(add));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> r : results) {
                won += r.get(Tck.TIMEOUT.toSeconds(), TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, won, "exactly one concurrent add succeeds");
            assertEquals(
                    1,
                    ops.listStorage(VolumeProfile.builder().namespace(ns).build())
                            .size());
        } finally {
            pool.shutdownNow();
            ops.deleteStorage(volume("race").build());
        }
    }

    private static List<String> names(List<Volume> volumes) {
        List<String> names = new ArrayList<>();
        volumes.forEach(v -> names.add(v.name()));
        return names;
    }
}
