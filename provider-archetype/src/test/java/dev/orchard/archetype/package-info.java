/**
 * The archetype's integration test: a project generated from it builds on its own, offline, and passes
 * {@code orchard-tck.jar}. Test code only; nothing depends on it.
 */
package dev.orchard.archetype;
