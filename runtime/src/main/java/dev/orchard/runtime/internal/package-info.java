/**
 * The runtime's launcher support: it turns the command line into the runtime's mode ({@link
 * dev.orchard.runtime.internal.LaunchOptions}), serves the launcher's main thread (a one-shot command, or waiting for
 * the framework to stop), and installs named {@code .cfg} instances from {@code deploy/}. It depends on the OSGi
 * framework, Gogo, FileInstall and ConfigAdmin, and on the API only for the constant
 * {@code ShellCommands.STATUS_VARIABLE}; nothing depends on it, and it exports nothing.
 */
package dev.orchard.runtime.internal;
