package dev.orchard.runtime;

import java.nio.file.Path;

/** Starting a daemon in a folder and waiting until it serves its providers. */
final class Daemons {
    private Daemons() {}

    /**
     * Starts {@code --daemon} with stdin closed and waits for its providers.
     *
     * @param folder the folder
     * @return the running daemon
     */
    static OrchardProcess start(Path folder) throws Exception {
        OrchardProcess daemon = OrchardProcess.start(folder, "--daemon");
        daemon.closeStdin();
        daemon.awaitOutput("Provider added: POD mock", 60);
        return daemon;
    }
}
