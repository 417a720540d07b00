package dev.orchard.http.streaming;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Copies a stream to an HTTP client as it comes: what is read goes out in large writes, and is flushed whenever the
 * next read may wait (a follow of a quiet log), so that a client sees every byte as soon as no more is at hand
 * without a network packet per line.
 */
public final class ClientCopy {
    private static final int BUFFER_BYTES = 32 * 1024;

    private ClientCopy() {}

    /**
     * Copies until the input ends or the client goes.
     *
     * @param in what to send; read until its end, not closed here
     * @param client the client's stream
     * @return true if the input ended, false if a write failed: the client went, and nothing more can be sent
     * @throws IOException if the input cannot be read
     */
    public static boolean copy(InputStream in, OutputStream client) throws IOException {
        byte[] buffer = new byte[BUFFER_BYTES];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            try {
                client.write(buffer, 0, n);
                if (in.available() == 0) {
                    client.flush();
                }
            } catch (IOException gone) {
                return false;
            }
        }
        return true;
    }
}
