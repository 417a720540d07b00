package dev.orchard.testsupport.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.server.mock.CustomResourceDefinitionProcessor;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.CrudDispatcher;
import java.lang.reflect.Field;

/**
 * Makes kubernetes-server-mock's CRUD dispatcher filter pods by {@code spec.nodeName} as a real API server does:
 * its attribute extractor decides what a field selector matches, and it knows only {@code metadata.name}. The
 * kubelet bridge watches its node's pods with that selector.
 */
public final class NodeNameDispatcher {
    private NodeNameDispatcher() {}

    /**
     * A CRUD dispatcher that knows {@code spec.nodeName}; it holds the server's objects, so a server restarted over
     * the same dispatcher keeps them, as etcd keeps a cluster's.
     *
     * @return a new dispatcher, for {@code new KubernetesMockServer(..., dispatcher, false)}
     * @throws IllegalStateException if kubernetes-server-mock's internals changed so that it cannot be taught
     */
    public static KubernetesCrudDispatcher create() {
        KubernetesCrudDispatcher dispatcher = new KubernetesCrudDispatcher();
        teach(dispatcher);
        return dispatcher;
    }

    /** An extractor that also gives each pod its {@code spec.nodeName}, which a field selector can then match. */
    private static final class NodeNameExtractor extends KubernetesAttributesExtractor {
        @Override
        public AttributeSet extract(HasMetadata resource) {
            AttributeSet attributes = super.extract(resource);
            String node = null;
            if (resource instanceof Pod pod && pod.getSpec() != null) {
                node = pod.getSpec().getNodeName();
            } else if (resource instanceof GenericKubernetesResource g && "Pod".equals(g.getKind())) {
                // What the server stores: the pod as a generic resource.
                Object value = g.get("spec", "nodeName");
                node = value instanceof String s ? s : null;
            }
            return node == null ? attributes : attributes.add(new Attribute("spec.nodeName", node));
        }
    }

    // The dispatcher builds its extractor itself and keeps it in three final fields: put ours in each.
    private static void teach(KubernetesCrudDispatcher dispatcher) {
        try {
            NodeNameExtractor extractor = new NodeNameExtractor();
            Field crud = CrudDispatcher.class.getDeclaredField("attributeExtractor");
            Field kube = KubernetesCrudDispatcher.class.getDeclaredField("kubernetesAttributesExtractor");
            Field post = KubernetesCrudDispatcher.class.getDeclaredField("postHandler");
            crud.setAccessible(true);
            kube.setAccessible(true);
            post.setAccessible(true);
            KubernetesAttributesExtractor original = (KubernetesAttributesExtractor) crud.get(dispatcher);
            crud.set(dispatcher, extractor);
            kube.set(dispatcher, extractor);
            Object handler = post.get(dispatcher);
            for (Field f : handler.getClass().getDeclaredFields()) {
                f.setAccessible(true);
                if (f.get(handler) == original) {
                    f.set(handler, extractor);
                }
            }
            Field crd = KubernetesCrudDispatcher.class.getDeclaredField("crdProcessor");
            crd.setAccessible(true);
            extractor.setCustomResourceDefinitionProcessor((CustomResourceDefinitionProcessor) crd.get(dispatcher));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("kubernetes-server-mock changed: cannot teach it spec.nodeName", e);
        }
    }
}
