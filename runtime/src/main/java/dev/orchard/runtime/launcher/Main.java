package dev.orchard.runtime.launcher;

import dev.orchard.runtime.control.Frames;
import dev.orchard.runtime.control.LaunchMode;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Properties;

/**
 * The main class of {@code orchard.jar}: decides from the command line, before anything is created, what to do. It
 * prints the usage or the version; runs {@code -c} in the folder's running runtime through its control socket, or
 * else in a runtime of its own; or starts the shell or the daemon, once it holds the folder's lock.
 */
public final class Main {
    /** The exit status of a bad command line, and of a start refused because a runtime runs in the folder. */
    static final int REFUSED = 2;

    private static final long WAIT_MILLIS = Long.getLong("orchard.command.wait.ms", 30_000L);
    private static final long RETRY_MILLIS = 20L;

    private Main() {}

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(LaunchOptions.parse(args), System.out, System.err));
    }

    static int run(LaunchOptions options, PrintStream out, PrintStream err) {
        switch (options.mode()) {
            case HELP:
                out.println(LaunchOptions.USAGE);
                return 0;
            case VERSION:
                out.println("orchard " + version() + " on Java " + Runtime.version());
                return 0;
            case INVALID:
                err.println("orchard: " + options.error());
                err.println(LaunchOptions.USAGE);
                return REFUSED;
            case COMMAND:
                return command(options.command(), RuntimeFolder.current(), err);
            case DAEMON:
                return runtime(LaunchMode.DAEMON, RuntimeFolder.current(), err);
            default:
                return runtime(LaunchMode.INTERACTIVE, RuntimeFolder.current(), err);
        }
    }

    // -c: in the runtime that serves the folder's socket, or else, once the lock is free, in a runtime of its own.
    // A shell or a daemon that holds the lock but has no socket yet is starting: wait for either (also while the
    // lock is being taken and names no holder yet). Another -c holds the lock until its command ends and opens no
    // socket: wait for the lock, as long as that command runs. .orchard is checked as the runtime checks it before
    // anything in it is trusted; WAIT_MILLIS bounds everything until a running runtime has taken the command (the
    // socket to appear, connecting, the hello, the command's start), not the command itself. The lock is polled,
    // never waited for in the kernel: a shell or a daemon may take it first when the other -c lets go.
    private static int command(String command, RuntimeFolder folder, PrintStream err) {
        int length = command.getBytes(StandardCharsets.UTF_8).length;
        if (length > Frames.MAX_PAYLOAD) {
            // The control socket carries a command in one frame; refused here, before anything runs any part of it.
            err.println("orchard: the command is " + length + " bytes long in UTF-8; at most " + Frames.MAX_PAYLOAD
                    + " are allowed; nothing was run");
            return REFUSED;
        }
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
        InputStream stdin = new FileInputStream(FileDescriptor.in);
        try {
            while (true) {
                folder.prepare();
                Integer status = CommandClient.run(folder, command, stdin, deadline, WAIT_MILLIS, err);
                if (status != null) {
                    return status;
                }
                FolderLock lock = FolderLock.tryAcquire(folder, LaunchMode.COMMAND.property());
                if (lock != null) {
                    try (lock) {
                        return launch(LaunchMode.COMMAND, command, folder, err);
                    }
                }
                if (FolderLock.heldAs(folder, LaunchMode.COMMAND.property())) {
                    deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
                } else if (System.nanoTime() > deadline) {
                    err.println("orchard: the runtime in " + folder.folder() + " (" + FolderLock.holder(folder)
                            + ") holds the folder but did not answer on " + folder.shown(folder.socket()) + " within "
                            + WAIT_MILLIS
                            + " ms");
                    return CommandClient.NO_ANSWER;
                }
                Thread.sleep(RETRY_MILLIS);
            }
        } catch (UnsafeFolderException e) {
            err.println("orchard: " + e.getMessage());
            return CommandClient.UNSAFE;
        } catch (IOException e) {
            err.println("orchard: " + e.getMessage());
            return REFUSED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CommandClient.INTERRUPTED;
        }
    }

    // The shell or the daemon: only with the folder's lock.
    private static int runtime(LaunchMode mode, RuntimeFolder folder, PrintStream err) {
        try {
            folder.prepare();
            FolderLock lock = lockForRuntime(mode, folder, err);
            if (lock == null) {
                err.println("orchard: a runtime already runs in " + folder.folder() + " (" + FolderLock.holder(folder)
                        + "); run commands in it with java -jar orchard.jar -c \"<command>\", or stop it first");
                return REFUSED;
            }
            try (lock) {
                return launch(mode, null, folder, err);
            }
        } catch (UnsafeFolderException e) {
            err.println("orchard: " + e.getMessage());
            return CommandClient.UNSAFE;
        } catch (IOException e) {
            err.println("orchard: " + e.getMessage());
            return REFUSED;
        }
    }

    // The folder's lock for a shell or a daemon; null if another shell or daemon holds it. A -c that runs in a runtime
    // of its own holds it only until its command ends, so the shell or daemon waits for that, however long: a -c that
    // came first (e.g. one started right after --daemon, whose JVM reached the lock sooner) is not a runtime already
    // running, and neither of the two fails. A lock that names no running holder is being taken (its holder has not
    // written itself yet): polled until it does, for at most WAIT_MILLIS.
    private static FolderLock lockForRuntime(LaunchMode mode, RuntimeFolder folder, PrintStream err)
            throws IOException {
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
        long waitingFor = 0;
        while (true) {
            FolderLock lock = FolderLock.tryAcquire(folder, mode.property());
            if (lock != null) {
                return lock;
            }
            FolderLock.Holder holder = FolderLock.current(folder);
            if (holder != null && !holder.mode().equals(LaunchMode.COMMAND.property())) {
                return null;
            }
            if (holder != null && holder.pid() != waitingFor) {
                waitingFor = holder.pid();
                err.println("orchard: a -c runs its command in a runtime of its own in " + folder.folder() + " (pid "
                        + holder.pid() + "); starting once it ends");
            }
            if (holder == null && System.nanoTime() > deadline) {
                return null;
            }
            if (holder != null) {
                deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
            }
            try {
                Thread.sleep(RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the folder's lock", e);
            }
        }
    }

    private static int launch(LaunchMode mode, String command, RuntimeFolder folder, PrintStream err)
            throws IOException {
        Files.deleteIfExists(folder.socket()); // left by a runtime that was killed; the lock says none runs
        folder.removeStorage(); // e.g. a link in its place, which the framework's own clean would follow
        int status = new FrameworkLauncher(mode, command, folder, err).run();
        folder.removeStorage();
        return status;
    }

    private static String version() {
        try (InputStream in = Main.class.getResourceAsStream("orchard.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            return "(unknown version)";
        }
    }
}
