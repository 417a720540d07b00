/**
 * The registry's own core as a pod provider registry outside a framework. Test and benchmark code may depend on
 * it; no bundle may.
 */
package dev.orchard.testsupport.registry;
