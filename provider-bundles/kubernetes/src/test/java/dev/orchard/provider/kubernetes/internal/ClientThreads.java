package dev.orchard.provider.kubernetes.internal;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The live threads of the HTTP clients and of fabric8 in this JVM, by family (a name with its numbers as '#'), for
 * tests that check that a provider leaves none behind. Immutable.
 *
 * @param all every live thread
 * @param families the clients' live threads, by family
 */
record ClientThreads(int all, Map<String, Long> families) {
    /** The selector thread of a JDK HTTP client: one per client, which ends only once the client is collected. */
    static final String SELECTOR = "HttpClient-#-SelectorManager";

    // fabric8's Utils.daemonThreadFactory names "<simple class name>-<identity hash>-pool-N-thread-M", the simple
    // name being empty for an anonymous class.
    private static final Pattern FABRIC8_POOL = Pattern.compile("\\w*-\\d+-pool-\\d+-thread-\\d+");

    /** Copies the families. */
    ClientThreads {
        families = Map.copyOf(families);
    }

    /**
     * Counts the threads now.
     *
     * @return the census
     */
    static ClientThreads now() {
        var names = Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .toList();
        Map<String, Long> families = names.stream()
                .filter(ClientThreads::ofAClient)
                .collect(Collectors.groupingBy(n -> n.replaceAll("[0-9]+", "#"), TreeMap::new, Collectors.counting()));
        return new ClientThreads(names.size(), families);
    }

    /**
     * Counts the threads once the JDK clients that are closed have ended: earlier tests' in this JVM, whose selector
     * threads end only after a collection.
     *
     * @param open how many JDK clients are open now
     * @param timeout how long to wait for the others to end
     * @return the census
     */
    static ClientThreads once(int open, Duration timeout) {
        ClientThreads[] census = {null};
        Cluster.await("the JDK HTTP clients closed before to end, leaving " + open, timeout, () -> {
            census[0] = collected();
            return census[0].of(SELECTOR) <= open;
        });
        return census[0];
    }

    /**
     * Counts the threads after a collection, which ends the selector threads of closed JDK clients.
     *
     * @return the census
     */
    static ClientThreads collected() {
        System.gc();
        return now();
    }

    /**
     * The clients' threads, every family together.
     *
     * @return how many
     */
    long clients() {
        return families.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The threads of one family.
     *
     * @param family the name with its numbers as '#'
     * @return how many
     */
    long of(String family) {
        return families.getOrDefault(family, 0L);
    }

    // The JDK HTTP client's threads (HttpClient-N-SelectorManager, JdkHttpClientFactory-N-pool-...), OkHttp's
    // should fabric8 pick it, fabric8's own (its scheduler and its pools) and the provider's (orchard-kubernetes-...:
    // its HTTP client's executor, its notifications, its region lookup).
    private static boolean ofAClient(String name) {
        return name.contains("HttpClient")
                || name.startsWith("orchard-kubernetes-")
                || name.contains("OkHttp")
                || name.startsWith("CachedSingleThreadScheduler")
                || FABRIC8_POOL.matcher(name).matches();
    }
}
