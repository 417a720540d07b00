package dev.orchard.registry.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.ExecIO;
import dev.orchard.api.pod.LogOptions;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodNotifier;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.pod.PodStatus;
import dev.orchard.api.pod.StatsSummary;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.PodSubscriber;
import dev.orchard.api.registry.PodSubscription;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderProperties;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * Subscriptions to a pod provider name: every subscriber gets every pushed pod, a swap re-attaches the
 * subscription to the new candidate and is reported, and a name that loses its provider and gets one back is
 * followed throughout.
 */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class PodSubscriptionTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    PodProviderRegistry registry;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final List<PodSubscription> subscriptions = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        subscriptions.forEach(PodSubscription::close);
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the test unregistered it itself
            }
        }
    }

    private ServiceRegistration<PodProvider> register(PushingPods pods, String name, int ranking) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ProviderProperties.NAME, name);
        props.put(Constants.SERVICE_RANKING, ranking);
        ServiceRegistration<PodProvider> r = context.registerService(PodProvider.class, pods, props);
        registrations.add(r);
        return r;
    }

    private Recorder subscribe(String name) {
        Recorder recorder = new Recorder();
        subscriptions.add(registry.subscribe(name, recorder));
        return recorder;
    }

    private static long id(ServiceRegistration<?> r) {
        return (Long) r.getReference().getProperty(Constants.SERVICE_ID);
    }

    @Test
    void twoSubscribersToOneNameBothGetEveryPushedPod() {
        PushingPods pods = new PushingPods();
        register(pods, "sub-two", 0);
        Recorder first = subscribe("sub-two");
        Recorder second = subscribe("sub-two");
        assertTrue(pods.attached(), "the registry holds the provider's notifyPods slot");
        assertTrue(subscriptions.get(0).pushes());

        pods.push("web");
        pods.push("db");

        Await.until("both subscribers to get both pods", () -> first.pods.size() == 2 && second.pods.size() == 2);
        assertEquals(List.of("web", "db"), first.pods);
        assertEquals(List.of("web", "db"), second.pods);
        assertEquals(List.of("none -> " + id(registrations.get(0))), first.swaps);
    }

    @Test
    void aSubscriberThatThrowsDoesNotStopTheOthers() {
        PushingPods pods = new PushingPods();
        register(pods, "sub-throw", 0);
        subscriptions.add(registry.subscribe("sub-throw", pod -> {
            throw new IllegalStateException("subscriber bug");
        }));
        Recorder other = subscribe("sub-throw");

        pods.push("web");

        Await.until("the other subscriber to get the pod", () -> other.pods.equals(List.of("web")));
    }

    @Test
    void aHigherRankedCandidateTakesTheSubscriptionAndTheOldOnesPodsAreDropped() {
        PushingPods low = new PushingPods();
        PushingPods high = new PushingPods();
        ServiceRegistration<PodProvider> lowReg = register(low, "sub-swap", 1);
        Recorder recorder = subscribe("sub-swap");
        assertTrue(low.attached());

        ServiceRegistration<PodProvider> highReg = register(high, "sub-swap", 5);

        Await.until("the swap to be reported", () -> recorder.swaps.size() == 2, recorder.swaps::toString);
        assertEquals(List.of("none -> " + id(lowReg), id(lowReg) + " -> " + id(highReg)), recorder.swaps);
        assertTrue(high.attached(), "the subscription re-attached to the new candidate");
        assertEquals(id(highReg), subscriptions.get(0).provider().orElseThrow().serviceId());

        low.push("from-old");
        high.push("from-new");
        Await.until("the new candidate's pod", () -> recorder.pods.contains("from-new"), recorder.pods::toString);
        assertEquals(List.of("from-new"), recorder.pods, "a replaced candidate's pods are dropped");
    }

    @Test
    void aNameThatLosesItsProviderAndGetsOneBackIsFollowed() {
        PushingPods first = new PushingPods();
        ServiceRegistration<PodProvider> firstReg = register(first, "sub-gone", 0);
        Recorder recorder = subscribe("sub-gone");
        long firstId = id(firstReg);

        firstReg.unregister();
        Await.until("the removal to be reported", () -> recorder.swaps.size() == 2, recorder.swaps::toString);
        assertEquals(firstId + " -> none", recorder.swaps.get(1));
        assertTrue(subscriptions.get(0).provider().isEmpty());
        assertFalse(subscriptions.get(0).pushes());

        PushingPods back = new PushingPods();
        ServiceRegistration<PodProvider> backReg = register(back, "sub-gone", 0);
        Await.until("the return to be reported", () -> recorder.swaps.size() == 3, recorder.swaps::toString);
        assertEquals("none -> " + id(backReg), recorder.swaps.get(2));
        back.push("again");
        Await.until("pods of the returned provider", () -> recorder.pods.equals(List.of("again")));
    }

    @Test
    void aSubscriptionToANameWithNoProviderYetAttachesWhenOneArrives() {
        Recorder recorder = subscribe("sub-later");
        assertTrue(recorder.swaps.isEmpty());

        PushingPods pods = new PushingPods();
        ServiceRegistration<PodProvider> r = register(pods, "sub-later", 0);

        Await.until("the arrival to be reported", () -> recorder.swaps.size() == 1, recorder.swaps::toString);
        assertEquals("none -> " + id(r), recorder.swaps.get(0));
        assertTrue(pods.attached());
    }

    @Test
    void aClosedSubscriptionHearsNothingMore() {
        PushingPods pods = new PushingPods();
        register(pods, "sub-closed", 0);
        Recorder closed = subscribe("sub-closed");
        Recorder open = subscribe("sub-closed");
        subscriptions.get(0).close();

        pods.push("web");

        Await.until("the open subscriber to get the pod", () -> open.pods.equals(List.of("web")));
        assertTrue(closed.pods.isEmpty());
    }

    @Test
    void anInvalidNameIsRefused() {
        assertThrows(InvalidInputException.class, () -> registry.subscribe("Not_A-Label", new Recorder()));
    }

    /** Records what a subscription delivers: pod names, and swaps as "previous id -> current id". */
    private static final class Recorder implements PodSubscriber {
        final List<String> pods = new CopyOnWriteArrayList<>();
        final List<String> swaps = new CopyOnWriteArrayList<>();

        @Override
        public void podChanged(Pod pod) {
            pods.add(pod.name());
        }

        @Override
        public void providerChanged(Optional<ProviderInfo> previous, Optional<ProviderInfo> current) {
            swaps.add(id(previous) + " -> " + id(current));
        }

        private static String id(Optional<ProviderInfo> p) {
            return p.map(i -> Long.toString(i.serviceId())).orElse("none");
        }
    }

    /** A pod provider that pushes status: the test decides when, through {@link #push}. */
    private static final class PushingPods implements PodProvider, PodNotifier {
        private final EchoPods pods = new EchoPods();
        private volatile Consumer<Pod> callback;

        boolean attached() {
            return callback != null;
        }

        void push(String name) {
            Consumer<Pod> c = callback;
            if (c != null) {
                c.accept(Pod.of("default", name, PodSpec.of(Container.of("main", "busybox"))));
            }
        }

        @Override
        public void notifyPods(Consumer<Pod> newCallback) {
            this.callback = newCallback;
        }

        @Override
        public void createPod(Pod pod) {
            pods.createPod(pod);
        }

        @Override
        public void updatePod(Pod pod) {
            pods.updatePod(pod);
        }

        @Override
        public void deletePod(String namespace, String name) {
            pods.deletePod(namespace, name);
        }

        @Override
        public Pod getPod(String namespace, String name) {
            return pods.getPod(namespace, name);
        }

        @Override
        public PodStatus getPodStatus(String namespace, String name) {
            return pods.getPodStatus(namespace, name);
        }

        @Override
        public List<Pod> getPods() {
            return pods.getPods();
        }

        @Override
        public StatsSummary getStatsSummary() {
            return pods.getStatsSummary();
        }

        @Override
        public InputStream getContainerLogs(String namespace, String pod, String container, LogOptions options) {
            return pods.getContainerLogs(namespace, pod, container, options);
        }

        @Override
        public int runInContainer(String namespace, String pod, String container, List<String> cmd, ExecIO io) {
            return pods.runInContainer(namespace, pod, container, cmd, io);
        }

        @Override
        public Node configureNode(Node node) {
            return pods.configureNode(node);
        }
    }
}
