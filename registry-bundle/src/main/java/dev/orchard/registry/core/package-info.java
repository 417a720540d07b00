/**
 * The registry's core: every candidate of every provider name, ordered, with the one that serves each name; the
 * drain of a leaving provider; listener events and the reports to observers; and the default orchestrator's
 * detection.
 *
 * <p>Plain Java with no OSGi types (a test fails the build if a class here references {@code org.osgi}), so that
 * it is unit-tested and benchmarked outside a framework. It depends on the API only. The registry components
 * ({@code dev.orchard.registry.internal}) and the benchmarks use it; nothing else may.
 */
package dev.orchard.registry.core;
