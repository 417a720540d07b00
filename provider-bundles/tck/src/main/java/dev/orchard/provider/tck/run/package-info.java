/**
 * The kit run as one command, inside the framework that {@code orchard-tck.jar} starts: it installs the given
 * bundles, configures the provider, waits for it (failing, with the state of each bundle and the names that did
 * appear, if it never comes), runs the kit's checks with the JUnit Platform, prints a summary and writes JUnit XML.
 * It depends on the kit's package, the API, the JUnit Platform launcher and (only when a configuration is given)
 * ConfigAdmin; nothing depends on it but the jar's main class, through a {@code Callable} service.
 */
package dev.orchard.provider.tck.run;
