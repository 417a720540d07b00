package dev.orchard.provider.local.internal.processes;

import dev.orchard.provider.local.internal.logs.LogFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the provider starts the processes of a pod: a container's run under its wrapper, and exec'd commands, with or
 * without a terminal.
 *
 * <p>Each starts as a bash script in a session of its own ({@code setsid}), with an environment of the provider's
 * own: {@code PATH}, {@code LC_ALL=C} and the pod's token, nothing of the pod's. So a pod's {@code BASH_ENV} or
 * {@code PATH} never reaches the provider's scripts. A container's wrapper is started before its pod's files are
 * made, so that the start (a fork and two execs, the slowest step of a create) overlaps making them; it waits for
 * its orders on its input ({@link #release}): its files, working folder and groups, sent once they exist and the
 * create is journalled. Without them (the runtime was killed, or the create undone) it ends and runs nothing.
 * Every script is in the pod's boundary before it runs anything: it writes its own pid into each of the pod's
 * {@code cgroup.procs} files it is given (for an exec'd command the provider also writes it into the first,
 * {@link #join}), and only then starts the pod's command with the pod's environment, read from the container's
 * environment file: {@code env -i <the pod's variables> /bin/sh -c 'exec "$@"' sh <command>}, so the command is
 * looked up on the pod's own {@code PATH}, and a command that cannot run says why in its output (127, or 126)
 * instead of failing silently. A container's run says it also in its start-error file ({@link
 * RunFiles#startErrorFile}), which the provider makes the container's StartError message: its wrapper's own
 * failures ({@code fail}, 125), a command line that could not be handed to the command (Argument list too long at
 * {@code env -i}), and a command that cannot be executed (127 not found, 126 otherwise). For that a run's last
 * shell is bash in POSIX mode (which reads no {@code BASH_ENV} of the pod's) with {@code execfail}, so that it
 * outlives a failed exec to say so.
 */
public final class Launches {
    // A script is given to bash in the environment, not on its command line: ps then shows a process as
    // "bash -c eval "$ORCHARD_SCRIPT" orchard-wrapper:<ns>/<pod>/<container> <command>", not as a kilobyte of
    // script. The pod's command never sees the variables: it runs under env -i with the pod's own environment.
    /** The environment variable that holds the script a wrapper or an exec'd command's bash runs. */
    public static final String SCRIPT_VARIABLE = "ORCHARD_SCRIPT";

    private static final String INSIDE_VARIABLE = "ORCHARD_TTY_SCRIPT";

    /** What a run's start-error file holds while its command line is being handed to it. */
    public static final String START_PENDING = "pending";

    // The run's last shell, under env -i with the pod's environment: $1 the start-error file, then the command. It
    // empties the file (the command line reached it), execs the command, and says why if that fails.
    private static final String START = String.join(
            "\n",
            "f=$1; shift; : > \"$f\"; shopt -s execfail",
            "exec -- \"$@\"",
            "rc=$?",
            "if [ \"$rc\" -eq 127 ]; then why=\"its command $1 was not found\"",
            "  case $1 in */*) ;; *) why=\"$why on its PATH ($PATH)\";; esac",
            "elif [ -d \"$1\" ]; then why=\"its command $1 is a folder\"",
            "elif [ -e \"$1\" ] && [ ! -x \"$1\" ]; then why=\"its command $1 is not executable: permission denied\"",
            "else why=\"its command $1 could not be executed (exit $rc): it is no program this host runs, or its"
                    + " arguments and environment are too long\"; fi",
            "printf 'orchard: the container could not start: %s\\n' \"$why\" >&2",
            "printf '%s\\n' \"$why\" > \"$f\"",
            "exit \"$rc\"");
    private static final String RUN = "eval \"$" + SCRIPT_VARIABLE + "\"";
    private static final String RUN_INSIDE = "eval \"$" + INSIDE_VARIABLE + "\"";
    private static final String START_VARIABLE = "ORCHARD_START_SCRIPT";
    private static final String DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    private static final String RUN_POD_COMMAND =
            "mapfile -d '' podenv < \"$envfile\" || fail \"the container's environment $envfile cannot be read\"";
    private static final String EXEC_POD_COMMAND = "env -i \"${podenv[@]}\" /bin/sh -c 'exec \"$@\"' sh \"$@\"";
    // Writes the script's own pid to each of the $joins files that follow in the arguments.
    private static final String JOIN = String.join(
            "\n",
            "for ((i = 0; i < joins; i++)); do",
            "  printf '%s\\n' \"$$\" 2>/dev/null > \"$1\" || fail \"it could not join the pod's cgroup ($1)\"",
            "  shift",
            "done");

    // The arguments are the command; the orders come on the input, each NUL-ended: log, exit-code file, start-error
    // file, environment file, working folder, the number of join files, those files, and "go" last (a cut-off list runs
    // nothing).
    // SIGTERM is for the command alone: the wrapper (trapped, so reset for the command) and the log loop (ignored)
    // outlive it, so that what the command prints while shutting down is logged. SIGKILL ends them all.
    static final String WRAPPER = String.join(
            "\n",
            "mapfile -d '' -t orders; exec < /dev/null; n=${#orders[@]}",
            "if [ \"$n\" -lt 7 ] || [ \"${orders[n - 1]}\" != go ]; then exit 125; fi",
            "log=${orders[0]}; exitfile=${orders[1]}; startfile=${orders[2]}; envfile=${orders[3]}",
            "workdir=${orders[4]}; joins=${orders[5]}",
            "set -- \"${orders[@]:6:joins}\" \"$@\"",
            "ended() { printf '%s\\n' \"$1\" > \"$exitfile.tmp\" && mv -f \"$exitfile.tmp\" \"$exitfile\"; exit \"$1\"; }",
            "said() { printf '%s F orchard: the container could not start: %s\\n' \"$EPOCHREALTIME\" \"$1\" >> \"$log\"",
            "  printf '%s\\n' \"$1\" > \"$startfile\"; }",
            "fail() { said \"$1\"; ended 125; }",
            JOIN,
            "cd -- \"$workdir\" 2> /dev/null || fail \"its working folder $workdir cannot be entered\"",
            RUN_POD_COMMAND,
            "printf '" + START_PENDING + "\\n' > \"$startfile\"",
            "trap : TERM",
            "env -i \"${podenv[@]}\" \"$BASH\" --posix -c \"$" + START_VARIABLE
                    + "\" orchard-start \"$startfile\" \"$@\"" + " < /dev/null 2>&1 | " + LogFormat.BASH_WRITER,
            "rc=${PIPESTATUS[0]}",
            // The run's last shell never ran: env -i could not hand it the command line (E2BIG).
            "said=; IFS= read -r said < \"$startfile\"",
            "if [ \"$said\" = " + START_PENDING + " ]; then",
            "  if [ \"$rc\" -eq 126 ] || [ \"$rc\" -eq 127 ]; then",
            "    said \"its command line and environment could not be handed to it (exit $rc): Argument list too long:"
                    + " Linux takes at most 128 KiB in one argument or variable, and 2 MiB or a quarter of the stack"
                    + " limit in all\"",
            "  else : > \"$startfile\"; fi",
            "fi",
            "ended \"$rc\"");

    // $1 environment file, $2 the number of join files, those files, then the command.
    static final String EXEC = String.join(
            "\n",
            "envfile=$1; joins=$2; shift 2",
            "fail() { printf 'orchard: %s\\n' \"$1\" >&2; exit 126; }",
            JOIN,
            RUN_POD_COMMAND,
            "exec " + EXEC_POD_COMMAND);

    // Inside the terminal: $1 environment file, $2 the file to write the terminal's name to, $3 rows, $4 columns,
    // then the command.
    static final String TTY_INSIDE = String.join(
            "\n",
            "envfile=$1; ttyfile=$2; rows=$3; cols=$4; shift 4",
            "fail() { printf 'orchard: %s\\n' \"$1\" >&2; exit 126; }",
            "tty > \"$ttyfile.tmp\" && mv -f \"$ttyfile.tmp\" \"$ttyfile\"",
            "if [ \"$rows\" -gt 0 ]; then stty rows \"$rows\" cols \"$cols\"; fi",
            RUN_POD_COMMAND,
            "exec " + EXEC_POD_COMMAND);

    // Outside it: $1 environment file, $2 terminal-name file, $3 rows, $4 columns, $5 the number of join files,
    // those files, then the command; the inside script comes in the environment, as the outside one does. script(1) of
    // util-linux gives the command a pseudo-
    // terminal, runs it through $SHELL -c, and exits with its code.
    static final String TTY = String.join(
            "\n",
            "envfile=$1; ttyfile=$2; rows=$3; cols=$4; joins=$5; shift 5",
            "fail() { printf 'orchard: %s\\n' \"$1\" >&2; exit 126; }",
            JOIN,
            "printf -v run '%q ' \"$BASH\" -c " + quoted(RUN_INSIDE)
                    + " orchard-tty \"$envfile\" \"$ttyfile\" \"$rows\" \"$cols\" \"$@\"",
            "SHELL=$BASH exec script -q -e -c \"exec $run\" /dev/null");

    private Launches() {}

    /**
     * A container's run: its wrapper waits for its orders ({@link #release}), then logs the command's output
     * (stdout and stderr merged) to the log file and writes its exit code to the exit file, so that nothing depends
     * on a pipe held by this JVM once it runs.
     *
     * @param name the container's {@code <namespace>/<pod>/<container>}, which {@code ps} shows in its arguments
     * @param token the pod's token
     * @param command the command and its arguments
     * @param startDir the folder it starts in: the working folder if it exists already, else one that does
     * @return the process to start; its output goes nowhere, its input is the pipe its orders come through
     */
    public static ProcessBuilder container(String name, String token, List<String> command, Path startDir) {
        List<String> cmd = new ArrayList<>(List.of("setsid", "bash", "-c", RUN, "orchard-wrapper:" + name));
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(startDir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        own(pb.environment(), token, WRAPPER);
        pb.environment().put(START_VARIABLE, START);
        return pb;
    }

    /**
     * Lets a container's wrapper run: sends it its orders and closes its input. Called once its files and groups
     * exist and its pod's create journal is saved. The wrapper joins every group itself before it runs anything,
     * the one that holds the pod's processes first: a cgroup move can wait for an RCU grace period of the kernel
     * (milliseconds, tens of them on a quiet virtual machine), which the caller thus does not wait for. Until the
     * wrapper is in, a delete finds it by its identity, not in the group ({@link Stopping#stop}).
     *
     * @param wrapper the wrapper, started from {@link #container}
     * @param files the container's files: its log, exit-code file and environment file
     * @param workDir the folder its command runs in
     * @param joins the files that join the pod's boundary, as given to {@link #join}
     * @throws java.io.IOException if the wrapper cannot be told (it ended meanwhile)
     */
    public static void release(Process wrapper, RunFiles files, Path workDir, List<Path> joins)
            throws java.io.IOException {
        List<String> orders = new ArrayList<>(List.of(
                files.log().toString(),
                files.exitFile().toString(),
                files.startErrorFile().toString(),
                files.envFile().toString(),
                workDir.toString()));
        addJoins(orders, joins);
        orders.add("go");
        StringBuilder text = new StringBuilder();
        orders.forEach(o -> text.append(o).append('\0'));
        try (java.io.OutputStream in = wrapper.getOutputStream()) {
            in.write(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /**
     * An exec'd command, without a terminal; its streams are the caller's to wire.
     *
     * @param envFile the container's environment file
     * @param joins the files that join the pod's boundary
     * @param token the pod's token
     * @param command the command and its arguments
     * @param workDir the folder it runs in
     * @return the process to start
     */
    public static ProcessBuilder exec(
            Path envFile, List<Path> joins, String token, List<String> command, Path workDir) {
        List<String> cmd = new ArrayList<>(List.of("setsid", "bash", "-c", RUN, "orchard-exec", envFile.toString()));
        addJoins(cmd, joins);
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        own(pb.environment(), token, EXEC);
        return pb;
    }

    /**
     * An exec'd command on a pseudo-terminal: its output (there is no separate stderr on a terminal) and input are
     * the caller's to wire. It writes the terminal's name to a file, for {@link #resize}.
     *
     * @param envFile the container's environment file
     * @param ttyFile where it writes the terminal's device name
     * @param rows the terminal's first height, or 0 for the default
     * @param columns its first width, or 0
     * @param joins the files that join the pod's boundary
     * @param token the pod's token
     * @param command the command and its arguments
     * @param workDir the folder it runs in
     * @return the process to start
     */
    public static ProcessBuilder tty(
            Path envFile,
            Path ttyFile,
            int rows,
            int columns,
            List<Path> joins,
            String token,
            List<String> command,
            Path workDir) {
        List<String> cmd = new ArrayList<>(List.of(
                "setsid",
                "bash",
                "-c",
                RUN,
                "orchard-tty",
                envFile.toString(),
                ttyFile.toString(),
                Integer.toString(rows),
                Integer.toString(columns)));
        addJoins(cmd, joins);
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
        own(pb.environment(), token, TTY);
        pb.environment().put(INSIDE_VARIABLE, TTY_INSIDE);
        return pb;
    }

    /**
     * Sets a terminal's size; the kernel sends SIGWINCH to the process in front of it.
     *
     * @param tty the terminal's device, as the exec wrote it
     * @param rows the height
     * @param columns the width
     * @return the process to start
     */
    public static ProcessBuilder resize(String tty, int rows, int columns) {
        ProcessBuilder pb = new ProcessBuilder(
                        "stty", "-F", tty, "rows", Integer.toString(rows), "cols", Integer.toString(columns))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        own(pb.environment(), "", null);
        return pb;
    }

    /**
     * What this host lacks to give an exec a terminal.
     *
     * @return the missing commands, or empty if nothing is missing
     */
    public static Optional<String> ttyMissing() {
        List<String> missing = new ArrayList<>();
        for (String command : List.of("script", "stty", "tty")) {
            if (!onPath(command)) {
                missing.add(command);
            }
        }
        return missing.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", missing));
    }

    /**
     * Puts an exec'd command's script just started into its pod's boundary, before the provider counts it as the
     * pod's: a delete that came at once would otherwise find the boundary empty and leave the process running
     * (an exec is not tracked by its identity, as a container's run is). The script joins too, before it starts
     * anything, so that nothing it starts is outside even if this write came late. A process that has already
     * ended needs no join.
     *
     * <p>Only the first file is written here: the group that holds every process of the pod (the boundary's
     * first), which a delete ends. The others (the v1 memory group, which only measures) are the script's to
     * join: a cgroup move is one of the dearer steps, and each holds up every fork on the host.
     *
     * @param process the process, as started from one of this class's builders
     * @param joins the files it was given to join (a token boundary has none)
     * @throws java.io.IOException if a running process cannot be put in its group; it is killed then
     */
    public static void join(Process process, List<Path> joins) throws java.io.IOException {
        String pid = Long.toString(process.pid());
        for (Path file : joins.subList(0, Math.min(1, joins.size()))) {
            try {
                Files.writeString(file, pid + "\n", java.nio.file.StandardOpenOption.WRITE);
            } catch (java.io.IOException e) {
                if (!process.isAlive()) {
                    return; // it ended first (ESRCH): nothing of it is left to contain
                }
                process.destroyForcibly();
                throw new java.io.IOException(
                        "process " + pid + " could not be put in its pod's group " + file + ": " + e, e);
            }
        }
    }

    private static boolean onPath(String command) {
        for (String dir : path().split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    private static void addJoins(List<String> cmd, List<Path> joins) {
        cmd.add(Integer.toString(joins.size()));
        joins.forEach(j -> cmd.add(j.toString()));
    }

    // The provider's scripts run with this environment only: nothing of the runtime's or the pod's but PATH.
    private static void own(Map<String, String> env, String token, String script) {
        env.clear();
        env.put("PATH", path());
        env.put("LC_ALL", "C");
        if (!token.isEmpty()) {
            env.put(TokenBoundary.VARIABLE, token);
        }
        if (script != null) {
            env.put(SCRIPT_VARIABLE, script);
        }
    }

    // A word the outside script's printf %q leaves as one argument: the inside script's short runner.
    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static String path() {
        String p = System.getenv("PATH");
        return p == null || p.isBlank() ? DEFAULT_PATH : p;
    }
}
