package dev.orchard.provider.kubernetes.internal;

import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.provider.kubernetes.cluster.ClusterSettings;
import java.nio.file.Path;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Publishes the instance named {@code kubernetes} inside a pod ({@code KUBERNETES_SERVICE_HOST} set and a service
 * account token mounted), with no configuration, so that the registry's {@code detectDefault()} finds the cluster
 * it runs in; or wherever its optional configuration {@code dev.orchard.provider.kubernetes.default} names a
 * cluster. With neither, it publishes nothing and connects nowhere.
 */
@Component(
        configurationPid = "dev.orchard.provider.kubernetes.default",
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {})
@Designate(ocd = KubernetesConfiguration.class)
public final class KubernetesDefaultComponent {
    /** Where Kubernetes mounts a pod's service account. */
    static final Path SERVICE_ACCOUNT = Path.of("/var/run/secrets/kubernetes.io/serviceaccount");

    private final DeferredPublication publication;

    /**
     * Publishes the default instance if there is a cluster to drive.
     *
     * @param context this bundle's context
     * @param properties the component's properties: its configuration, if any
     */
    @Activate
    public KubernetesDefaultComponent(BundleContext context, Map<String, Object> properties) {
        this(context, properties, System.getenv(), SERVICE_ACCOUNT);
    }

    // The environment and the service account's folder are parameters so that tests can play a pod.
    KubernetesDefaultComponent(
            BundleContext context,
            Map<String, Object> properties,
            Map<String, String> environment,
            Path serviceAccount) {
        KubernetesInstance.InCluster inCluster =
                timeout -> ClusterSettings.inCluster(environment, serviceAccount, timeout);
        boolean configured = properties.containsKey("service.pid");
        boolean inPod = ClusterSettings.inCluster(environment, serviceAccount, java.time.Duration.ofSeconds(1)) != null;
        publication = configured || inPod
                ? new DeferredPublication(
                        context,
                        ProviderConfiguration.of(properties, KubernetesConfiguration.class, "kubernetes"),
                        inCluster)
                : null;
    }

    @Deactivate
    void deactivate() {
        if (publication != null) {
            publication.close();
        }
    }
}
