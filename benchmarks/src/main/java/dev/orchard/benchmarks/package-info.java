/**
 * The benchmark driver: runs every measurement beside its baseline in one run (JMH on the registry core, the
 * harness inside the runtime, cold starts, the local and Kubernetes providers, the kubelet bridge, the HTTP API)
 * and writes the table and results.properties.
 *
 * <p>Plain Java outside any framework; it depends on the registry core, the providers' and the bridge's internals,
 * the shared test support (the mock API server's {@code spec.nodeName}, the registry core as a registry), and the
 * jars and folders it starts (the harness, the runtime, the HTTP add-on). Nothing depends on it: it is a tool, run
 * by {@code mvn -Pbench} and smoke-run by the build.
 */
package dev.orchard.benchmarks;
