package dev.orchard.provider.tck;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodPhase;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.RestartPolicy;
import dev.orchard.api.registry.ProviderProperties;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.TestInfo;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.util.tracker.ServiceTracker;

/** What every conformance test shares: the provider under test, fresh namespaces, waiting and cleanup. */
final class Tck {
    /** The framework property naming the provider under test. */
    static final String PROVIDER_PROPERTY = KitProperties.PROVIDER;
    /** How long the kit waits for a provider to appear, or for a pod to reach a phase. */
    static final Duration TIMEOUT = Duration.ofSeconds(Long.getLong(KitProperties.TIMEOUT_SECONDS, 20));
    /**
     * The prefix of the framework properties that skip one check with a reason, e.g. {@code
     * orchard.tck.skip.execReturnsExitCodesAndOutput=the mock API server runs no containers}: a run states there, in
     * its own words, what its provider's environment cannot do, and the report shows each skip with that reason.
     */
    static final String SKIP_PREFIX = KitProperties.SKIP_PREFIX;
    /**
     * The framework property listing, comma-separated, the contracts a run requires ({@link Contract#option()}):
     * a check that would skip for want of one of them fails instead.
     */
    static final String REQUIRE_PROPERTY = KitProperties.REQUIRE;
    /** The lines every test pod's container prints, then it keeps running. */
    static final List<String> LOG_LINES = List.of("line-1", "line-2", "line-3");

    private static final Map<String, Object> FOUND = new ConcurrentHashMap<>();

    /**
     * A contract a provider may publish or lack, as a check's skip names it. A skip's message starts with {@link
     * #missing()} and a colon, so that a run's summary counts skips by it.
     */
    enum Contract {
        ORCHESTRATOR("storage", "no Orchestrator"),
        STORAGE("storage", "no StorageOps"),
        PODS("pods", "no PodProvider"),
        NOTIFY("notify", "no PodNotifier");

        private final String option;
        private final String missing;

        Contract(String option, String missing) {
            this.option = option;
            this.missing = missing;
        }

        /**
         * The word of {@link #REQUIRE_PROPERTY} (and of the command's {@code --require}) that requires it.
         *
         * @return e.g. {@code storage}
         */
        String option() {
            return option;
        }

        /**
         * How a skip for want of it begins.
         *
         * @return e.g. {@code no StorageOps}
         */
        String missing() {
            return missing;
        }
    }

    private Tck() {}

    static String providerName(BundleContext context) {
        // A system property wins, so that the kit's own self-check can point one run at a broken provider.
        String name = System.getProperty(PROVIDER_PROPERTY, context.getProperty(PROVIDER_PROPERTY));
        if (name == null || name.isBlank()) {
            fail("Set the framework property " + PROVIDER_PROPERTY + " to the orchard.provider.name to test,"
                    + " e.g. -runproperties: " + PROVIDER_PROPERTY + "=mock");
        }
        return name.trim();
    }

    /**
     * Skips the running check if the run states a reason to ({@link #SKIP_PREFIX} and the check's method name).
     *
     * @param context the kit's bundle context, whose framework properties are read
     * @param check the running check
     */
    static void skipWhereStated(BundleContext context, TestInfo check) {
        String method = check.getTestMethod().map(m -> m.getName()).orElse("");
        String reason = context.getProperty(SKIP_PREFIX + method);
        assumeTrue(
                reason == null || reason.isBlank(),
                () -> "skipped as stated: " + method + " skipped for provider " + providerName(context) + ": "
                        + reason);
    }

    /**
     * The provider's service of a type, or null if it publishes none (asked once per type). It waits the full
     * timeout only while nothing of that name is registered; once the provider is up, a contract it does not
     * implement is given 2 s more.
     */
    static <T> T service(BundleContext context, Class<T> type) {
        Object found = FOUND.computeIfAbsent(providerName(context) + "/" + type.getName(), t -> {
            ServiceTracker<T, T> tracker = new ServiceTracker<>(context, filter(context, type), null);
            tracker.open();
            try {
                T s = tracker.waitForService(anyServiceOfTheProvider(context) ? 2_000 : TIMEOUT.toMillis());
                return s == null ? Boolean.FALSE : s;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Boolean.FALSE;
            }
            // the tracker stays open: the kit holds the service for the whole run
        });
        return type.isInstance(found) ? type.cast(found) : null;
    }

