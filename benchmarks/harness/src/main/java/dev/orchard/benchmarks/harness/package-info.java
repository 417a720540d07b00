/**
 * The in-framework half of the benchmarks: a bundle with a {@code bench:run} command that measures the real
 * runtime from inside (lookups against filter and tracker lookups, DS bind and unbind, heap per provider, hot swap
 * under load, FileInstall), exported with the runtime's bundles as {@code bench.jar}.
 *
 * <p>It depends on the API and OSGi only, and is never part of the runtime jar; only the driver in
 * {@code dev.orchard.benchmarks} runs it.
 */
package dev.orchard.benchmarks.harness;
