package dev.orchard.api.pod;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The streams attached to {@link PodProvider#runInContainer}, the counterpart of virtual-kubelet's AttachIO.
 *
 * <p>The caller creates it and may send terminal size changes with {@link #resize(TermSize)}; the provider
 * listens with {@link #onResize(Consumer)}. Thread-safe.
 */
public final class ExecIO {
    private final InputStream stdin;
    private final OutputStream stdout;
    private final OutputStream stderr;
    private final boolean tty;
    private final List<Consumer<TermSize>> resizeListeners = new CopyOnWriteArrayList<>();
    private volatile TermSize size;

    /**
     * Creates the streams.
     *
     * @param stdin the command's input, or null for none
     * @param stdout receives the command's output; never null
     * @param stderr receives the command's error output, or null to merge it into stdout (as with a tty)
     * @param tty whether the command runs on a terminal
     */
    public ExecIO(InputStream stdin, OutputStream stdout, OutputStream stderr, boolean tty) {
        this.stdin = stdin;
        this.stdout = Objects.requireNonNull(stdout, "stdout");
        this.stderr = stderr;
        this.tty = tty;
    }

    /**
     * The command's input.
     *
     * @return the input, or empty for none
     */
    public Optional<InputStream> stdin() {
        return Optional.ofNullable(stdin);
    }

    /**
     * The command's output.
     *
     * @return the stream; never null
     */
    public OutputStream stdout() {
        return stdout;
    }

    /**
     * The command's error output.
     *
     * @return the stream, or empty when it goes to {@link #stdout()}
     */
    public Optional<OutputStream> stderr() {
        return Optional.ofNullable(stderr);
    }

    /**
     * Whether the command runs on a terminal.
     *
     * @return true for a tty
     */
    public boolean tty() {
        return tty;
    }

    /**
     * The last terminal size sent.
     *
     * @return the size, or empty if none was sent
     */
    public Optional<TermSize> size() {
        return Optional.ofNullable(size);
    }

    /**
     * Sends a terminal size change to the provider's listeners.
     *
     * @param newSize the new size
     */
    public synchronized void resize(TermSize newSize) {
        this.size = Objects.requireNonNull(newSize, "newSize");
        for (Consumer<TermSize> l : resizeListeners) {
            l.accept(newSize);
        }
    }

    /**
     * Registers a provider's listener for terminal size changes. It receives the current size at once, if one
     * was sent.
     *
     * @param listener the listener
     */
    public synchronized void onResize(Consumer<TermSize> listener) {
        // Synchronized with resize, so a listener never gets a new size and then the old one.
        resizeListeners.add(Objects.requireNonNull(listener, "listener"));
        TermSize current = size;
        if (current != null) {
            listener.accept(current);
        }
    }
}
