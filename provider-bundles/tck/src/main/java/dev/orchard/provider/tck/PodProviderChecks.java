package dev.orchard.provider.tck;

import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/**
 * What every class of pod checks shares: the provider under test (or a skip with the reason), a fresh namespace
 * per check, its pods deleted afterwards, and a create that waits for Running.
 */
@ExtendWith(BundleContextExtension.class)
abstract class PodProviderChecks {
    @InjectBundleContext
    BundleContext context;

    PodProvider provider;
    String ns;

    @BeforeEach
    void findProvider(TestInfo check) {
        Tck.skipWhereStated(context, check);
        provider = Tck.podProviderOrSkip(context);
        ns = Tck.freshNamespace();
    }

    @AfterEach
    void cleanUp() {
        Tck.deleteAllIn(provider, ns);
    }

    /**
     * Creates a pod of this check's namespace and waits until it runs.
     *
     * @param pod the pod to create
     */
    void createRunning(Pod pod) {
        Tck.createRunning(provider, pod);
    }
}
