/**
 * The archetype's integration test: a project generated from it builds on its own, offline, passes
 * {@code orchard-tck.jar}, and hot-deploys into a running {@code orchard.jar}. Test code only; nothing depends on it.
 */
package dev.orchard.archetype;