    private static boolean anyServiceOfTheProvider(BundleContext context) {
        try {
            return context.getServiceReferences(
                            (String) null, "(" + ProviderProperties.NAME + "=" + providerName(context) + ")")
                    != null;
        } catch (InvalidSyntaxException e) {
            return false;
        }
    }

    static Filter filter(BundleContext context, Class<?> type) {
        try {
            return FrameworkUtil.createFilter("(&(objectClass=" + type.getName() + ")(" + ProviderProperties.NAME + "="
                    + providerName(context) + "))");
        } catch (InvalidSyntaxException e) {
            throw new AssertionError("the provider name makes an invalid filter: " + e.getMessage(), e);
        }
    }

    /** A namespace no other test uses, so tests never see each other's volumes and pods. */
    static String freshNamespace() {
        return "tck-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A pod whose one container prints {@link #LOG_LINES} and then keeps running. */
    static Pod pod(String namespace, String name) {
        Container c =
                Container.of("main", "busybox:1.36", "sh", "-c", "echo line-1; echo line-2; echo line-3; sleep 300");
        return Pod.of(namespace, name, new PodSpec(List.of(c), List.of(), RestartPolicy.NEVER, 1, ""));
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted while waiting for " + what);
            }
        }
    }

    /**
     * Creates a pod and waits until it runs.
     *
     * @param provider the provider under test
     * @param pod the pod to create
     */
    static void createRunning(PodProvider provider, Pod pod) {
        provider.createPod(pod);
        Tck.await(
                "pod " + pod.name() + " to run",
                () -> statusOf(provider, pod.namespace(), pod.name()).phase() == PodPhase.RUNNING);
    }

    /**
     * The status of a created pod, which a provider must give: a null fails the check with a readable message.
     *
     * @param provider the provider under test
     * @param namespace the pod's namespace
     * @param name the pod's name
     * @return its status
     */
    static PodStatus statusOf(PodProvider provider, String namespace, String name) {
        PodStatus status = provider.getPodStatus(namespace, name);
        assertNotNull(status, "getPodStatus of a created pod returned null; it must return its status");
        return status;
    }

    /** Deletes a pod if it exists and waits until it is gone. */
    static void deleteQuietly(PodProvider provider, String namespace, String name) {
        try {
            provider.deletePod(namespace, name);
        } catch (NotFoundException gone) {
            return;
        } catch (OrchardException e) {
            // fall through to wait
        }
        await("pod " + namespace + "/" + name + " to be gone", () -> {
            try {
                provider.getPod(namespace, name);
                return false;
            } catch (NotFoundException gone) {
                return true;
            }
        });
    }

    /** The provider's PodProvider; the test is skipped, saying why, if the provider publishes none. */
    static PodProvider podProviderOrSkip(BundleContext context) {
        PodProvider provider = service(context, PodProvider.class);
        skipUnless(
                context,
                provider != null,
                Contract.PODS,
                "provider " + providerName(context) + " publishes no PodProvider service");
        return provider;
    }

    /**
     * Skips the running check, saying why, if the provider lacks a contract; fails it instead if the run requires
     * that contract ({@link #REQUIRE_PROPERTY}).
     *
     * @param context the kit's bundle context, whose framework properties are read
     * @param present whether the provider has the contract
     * @param contract the contract
     * @param why what is missing, in words
     */
    static void skipUnless(BundleContext context, boolean present, Contract contract, String why) {
        if (present) {
            return;
        }
        String required = context.getProperty(REQUIRE_PROPERTY);
        if (required != null
                && List.of(required.split(",")).stream().anyMatch(r -> r.trim().equals(contract.option()))) {
            fail(contract.missing() + ", which the run requires (" + contract.option() + "): " + why);
        }
        assumeTrue(false, contract.missing() + ": " + why + "; the check is skipped");
    }

    /** Deletes every pod a test made in its namespace. */
    static void deleteAllIn(PodProvider provider, String namespace) {
        if (provider != null) {
            for (Pod p : provider.getPods()) {
                if (p.namespace().equals(namespace)) {
                    deleteQuietly(provider, namespace, p.name());
                }
            }
        }
    }
}
