package dev.orchard.runtime.launcher;

import java.io.IOException;

/**
 * {@code .orchard/} or its socket is not what the runtime makes: a link, not a directory or not a socket, another
 * user's, or served by another user's process. Nothing is sent through it; {@code -c} exits with {@link
 * CommandClient#UNSAFE}.
 */
final class UnsafeFolderException extends IOException {
    private static final long serialVersionUID = 1L;

    UnsafeFolderException(String message) {
        super(message);
    }
}
