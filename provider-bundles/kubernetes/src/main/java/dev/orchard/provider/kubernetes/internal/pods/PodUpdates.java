package dev.orchard.provider.kubernetes.internal.pods;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.NamespacedName;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.provider.kubernetes.mapping.ContainerManifest;
import dev.orchard.provider.kubernetes.mapping.OriginLabels;
import dev.orchard.provider.kubernetes.mapping.PodManifest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an update may change in a running pod, as Kubernetes allows it: labels, annotations, container and init
 * container images, and added tolerations. Anything else is refused with the first field that differs named.
 */
final class PodUpdates {
    private PodUpdates() {}

    /**
     * Checks that an update changes only what Kubernetes lets change in a running pod.
     *
     * @param current the pod as it is
     * @param wanted the pod as the caller wants it
     * @throws InvalidInputException naming the first field that may not change
     */
    static void requireAllowed(Pod current, Pod wanted) {
        OriginLabels.requireNoneOwned("labels", wanted.metadata().labels());
        OriginLabels.requireNoneOwned("annotations", wanted.metadata().annotations());
        PodSpec is = current.spec();
        PodSpec want = wanted.spec();
        if (!want.tolerations().containsAll(is.tolerations())) {
            throw refused(wanted, "spec.tolerations", "tolerations may be added, never removed or changed");
        }
        // The spec the caller wants, with what may change set back to what is: it must then be the same.
        PodSpec unchanged = want.withContainers(
                        images(want.containers(), is.containers()), images(want.initContainers(), is.initContainers()))
                .withScheduling(want.nodeSelector(), is.tolerations());
        String field = firstDifference("spec", is, unchanged);
        if (field != null) {
            throw refused(
                    wanted,
                    field,
                    "Kubernetes lets a running pod change only its labels, annotations,"
                            + " container images and tolerations (added ones); delete and create the pod instead");
        }
    }

    /**
     * Applies an allowed update to the pod as the API server has it.
     *
     * @param pod the pod from the API server, changed in place
     * @param wanted the pod as the caller wants it
     * @param origin the labels marking what the provider made
     * @return the pod, changed
     */
    static io.fabric8.kubernetes.api.model.Pod apply(
            io.fabric8.kubernetes.api.model.Pod pod, Pod wanted, OriginLabels origin) {
        NamespacedName key = new NamespacedName(wanted.namespace(), wanted.name());
        pod.getMetadata().setLabels(origin.mark(key, wanted.metadata().labels()));
        Map<String, String> annotations = new HashMap<>(wanted.metadata().annotations());
        Map<String, String> before = pod.getMetadata().getAnnotations();
        if (before != null) {
            before.forEach((k, v) -> {
                if (k.startsWith(OriginLabels.OWN_PREFIX)) {
                    annotations.put(k, v); // the provider's own, such as Orchard's node name
                }
            });
        }
        pod.getMetadata().setAnnotations(annotations);
        setImages(pod.getSpec().getContainers(), wanted.spec().containers());
        setImages(pod.getSpec().getInitContainers(), wanted.spec().initContainers());
        List<io.fabric8.kubernetes.api.model.Toleration> tolerations = new ArrayList<>();
        wanted.spec().tolerations().forEach(t -> tolerations.add(PodManifest.toleration(t)));
        pod.getSpec().setTolerations(tolerations.isEmpty() ? null : tolerations);
        return pod;
    }

    private static void setImages(List<io.fabric8.kubernetes.api.model.Container> containers, List<Container> wanted) {
        for (io.fabric8.kubernetes.api.model.Container c : ContainerManifest.nonNull(containers)) {
            for (Container w : wanted) {
                if (w.name().equals(c.getName())) {
                    c.setImage(w.image());
                }
            }
        }
    }

    // The wanted containers with the images they have now, where names match.
    private static List<Container> images(List<Container> wanted, List<Container> current) {
        List<Container> out = new ArrayList<>();
        for (int i = 0; i < wanted.size(); i++) {
            Container w = wanted.get(i);
            boolean same = i < current.size() && current.get(i).name().equals(w.name());
            out.add(same ? w.withImage(current.get(i).image()) : w);
        }
        return out;
    }

    /**
     * The first field in which two values differ, walking records' components and lists' items.
     *
     * @param path the path of the values, e.g. {@code spec}
     * @param a one value
     * @param b the other
     * @return the path of the first difference, e.g. {@code spec.containers[web].command}, or null if equal
     */
    static String firstDifference(String path, Object a, Object b) {
        if (Objects.equals(a, b)) {
            return null;
        }
        if (a instanceof Record && b != null && a.getClass() == b.getClass()) {
            for (RecordComponent c : a.getClass().getRecordComponents()) {
                String d = firstDifference(path + "." + c.getName(), value(c, a), value(c, b));
                if (d != null) {
                    return d;
                }
            }
        }
        if (a instanceof List<?> la && b instanceof List<?> lb && la.size() == lb.size()) {
            for (int i = 0; i < la.size(); i++) {
                Object item = la.get(i);
                String index = item instanceof Container c ? c.name() : Integer.toString(i);
                String d = firstDifference(path + "[" + index + "]", item, lb.get(i));
                if (d != null) {
                    return d;
                }
            }
        }
        return path;
    }

    private static Object value(RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + c.getName() + " of " + record.getClass(), e);
        }
    }

    private static InvalidInputException refused(Pod pod, String field, String why) {
        return new InvalidInputException(
                field + " of pod " + pod.namespace() + "/" + pod.name() + " cannot change: " + why);
    }
}
