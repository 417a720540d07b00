/**
 * The bare hello-world servlet the HTTP benchmark times Orchard's API against, on the same Jetty: packed into a
 * bundle by {@code HelloBundle} and run inside the runtime, never loaded by the benchmark driver. Nothing depends on
 * it.
 */
package dev.orchard.benchmarks.hello;
