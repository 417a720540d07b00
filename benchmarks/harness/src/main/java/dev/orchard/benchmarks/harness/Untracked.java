package dev.orchard.benchmarks.harness;

/** A service type nobody tracks: a registration under it is a bare one, the heap baseline. */
interface Untracked {}
