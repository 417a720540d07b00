/**
 * Tests of {@code orchard-tck.jar} as a provider author runs it: {@code java -jar} in a process of its own, against
 * provider bundles built in the test. Run by failsafe after the jar is exported; nothing depends on them.
 */
package dev.orchard.provider.tck.command;
