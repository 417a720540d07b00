package dev.orchard.provider.tck;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orchard.api.error.OrchardException;
import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.orchestrator.StorageOps;
import dev.orchard.api.orchestrator.VolumeProfile;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.PodProvider;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/**
 * Only {@code dev.orchard.api.error} exceptions escape a provider, whichever contracts it publishes: wrong calls on
 * its StorageOps and its PodProvider throw typed errors, and an Orchestrator's identity answers without throwing.
 */
@ExtendWith(BundleContextExtension.class)
class TypedErrorsConformanceTest {
    @InjectBundleContext
    BundleContext context;

    private Orchestrator orchestrator;
    private PodProvider pods;
    private String ns;

    @BeforeEach
    void findProvider(TestInfo check) {
        Tck.skipWhereStated(context, check);
        orchestrator = Tck.service(context, Orchestrator.class);
        pods = Tck.service(context, PodProvider.class);
        Tck.skipUnless(
                context,
                orchestrator != null || pods != null,
                Tck.Contract.ORCHESTRATOR,
                "provider " + Tck.providerName(context) + " publishes neither an Orchestrator nor a PodProvider");
        ns = Tck.freshNamespace();
    }

    @AfterEach
    void cleanUp() {
        Tck.deleteAllIn(pods, ns);
    }

    @Test
    void onlyTypedErrorsEscape() {
        List<Executable> bad = new ArrayList<>();
        if (orchestrator != null) {
            assertDoesNotThrow(orchestrator::name, "name()");
            assertDoesNotThrow(orchestrator::label, "label()");
            assertDoesNotThrow(orchestrator::region, "region()");
            StorageOps storage =
                    assertDoesNotThrow(orchestrator::storageOps, "storageOps()").orElse(null);
            if (storage != null) {
                VolumeProfile nameless =
                        VolumeProfile.builder().namespace(ns).capacity("1Mi").build();
                VolumeProfile capacityless =
                        VolumeProfile.builder().namespace(ns).name("nocap").build();
                bad.add(() -> storage.addStorage(nameless));
                bad.add(() -> storage.addStorage(capacityless));
                bad.add(() -> storage.readStorage(nameless));
                bad.add(() -> storage.deleteStorage(nameless));
            }
        }
        if (pods != null) {
            Tck.createRunning(pods, Tck.pod(ns, "errors"));
            bad.add(() -> pods.createPod(Tck.pod(ns, "errors")));
            bad.add(() -> pods.getPod(ns, "absent"));
            bad.add(() -> pods.getContainerLogs(
                    ns, "errors", "main", LogOptions.builder().previous(true).build()));
            bad.add(() -> pods.runInContainer(
                    ns,
                    "errors",
                    "nosuch",
                    List.of("true"),
                    new ExecIO(null, new ByteArrayOutputStream(), null, false)));
            bad.add(() -> pods.deletePod(Tck.freshNamespace(), "errors"));
        }
        for (Executable call : bad) {
            Throwable t = assertThrows(Throwable.class, call::run);
            assertInstanceOf(
                    OrchardException.class, t, () -> "only dev.orchard.api.error exceptions may escape, got " + t);
        }
    }

    /** A call that is expected to fail. */
    @FunctionalInterface
    private interface Executable {
        void run() throws Exception;
    }
}
