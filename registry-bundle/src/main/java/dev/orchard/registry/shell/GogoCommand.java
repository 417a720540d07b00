package dev.orchard.registry.shell;

import org.osgi.service.component.annotations.ComponentPropertyType;

/** Declares a component's Gogo commands: the {@code osgi.command.scope} and {@code osgi.command.function} properties. */
@ComponentPropertyType
public @interface GogoCommand {
    /** The prefix of the generated property names. */
    String PREFIX_ = "osgi.command.";

    /**
     * The command scope, e.g. {@code orchard}.
     *
     * @return the scope
     */
    String scope();

    /**
     * The command names, each a public method of the component.
     *
     * @return the functions
     */
    String[] function();
}
