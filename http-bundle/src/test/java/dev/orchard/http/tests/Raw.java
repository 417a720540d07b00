package dev.orchard.http.tests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * HTTP/1.1 by hand, for what a client library will not send: any {@code Host}, {@code TRACE}, a body declared far
 * larger than what is sent.
 */
final class Raw {
    /** One answer: the status, the head and the body as read. */
    record Answer(int status, String head, String body) {
        @Override
        public String toString() {
            return head + "\n\n" + body;
        }
    }

    private Raw() {}

    /**
     * Sends a request head (and body), reads the answer until the server closes or 5 s pass.
     *
     * @param base the server, e.g. {@code http://127.0.0.1:8080/}
     * @param head the request line and headers, lines without their CRLF; {@code Connection: close} is added
     * @param body the body; empty for none
     * @return the answer
     */
    static Answer send(URI base, String head, byte[] body) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5000);
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write((head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return read(s.getInputStream());
        }
    }

    /**
     * Declares a body of {@code declared} bytes and streams zeros toward it from another thread while reading the
     * answer: a server that reads the whole body first would take it all.
     *
     * @param base the server
     * @param head the request line and headers, without Content-Length
     * @param declared the declared length
     * @return the answer
     */
    static Answer sendHuge(URI base, String head, long declared) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5000);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write((head + "\r\nContent-Length: " + declared + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Thread writer = new Thread(() -> {
                byte[] chunk = new byte[64 * 1024];
                Arrays.fill(chunk, (byte) 'a');
                try {
                    for (long sent = 0; sent < declared; sent += chunk.length) {
                        out.write(chunk);
                    }
                } catch (IOException e) {
                    // the server refused and closed: expected
                }
            });
            writer.setDaemon(true);
            writer.start();
            return read(s.getInputStream());
        }
    }

    private static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                all.write(buffer, 0, n);
                if (all.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n") && complete(all)) {
                    break;
                }
            }
        } catch (IOException e) {
            if (all.size() == 0) {
                throw e;
            }
        }
        String text = all.toString(StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String head = end < 0 ? text : text.substring(0, end);
        String body = end < 0 ? "" : text.substring(end + 4);
        String[] line = head.split(" ", 3);
        return new Answer(line.length > 1 ? Integer.parseInt(line[1]) : -1, head, body);
    }

    // The head and a body of its declared length: the server may keep the connection for the rest of the upload.
    private static boolean complete(ByteArrayOutputStream all) {
        String text = all.toString(StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        for (String h : text.substring(0, end).split("\r\n")) {
            if (h.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                return text.length() - end - 4
                        >= Integer.parseInt(h.substring(15).strip());
            }
        }
        return false;
    }
}
