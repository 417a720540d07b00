package dev.orchard.registry.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BiConsumer;

/**
 * The registry's map from provider name to that name's value: an open-addressing hash table in one array, read
 * without a lock and written under the owner's lock. It exists because the registry's heap per provider is a
 * target: an entry costs two array slots (about 13 bytes at the usual load), where a {@code ConcurrentHashMap}
 * entry costs a 32-byte node plus its table slot.
 *
 * <p>Slot {@code 2i} holds a name, {@code 2i+1} its value. A name's key slot goes from null to the name to a
 * tombstone, and never back: a removed entry's slots are not reused until the next rebuild, which copies the live
 * entries into a fresh array and publishes it whole. So a reader that found a name's key slot reads in the value
 * slot either a value of that very name or null (removed meanwhile), never another name's value. Values are
 * published with release stores and read with acquire loads, so a reader that sees a value sees it whole.
 *
 * <p>Writes ({@link #put}, {@link #remove}) must be serialized by the caller; reads ({@link #get},
 * {@link #forEach}) may run at any time in any thread.
 */
final class NameTable {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final Object TOMBSTONE = new Object();
    private static final int MIN_CAPACITY = 16;

    private volatile Object[] slots = new Object[2 * MIN_CAPACITY];
    // Written under the owner's lock only.
    private int live;
    private int used; // live entries and tombstones

    /**
     * The value of a name.
     *
     * @param name the name
     * @return the value, or null if the name has none
     */
    Object get(String name) {
        Object[] t = slots;
        int mask = (t.length >> 1) - 1;
        int i = index(name, mask);
        while (true) {
            Object k = SLOT.getAcquire(t, i << 1);
            if (k == null) {
                return null;
            }
            if (k == name || (k != TOMBSTONE && name.equals(k))) {
                return SLOT.getAcquire(t, (i << 1) + 1);
            }
            i = (i + 1) & mask;
        }
    }

    /**
     * Sets the value of a name. Caller holds the lock.
     *
     * @param name the name
     * @param value the value, not null
     */
    void put(String name, Object value) {
        Object[] t = slots;
        int i = find(t, name);
        if (i >= 0) {
            SLOT.setRelease(t, (i << 1) + 1, value);
            return;
        }
        if ((used + 1) * 4 > (t.length >> 1) * 3) {
            t = rebuild(live + 1);
            i = find(t, name);
        }
        i = -i - 1;
        // The value before the name: a reader that finds the name finds its value.
        SLOT.setRelease(t, (i << 1) + 1, value);
        SLOT.setRelease(t, i << 1, name);
        live++;
        used++;
    }

    /**
     * Removes a name. Caller holds the lock.
     *
     * @param name the name
     */
    void remove(String name) {
        Object[] t = slots;
        int i = find(t, name);
        if (i < 0) {
            return;
        }
        SLOT.setRelease(t, (i << 1) + 1, null);
        SLOT.setRelease(t, i << 1, TOMBSTONE);
        live--;
        if (live * 8 < (t.length >> 1) && (t.length >> 1) > MIN_CAPACITY) {
            rebuild(live); // mostly empty: give the memory back
        }
    }

    // The writer's probe: the entry index of a name, or -(the index of the free slot that ends its probe) - 1.
    private static int find(Object[] t, String name) {
        int mask = (t.length >> 1) - 1;
        int i = index(name, mask);
        while (true) {
            Object k = t[i << 1];
            if (k == null) {
                return -i - 1;
            }
            if (k != TOMBSTONE && name.equals(k)) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /**
     * Calls an action for every name and value, as of some moment during the call.
     *
     * @param action the action
     */
    void forEach(BiConsumer<String, Object> action) {
        Object[] t = slots;
        for (int i = 0; i < t.length; i += 2) {
            Object k = SLOT.getAcquire(t, i);
            if (k != null && k != TOMBSTONE) {
                Object v = SLOT.getAcquire(t, i + 1);
                if (v != null) {
                    action.accept((String) k, v);
                }
            }
        }
    }

    /**
     * The number of names. Caller holds the lock.
     *
     * @return the count
     */
    int size() {
        return live;
    }

    // Copies the live entries into a fresh array sized for at least `entries`, kept at most 3/4 full, as a
    // ConcurrentHashMap is, and publishes it whole. Readers of the old array still see a consistent old state.
    private Object[] rebuild(int entries) {
        int capacity = MIN_CAPACITY;
        while (entries * 4 > capacity * 3) {
            capacity <<= 1;
        }
        Object[] old = slots;
        Object[] t = new Object[2 * capacity];
        int mask = capacity - 1;
        for (int j = 0; j < old.length; j += 2) {
            Object k = old[j];
            if (k != null && k != TOMBSTONE) {
                int i = index((String) k, mask);
                while (t[i << 1] != null) {
                    i = (i + 1) & mask;
                }
                t[i << 1] = k;
                t[(i << 1) + 1] = old[j + 1];
            }
        }
        used = live;
        slots = t; // volatile: publishes the filled array
        return t;
    }

    // Fibonacci hashing, the product's top bits: sequential names ("bench-1", "bench-2" ...) spread over the
    // table instead of clustering in one run of slots.
    private static int index(String name, int mask) {
        return (name.hashCode() * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(mask);
    }
}
