/**
 * The benchmark driver: runs every measurement beside its baseline in one run (JMH on the registry core, the
 * harness inside the runtime, cold starts, the local provider) and writes the table and results.properties.
 *
 * <p>Plain Java outside any framework; it depends on the registry core, the local provider's internals and the
 * harness jar it starts. Nothing depends on it: it is a tool, run by {@code mvn -Pbench} and smoke-run by the build.
 */
package dev.orchard.benchmarks;
