/** Registry tests that run inside a framework. They need both registries to be registered. */
@Requirement(
        namespace = ServiceNamespace.SERVICE_NAMESPACE,
        filter = "(objectClass=dev.orchard.api.registry.OrchestratorRegistry)")
@Requirement(
        namespace = ServiceNamespace.SERVICE_NAMESPACE,
        filter = "(objectClass=dev.orchard.api.registry.PodProviderRegistry)")
package dev.orchard.registry.tests;

import org.osgi.annotation.bundle.Requirement;
import org.osgi.namespace.service.ServiceNamespace;
