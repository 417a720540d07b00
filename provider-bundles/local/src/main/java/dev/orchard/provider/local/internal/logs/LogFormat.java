package dev.orchard.provider.local.internal.logs;

/**
 * The format of a container's log file, written by the wrapper's log loop and read by {@link LogStream}: one
 * record per line, {@code <epoch seconds.micros> <tag> <text>}, as the kubelet's CRI logging splits lines.
 *
 * <p>A line the container prints is cut into parts of at most {@value #PART_BYTES} bytes: every part but the last
 * has the tag {@code P} (partial), the last {@code F} (full). So the loop holds at most one part in memory, however
 * long a line is or if it never ends, and the log's cap applies part by part. A reader joins the parts again.
 * Records without a tag (written by earlier versions) are full lines.
 */
public final class LogFormat {
    /** The most bytes of a line one record holds. */
    public static final int PART_BYTES = 16 * 1024;

    /**
     * The wrapper's log loop, a bash compound command: it reads the container's output on its stdin and appends
     * each part to {@code "$log"}, opening the file for each part so that renaming it (rotation) starts a new
     * file at once. It reads with {@code LC_ALL=C}, so that {@code -n} counts bytes and {@code $EPOCHREALTIME}
     * uses a '.', and ignores SIGTERM: it runs only builtins and ends when the output does, so that what a command
     * prints while it shuts down is logged. A last line without a newline is still a line.
     */
    public static final String BASH_WRITER = String.join(
            "\n",
            "{ LC_ALL=C; trap '' TERM",
            "  while :; do",
            "    part=; IFS= read -r -n " + PART_BYTES + " part; end=$?",
            "    if [ \"$end\" -ne 0 ]; then",
            "      [ -n \"$part\" ] && printf '%s F %s\\n' \"$EPOCHREALTIME\" \"$part\" >> \"$log\"",
            "      break",
            "    elif [ \"${#part}\" -ge " + PART_BYTES + " ]; then",
            "      printf '%s P %s\\n' \"$EPOCHREALTIME\" \"$part\" >> \"$log\"",
            "    else",
            "      printf '%s F %s\\n' \"$EPOCHREALTIME\" \"$part\" >> \"$log\"",
            "    fi",
            "  done; }");

    private LogFormat() {}
}
