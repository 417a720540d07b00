package dev.orchard.karaf.tests;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * Makes every RMI server socket of a JVM listen on the loopback address only.
 *
 * <p>pax-exam talks to Karaf over RMI: the test JVM creates a registry with {@code LocateRegistry.createRegistry(port)}
 * and Karaf exports its remote bundle context with {@code UnicastRemoteObject.exportObject(object, 0)}. Both use the
 * JVM-wide default socket factory, which listens on every address; {@code java.rmi.server.hostname} only changes
 * the address that stubs advertise. Installed as the JVM-wide factory before either happens, this one binds them
 * to loopback: in the test JVM from the configuration method, in Karaf's JVM as a {@code -javaagent}, which runs
 * before any bundle.
 *
 * <p>It depends on nothing but the JDK: the agent jar holds this class alone.
 */
public final class LoopbackRmi extends RMISocketFactory {
    private static final int BACKLOG = 50;

    /**
     * Installs the factory in this JVM, unless a JVM-wide factory is already set.
     *
     * @throws IOException if the factory cannot be set
     */
    public static synchronized void install() throws IOException {
        if (RMISocketFactory.getSocketFactory() == null) {
            RMISocketFactory.setSocketFactory(new LoopbackRmi());
        }
    }

    /**
     * The {@code -javaagent} entry point: installs the factory before the JVM's main method runs.
     *
     * @param args the agent's arguments, unused
     * @param instrumentation unused
     * @throws IOException if the factory cannot be set
     */
    public static void premain(String args, Instrumentation instrumentation) throws IOException {
        install();
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, BACKLOG, InetAddress.getLoopbackAddress());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(host, port);
    }
}
