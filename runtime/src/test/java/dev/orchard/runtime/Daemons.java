package dev.orchard.runtime;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Starting a daemon in a folder and waiting until it takes commands on its control socket. */
final class Daemons {
    private Daemons() {}

    /**
     * Starts {@code --daemon} with stdin closed and waits for its socket.
     *
     * @param folder the folder
     * @return the running daemon
     */
    static OrchardProcess start(Path folder) throws Exception {
        OrchardProcess daemon = OrchardProcess.start(folder, "--daemon");
        daemon.closeStdin();
        Path socket = folder.resolve(".orchard/socket");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(socket)) {
            if (!daemon.isAlive() || System.nanoTime() > deadline) {
                daemon.close();
                throw new AssertionError("the daemon never opened " + socket + "\nstderr:\n" + daemon.stderr());
            }
            Thread.sleep(20);
        }
        return daemon;
    }
}
