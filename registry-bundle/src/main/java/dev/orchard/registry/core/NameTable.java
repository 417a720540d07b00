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
 * <p>Entry {@code i} holds a name in slot {@code 2i} and its value in {@code 2i+1}. A key slot, once it holds a
 * name, holds that name until the next rebuild: a removed entry keeps its name with a null value (a dead entry),
 * and only the same name brings it back. So a reader that found a name reads, in the slot beside it, a value of
 * that very name or null, never another name's value; and a name removed and added again, as a provider that
 * restarts is, reuses its entry instead of lengthening probes. A rebuild copies the live entries into a fresh
 * array and publishes it whole. Slots are written with release stores and read with acquire loads.
 *
 * <p>Writes ({@link #put}, {@link #remove}) must be serialized by the caller; reads ({@link #get},
 * {@link #forEach}) may run at any time in any thread.
 */
final class NameTable {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final int MIN_CAPACITY = 16;

    private volatile Object[] slots = new Object[2 * MIN_CAPACITY];
    // Written under the owner's lock only.
    private int live;
    private int used; // live and dead entries

    /**
     * The value of a name.
     *
     * @param name the name
     * @return the value, or null if the name has none
     */
    Object get(String name) {
        Object[] t = slots;
        int mask = (t.length >> 1) - 1;
        int e = index(name.hashCode(), mask);
        while (true) {
            Object k = SLOT.getAcquire(t, e << 1);
            if (k == null) {
                return null;
            }
            if (k == name || name.equals(k)) {
                return SLOT.getAcquire(t, (e << 1) + 1);
            }
            e = (e + 1) & mask;
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
            if (t[i + 1] == null) {
                live++; // a dead entry of this name comes back
            }
            SLOT.setRelease(t, i + 1, value);
            return;
        }
        if ((used + 1) * 4 > (t.length >> 1) * 3) {
            t = rebuild(live + 1);
            i = find(t, name);
        }
        i = -i - 1;
        // The value before the name: a reader that finds the name finds its value.
        SLOT.setRelease(t, i + 1, value);
        SLOT.setRelease(t, i, name);
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
        if (i < 0 || t[i + 1] == null) {
            return;
        }
        SLOT.setRelease(t, i + 1, null); // dead: the name stays, so no other name's value appears beside it
        live--;
        if (live * 8 < (t.length >> 1) && (t.length >> 1) > MIN_CAPACITY) {
            rebuild(live); // mostly empty: give the memory back
        }
    }

    // The writer's probe: the first slot of a name's entry (live or dead), or -(the first slot of the free entry
    // that ends its probe) - 1.
    private static int find(Object[] t, String name) {
        int mask = (t.length >> 1) - 1;
        int e = index(name.hashCode(), mask);
        while (true) {
            Object k = t[e << 1];
            if (k == null) {
                return -(e << 1) - 1;
            }
            if (name.equals(k)) {
                return e << 1;
            }
            e = (e + 1) & mask;
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
            if (k != null) {
                Object v = SLOT.getAcquire(t, i + 1);
                if (v != null) {
                    action.accept((String) k, v);
                }
            }
        }
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
            if (old[j] != null && old[j + 1] != null) {
                int e = index(old[j].hashCode(), mask);
                while (t[e << 1] != null) {
                    e = (e + 1) & mask;
                }
                t[e << 1] = old[j];
                t[(e << 1) + 1] = old[j + 1];
            }
        }
        used = live;
        slots = t; // volatile: publishes the filled array
        return t;
    }

    // Fibonacci hashing, the product's top bits: names that differ in their last characters ("edge-1", "edge-2"
    // ...) have neighbouring hashes, which would fill runs of neighbouring slots and make linear probes long.
    private static int index(int hash, int mask) {
        return (hash * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(mask);
    }
}
