package dev.orchard.api.pod;

import java.io.InputStream;
import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Runs pods: the counterpart of virtual-kubelet's Provider (pod lifecycle, metrics, logs, exec and node).
 *
 * <p>A provider registers an implementation as an OSGi service with the service property
 * {@link dev.orchard.api.registry.ProviderProperties#NAME}. Implementations must be thread-safe, return
 * objects that callers cannot use to change the provider's state (the model is immutable), and fail only with
 * {@link dev.orchard.api.error.OrchardException}s.
 */
@ConsumerType
public interface PodProvider {
    /**
     * Creates and starts a pod.
     *
     * @param pod the pod; its status is ignored
     * @throws dev.orchard.api.error.AlreadyExistsException if a pod of that namespace and name exists
     * @throws dev.orchard.api.error.InvalidInputException if the spec asks for what the provider cannot do
     * @throws dev.orchard.api.error.UnavailableException if the node has no capacity left for it
     */
    void createPod(Pod pod);

    /**
     * Updates a pod's metadata and spec, as far as the provider allows changes to a running pod.
     *
     * @param pod the pod with its new metadata and spec
     * @throws dev.orchard.api.error.NotFoundException if no pod of that namespace and name exists
     * @throws dev.orchard.api.error.InvalidInputException if the change is not allowed
     */
    void updatePod(Pod pod);

    /**
     * Stops and deletes a pod. A second delete of the same pod throws NotFound; callers that retry treat that as
     * success.
     *
     * @param namespace the pod's namespace
     * @param name the pod's name
     * @throws dev.orchard.api.error.NotFoundException if no pod of that namespace and name exists
     */
    void deletePod(String namespace, String name);

    /**
     * Reads a pod.
     *
     * @param namespace the pod's namespace
     * @param name the pod's name
     * @return the pod with its current status
     * @throws dev.orchard.api.error.NotFoundException if no such pod exists
     */
    Pod getPod(String namespace, String name);

    /**
     * Reads a pod's status.
     *
     * @param namespace the pod's namespace
     * @param name the pod's name
     * @return the status
     * @throws dev.orchard.api.error.NotFoundException if no such pod exists
     */
    PodStatus getPodStatus(String namespace, String name);

    /**
     * Lists every pod the provider runs.
     *
     * @return the pods, ordered by namespace and name; never null
     */
    List<Pod> getPods();

    /**
     * Summarises the resource use of the node and its pods.
     *
     * @return the summary
     */
    StatsSummary getStatsSummary();

    /**
     * Opens the logs of a container.
     *
     * @param namespace the pod's namespace
     * @param podName the pod's name
     * @param containerName the container's name
     * @param options which part of the log to return
     * @return the log bytes; the caller closes it. With {@link LogOptions#follow()} it streams until the container
     *     exits or the stream is closed.
     * @throws dev.orchard.api.error.NotFoundException if the pod or container does not exist, or there is no
     *     previous run when {@link LogOptions#previous()} asks for it
     */
    InputStream getContainerLogs(String namespace, String podName, String containerName, LogOptions options);

    /**
     * Runs a command in a container, copying between the {@link ExecIO} streams and the command's.
     *
     * @param namespace the pod's namespace
     * @param podName the pod's name
     * @param containerName the container's name
     * @param command the command and its arguments; not empty
     * @param io the streams to attach
     * @return the command's exit code
     * @throws dev.orchard.api.error.NotFoundException if the pod or container does not exist
     * @throws dev.orchard.api.error.InvalidInputException if the command is empty
     * @throws dev.orchard.api.error.UnsupportedException if the provider cannot exec
     */
    int runInContainer(String namespace, String podName, String containerName, List<String> command, ExecIO io);

    /**
     * Fills in the node the provider presents: capacity, allocatable resources, conditions, addresses and
     * system information.
     *
     * @param node the node as the caller knows it, e.g. with only a name and labels
     * @return the node as the provider configures it
     */
    Node configureNode(Node node);
}
