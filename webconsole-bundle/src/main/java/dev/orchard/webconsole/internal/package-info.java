/**
 * The Orchard page's OSGi side: the Web Console plugin servlet, a DS component on the registries.
 *
 * <p>Nothing depends on it; it is not exported.
 */
package dev.orchard.webconsole.internal;
