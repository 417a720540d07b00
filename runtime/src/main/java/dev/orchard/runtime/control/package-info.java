/**
 * What the launcher and the runtime bundle share, outside the OSGi framework and inside it: the modes a runtime runs
 * in and the framework properties that carry them ({@link dev.orchard.runtime.control.LaunchMode}), and the control
 * socket's protocol ({@link dev.orchard.runtime.control.Frames}) with its check of who is at the other end ({@link
 * dev.orchard.runtime.control.Peer}). Plain Java: it depends on nothing but the JDK, so that {@code -c} can load it
 * without a framework. The launcher ({@code dev.orchard.runtime.launcher}) and the runtime bundle's internals
 * ({@code dev.orchard.runtime.internal}) depend on it; it exports nothing to other bundles.
 */
package dev.orchard.runtime.control;
