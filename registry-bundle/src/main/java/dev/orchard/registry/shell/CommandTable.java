package dev.orchard.registry.shell;

import static dev.orchard.registry.shell.ShellCommand.Option.flag;
import static dev.orchard.registry.shell.ShellCommand.Option.repeated;
import static dev.orchard.registry.shell.ShellCommand.Option.valued;
import static dev.orchard.registry.shell.ShellCommand.Parameter.commandLine;
import static dev.orchard.registry.shell.ShellCommand.Parameter.optional;
import static dev.orchard.registry.shell.ShellCommand.Parameter.required;

import dev.orchard.api.registry.OrchestratorRegistry;
import dev.orchard.api.registry.PodProviderRegistry;
import dev.orchard.api.registry.ShellCommands;
import dev.orchard.registry.shell.ShellCommand.Option;
import dev.orchard.registry.shell.ShellCommand.Parameter;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one table of {@code orchard:*} commands: each command's name, description, parameters and options, and the
 * body that runs it. {@link ShellComponent} registers a Gogo function per row, {@link CommandHelp} prints the rows,
 * and {@link Arguments} parses a command line by its row. The {@code orchard:*} commands that other bundles register
 * (the runtime's {@code orchard:deploy}) are not rows; the table names them for the help ({@link #others()}).
 */
final class CommandTable {
    /**
     * An {@code orchard:*} command that another bundle registers, as its service properties describe it.
     *
     * @param name its function's name, e.g. {@code deploy}
     * @param description its {@code osgi.command.description}
     */
    record Other(String name, String description) {}

    // Shared by several rows, so that the same word means the same thing everywhere.
    private static final Parameter PROVIDER = required("provider", "the pod provider's name, e.g. local");
    private static final Parameter DEFAULT_PROVIDER =
            optional("provider", "the pod provider's name; left out: the detected default, normally local");
    private static final Parameter ORCHESTRATOR = required("orchestrator", "the orchestrator's name, e.g. local");
    private static final Parameter POD = required("pod", "the pod's name");
    private static final Parameter VOLUME = required("name", "the volume's name");
    private static final Option POD_NAMESPACE = valued("-n", "<namespace>", "the pod's namespace (default: default)");
    private static final Option VOLUME_NAMESPACE =
            valued("-n", "<namespace>", "the volume's namespace (default: default)");
    private static final String COMMAND = "the command and its arguments; every word from here on is the command's"
            + " own, options included (echo -n keeps its -n)";

    private final List<ShellCommand> commands;
    private final Supplier<List<Other>> others;

    /**
     * Builds the table over the registries.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     */
    CommandTable(OrchestratorRegistry orchestrators, PodProviderRegistry pods) {
        this(orchestrators, pods, List::of);
    }

    /**
     * Builds the table over the registries, with the other bundles' orchard commands.
     *
     * @param orchestrators the orchestrator registry
     * @param pods the pod provider registry
     * @param others the orchard commands other bundles register, as they are when asked
     */
    CommandTable(OrchestratorRegistry orchestrators, PodProviderRegistry pods, Supplier<List<Other>> others) {
        this.others = others;
        ProviderCommands providers = new ProviderCommands(orchestrators, pods);
        VolumeCommands volumes = new VolumeCommands(orchestrators);
        PodCommands pod = new PodCommands(pods, orchestrators);
        NodeCommands node = new NodeCommands(pods);
        commands = List.of(
                new ShellCommand(
                        "providers",
                        "lists the providers: one row per name and kind, with the active candidate's state, bundle and"
                                + " ranking, and the number of candidates",
                        List.of(),
                        List.of(),
                        providers::providers),
                new ShellCommand(
                        "provider",
                        "shows every candidate of a provider name: state (ACTIVE, SHADOWED, FAILED), kind, bundle,"
                                + " service id, ranking and failure reason",
                        List.of(required("name", "the provider name, e.g. mock")),
                        List.of(),
                        providers::provider),
                new ShellCommand(
                        "volumes",
                        "lists the volumes of a namespace, filtered by labels",
                        List.of(optional(
                                "orchestrator",
                                "the orchestrator's name; left out: the detected default, normally local")),
                        List.of(
                                valued("-n", "<namespace>", "the namespace to list (default: default)"),
                                repeated("-l", "<key>=<value>", "only volumes with this label")),
                        volumes::volumes),
                new ShellCommand(
                        "volume-add",
                        "creates a volume",
                        List.of(ORCHESTRATOR, VOLUME, required("capacity", "its size, a quantity such as 64Mi or 1Gi")),
                        List.of(
                                VOLUME_NAMESPACE,
                                valued("-r", "<replicas>", "how many replicas (default: 1)"),
                                repeated("-l", "<key>=<value>", "a label of the volume")),
                        volumes::add),
                new ShellCommand(
                        "volume-info",
                        "shows one volume: uid, capacity, bytes used, replicas, phase and labels",
                        List.of(ORCHESTRATOR, VOLUME),
                        List.of(VOLUME_NAMESPACE),
                        volumes::info),
                new ShellCommand(
                        "volume-rm",
                        "deletes a volume; deleting one that does not exist is not an error",
                        List.of(ORCHESTRATOR, VOLUME),
                        List.of(VOLUME_NAMESPACE),
                        volumes::remove),
                new ShellCommand(
                        "pods",
                        "lists the pods: name, namespace, phase, ready containers and restarts",
                        List.of(DEFAULT_PROVIDER),
                        List.of(valued("-n", "<namespace>", "only pods of this namespace (default: all)")),
                        pod::list),
                new ShellCommand(
                        "pod-run",
                        "runs a pod with one container, named like the pod, that runs the command",
                        List.of(PROVIDER, POD, commandLine("command", COMMAND)),
                        List.of(
                                POD_NAMESPACE,
                                repeated(
                                        "-v",
                                        "<volume>:<mountPath>",
                                        "mounts a volume of the pod's namespace at a path in the container"),
                                repeated("-e", "<key>=<value>", "an environment variable of the container"),
                                valued(
                                        "--image",
                                        "<image>",
                                        "the container's image, for a provider that pulls one (default: none)"),
                                valued(
                                        "--restart",
                                        "Never|OnFailure|Always",
                                        "when the container is restarted (default: Never)")),
                        pod::run),
                new ShellCommand(
                        "pod-rm",
                        "deletes a pod: its containers get SIGTERM, then SIGKILL after the grace period",
                        List.of(PROVIDER, POD),
                        List.of(POD_NAMESPACE),
                        pod::remove),
                new ShellCommand(
                        "logs",
                        "prints a container's log",
                        List.of(PROVIDER, POD, optional("container", "the container's name (default: the pod's name)")),
                        List.of(
                                POD_NAMESPACE,
                                valued("--tail", "<lines>", "only the last lines"),
                                flag("keeps printing until the container ends", "--follow", "-f")),
                        pod::logs),
                new ShellCommand(
                        "exec",
                        "runs a command in a container's environment and working folder; the shell's status is its"
                                + " exit code",
                        List.of(
                                PROVIDER,
                                POD,
                                required("container", "the container's name"),
                                commandLine("command", COMMAND)),
                        List.of(POD_NAMESPACE),
                        pod::exec),
                new ShellCommand(
                        "node",
                        "shows the node a pod provider presents: capacity, conditions and addresses",
                        List.of(PROVIDER),
                        List.of(),
                        node::node),
                new ShellCommand(
                        "stats",
                        "shows CPU, working set and RSS per container, and the node's totals",
                        List.of(PROVIDER),
                        List.of(),
                        node::stats),
                new ShellCommand(
                        "help",
                        "prints an orchard command's description, parameters and options, or lists the commands",
                        List.of(optional("command", "the command, e.g. volume-add; left out: every orchard command")),
                        List.of(),
                        call -> CommandHelp.answer(this, call)));
    }

    /**
     * Every command, in the order the help lists them.
     *
     * @return the rows
     */
    List<ShellCommand> all() {
        return commands;
    }

    /**
     * The orchard commands that other bundles register now, by name.
     *
     * @return them; none of them is a row
     */
    List<Other> others() {
        return others.get().stream()
                .filter(o -> find(o.name()).isEmpty())
                .sorted(Comparator.comparing(Other::name))
                .toList();
    }

    /**
     * Finds a command by its name, with or without the scope.
     *
     * @param name e.g. {@code volume-add} or {@code orchard:volume-add}
     * @return the command, or empty if no orchard command has that name
     */
    Optional<ShellCommand> find(String name) {
        String prefix = ShellCommands.SCOPE + ":";
        String function = name.startsWith(prefix) ? name.substring(prefix.length()) : name;
        return commands.stream().filter(c -> c.name().equals(function)).findFirst();
    }
}
