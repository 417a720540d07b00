package dev.orchard.benchmarks.hello;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Answers every GET with a fixed short text: the least a servlet on this Jetty can do. */
public final class HelloServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final byte[] HELLO = "hello\n".getBytes(StandardCharsets.UTF_8);

    /** Creates the servlet; its activator does. */
    public HelloServlet() {}

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain; charset=utf-8");
        response.setContentLength(HELLO.length);
        response.getOutputStream().write(HELLO);
    }
}
