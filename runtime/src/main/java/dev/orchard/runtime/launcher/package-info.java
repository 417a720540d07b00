/**
 * The main class of {@code orchard.jar} and what runs before any framework exists: the command line, the folder's
 * lock, {@code -c} through a running runtime's control socket, and the start of Felix from the bundles and start
 * levels that bnd's export wrote from the bndrun. It runs on the application class path, outside the framework, and
 * depends on the JDK, the framework's launch API and {@code dev.orchard.runtime.control}; it is not part of the
 * runtime bundle. {@link dev.orchard.runtime.launcher.ExportedFramework} (with the {@code LauncherProperties} it
 * reads) depends on the JDK and the launch API only: the conformance kit's {@code orchard-tck.jar} compiles those two
 * from these sources and starts its framework through them. Nothing else depends on this package.
 */
package dev.orchard.runtime.launcher;
