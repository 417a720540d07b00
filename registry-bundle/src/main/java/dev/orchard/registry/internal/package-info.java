/** The registry components: the OSGi side of the plain-Java core. */
@RequireServiceComponentRuntime
package dev.orchard.registry.internal;

import org.osgi.service.component.annotations.RequireServiceComponentRuntime;
