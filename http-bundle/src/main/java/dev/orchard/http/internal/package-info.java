/**
 * The HTTP bundle's components: the only classes with OSGi types. One reads configuration {@code dev.orchard.http}
 * and publishes the API servlets and the metrics servlet (with its registry observer) on the servlet whiteboard; the
 * other owns Felix HTTP's configuration ({@code org.apache.felix.http}) and guards every delivery of it with the
 * binding rule.
 *
 * <p>It depends on the API, the binding rule, the API servlet and the metrics. Nothing depends on it.
 */
@RequireServiceComponentRuntime
package dev.orchard.http.internal;

import org.osgi.service.component.annotations.RequireServiceComponentRuntime;
