package dev.orchard.kubelet.internal;

import java.io.IOException;

/**
 * The mock API server as a process of its own, for the framework tests (kubernetes-server-mock is no bundle): it
 * prints {@code URL <url>} once listening, and stops when its standard input closes.
 */
public final class ApiServerMain {
    private ApiServerMain() {}

    /**
     * Runs the server until standard input closes.
     *
     * @param args none
     * @throws IOException if standard input fails
     */
    public static void main(String[] args) throws IOException {
        try (ApiServer server = new ApiServer()) {
            System.out.println("URL " + server.url());
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for the test to close the pipe
            }
        }
        System.exit(0);
    }
}
