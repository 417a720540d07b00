package dev.orchard.registry.core;

import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records listener events as short strings, e.g. {@code added x#1}, {@code replaced x#1->x#2}. */
final class RecordingListener implements ProviderListener {
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<ProviderInfo> infos = new CopyOnWriteArrayList<>();

    static String id(ProviderInfo p) {
        return p.name() + "#" + p.serviceId();
    }

    @Override
    public void added(ProviderInfo provider) {
        infos.add(provider);
        events.add("added " + id(provider));
    }

    @Override
    public void replaced(ProviderInfo previous, ProviderInfo current) {
        infos.add(previous);
        infos.add(current);
        events.add("replaced " + id(previous) + "->" + id(current));
    }

    @Override
    public void removed(ProviderInfo provider) {
        infos.add(provider);
        events.add("removed " + id(provider));
    }

    @Override
    public void failed(ProviderInfo provider) {
        infos.add(provider);
        events.add("failed " + id(provider));
    }

    List<String> drain() {
        List<String> copy = List.copyOf(events);
        events.clear();
        infos.clear();
        return copy;
    }
}
