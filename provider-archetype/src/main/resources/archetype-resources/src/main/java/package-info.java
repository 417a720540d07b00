/**
 * The ${kind} provider: {@code ${Kind}ProviderComponent} reads the configuration that {@code ${Kind}Configuration}
 * declares and publishes a {@code ${Kind}Orchestrator} with its volumes in a {@code ${Kind}Storage}.
 *
 * <p>Private to this bundle: nothing may depend on it. It depends only on the Orchard API bundle and the OSGi
 * framework and annotations.
 */
@Version("1.0.0")
package ${package};

import org.osgi.annotation.versioning.Version;
