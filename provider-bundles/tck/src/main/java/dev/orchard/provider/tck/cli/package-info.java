/**
 * The main class of {@code orchard-tck.jar} and what runs before its framework exists: the command line, read and
 * refused (exit 2, with the usage) before anything starts, and the framework started through the runtime's {@code
 * ExportedFramework}, whose kit bundle then does the run. It runs on the application class path, outside the
 * framework, and is not part of the kit's bundle; it depends on the JDK, the framework's launch API, the runtime's
 * launcher and the kit's {@code KitProperties} constants. Nothing depends on it.
 */
package dev.orchard.provider.tck.cli;
