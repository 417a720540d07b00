package dev.orchard.runtime.internal;

import dev.orchard.api.registry.ShellCommands;
import dev.orchard.runtime.internal.DeployFolder.Entry;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;

/**
 * The shell command {@code orchard:deploy}: lists the files of {@code deploy/} with what became of each (installed,
 * a configuration, failed with its reason, or pending). The runtime bundle registers it, since it alone knows the
 * folder; {@code orchard:help} lists it with the registry's commands.
 */
final class DeployCommand implements Function {
    /** The function's name in scope {@code orchard}. */
    static final String NAME = "deploy";
    /** What {@code orchard:help} says of it. */
    static final String DESCRIPTION =
            "lists the files in deploy/ and what became of each: installed, a configuration, or failed with why";

    private final DeployFolder deploy;

    /**
     * Creates the command.
     *
     * @param deploy the folder's state
     */
    DeployCommand(DeployFolder deploy) {
        this.deploy = deploy;
    }

    @Override
    public Object execute(CommandSession session, List<Object> arguments) {
        // Gogo points System.out and System.err at the session's streams while a command runs.
        PrintStream out = System.out;
        PrintStream err = System.err;
        if (arguments.size() == 1 && ("--help".equals(arguments.get(0)) || "-h".equals(arguments.get(0)))) {
            out.println(NAME + " - " + DESCRIPTION);
            out.println("   scope: " + ShellCommands.SCOPE);
            out.println("   usage: " + NAME);
            return null;
        }
        if (!arguments.isEmpty()) {
            fail(session, err, "InvalidInput: expected 0 arguments, got " + arguments.size() + "; usage: " + NAME);
            return null;
        }
        try {
            print(deploy.entries(), out);
        } catch (IOException e) {
            fail(session, err, "Unavailable: cannot list the deploy folder: " + e.getMessage());
        }
        return null;
    }

    private static void print(List<Entry> entries, PrintStream out) {
        if (entries.isEmpty()) {
            out.println("No files in deploy/.");
            return;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"FILE", "STATE", "DETAIL"});
        for (Entry e : entries) {
            rows.add(new String[] {e.file().getFileName().toString(), e.state().word(), e.detail()});
        }
        int file = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        int state = rows.stream().mapToInt(r -> r[1].length()).max().orElse(0);
        for (String[] r : rows) {
            out.println(String.format("%-" + file + "s  %-" + state + "s  %s", r[0], r[1], r[2])
                    .stripTrailing());
        }
    }

    private static void fail(CommandSession session, PrintStream err, String line) {
        err.println(line);
        if (session != null) {
            session.put(ShellCommands.STATUS_VARIABLE, 1);
        }
    }

    @Override
    public String toString() {
        return ShellCommands.SCOPE + ":" + NAME;
    }
}
