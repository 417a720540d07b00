package dev.orchard.provider.mock.internal;

import java.util.Comparator;

/** A (namespace, name) key: never one concatenated string, so "a-b"/"c" and "a"/"b-c" never collide. */
record PodKey(String namespace, String name) implements Comparable<PodKey> {
    private static final Comparator<PodKey> ORDER =
            Comparator.comparing(PodKey::namespace).thenComparing(PodKey::name);

    @Override
    public int compareTo(PodKey other) {
        return ORDER.compare(this, other);
    }
}
