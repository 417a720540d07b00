/**
 * The runtime bundle's internals, inside the framework: the defaults it applies, the console and the control socket
 * through which commands run in the running runtime, the one command of {@code -c}, what they wait for (the
 * framework started, {@code deploy/} handled), feedback on {@code deploy/} ({@code orchard:deploy}, one WARN line
 * per bad file), named {@code .cfg} instances, and keeping {@code telnetd} out. It depends on the OSGi framework,
 * Gogo, FileInstall, ConfigAdmin, Declarative Services' runtime API, slf4j, the launcher's {@code
 * dev.orchard.runtime.control} and the API's {@code ShellCommands} constants; nothing depends on it, and it exports
 * nothing.
 */
package dev.orchard.runtime.internal;
