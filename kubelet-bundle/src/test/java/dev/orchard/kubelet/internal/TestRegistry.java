package dev.orchard.kubelet.internal;

import dev.orchard.testsupport.registry.PlainPodRegistry;

/**
 * The registry's own core outside a framework, under the name these tests use: {@link PlainPodRegistry}, shared
 * with the benchmarks.
 */
final class TestRegistry extends PlainPodRegistry {}
