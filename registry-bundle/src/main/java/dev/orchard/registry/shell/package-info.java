/**
 * The {@code orchard:*} Gogo commands. One table ({@link dev.orchard.registry.shell.CommandTable}) holds every
 * command's name, description, parameters, options and body; the Gogo registration, the help ({@code orchard:help},
 * {@code --help}) and the usage in error messages are all made from it. The commands print to the session's output
 * and report a failure as one line starting with its category.
 *
 * <p>It depends on the API only (the registries, errors and names), never on {@code dev.orchard.registry.core} or
 * {@code dev.orchard.registry.internal}; nothing depends on it. Its import of {@code org.apache.felix.service.command}
 * is optional: without Gogo, {@link dev.orchard.registry.shell.ShellComponent} stays unsatisfied and the registries
 * run without commands.
 */
package dev.orchard.registry.shell;
