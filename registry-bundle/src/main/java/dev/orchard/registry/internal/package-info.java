/**
 * The registry components: the OSGi side of the plain-Java core. They track {@code Orchestrator} and
 * {@code PodProvider} services with dynamic references, hand their service references to a
 * {@link dev.orchard.registry.core.ProviderTable}, read service properties and DS failure reasons for it, and
 * publish the registries as {@code OrchestratorRegistry} and {@code PodProviderRegistry} services.
 *
 * <p>It depends on the API and the core. Nothing depends on it: callers, the shell included, use the registry
 * services.
 */
@RequireServiceComponentRuntime
package dev.orchard.registry.internal;

import org.osgi.service.component.annotations.RequireServiceComponentRuntime;
