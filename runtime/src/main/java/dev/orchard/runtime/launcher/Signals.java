package dev.orchard.runtime.launcher;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Takes over a POSIX signal (TERM, INT) from the JVM, whose own handling would exit at once with 128 + the signal's
 * number. {@code sun.misc.Signal} (module {@code jdk.unsupported}) is the only way Java 17 to 25 offer; the launcher
 * keeps its use here.
 */
final class Signals {
    private Signals() {}

    /**
     * Runs an action on each delivery of a signal, instead of the JVM's exit.
     *
     * @param name the signal's name without {@code SIG}, e.g. {@code TERM}
     * @param action what to do; it runs on a thread of the JVM's signal dispatcher and must not block long
     * @return false if the signal cannot be handled here (unknown, or reserved by the JVM or ignored by the parent)
     */
    static boolean handle(String name, Runnable action) {
        try {
            Signal.handle(new Signal(name), new SignalHandler() {
                @Override
                public void handle(Signal signal) {
                    action.run();
                }
            });
            return true;
        } catch (IllegalArgumentException notHere) {
            return false;
        }
    }
}
