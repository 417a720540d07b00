package dev.orchard.provider.local.internal;

/** A (namespace, name) key: never one concatenated string. */
record PodKey(String namespace, String name) implements Comparable<PodKey> {
    @Override
    public int compareTo(PodKey o) {
        int c = namespace.compareTo(o.namespace);
        return c != 0 ? c : name.compareTo(o.name);
    }
}
