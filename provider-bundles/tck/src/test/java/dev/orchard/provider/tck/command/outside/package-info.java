/**
 * An orchestrator-only provider from outside Orchard's build: a plain BundleActivator, no Declarative Services. The
 * command's tests put these classes into a bundle of their own; nothing else depends on them.
 */
package dev.orchard.provider.tck.command.outside;
