package dev.orchard.provider.tck.command;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code java -jar orchard-tck.jar} in a process of its own and folder of its own, as an author would. */
final class KitCommand {
    private static final Path JAR = Path.of(System.getProperty("orchard.tck.command.jar", "target/orchard-tck.jar"));

    /**
     * What a run printed and how it ended.
     *
     * @param exit the exit status
     * @param output standard output and error, interleaved
     */
    record Result(int exit, String output) {}

    private KitCommand() {}

    /**
     * Runs the command and waits for it (at most 5 minutes).
     *
     * @param folder the working folder
     * @param args the command line after {@code -jar orchard-tck.jar}
     * @return how it ended
     * @throws IOException if it cannot be started
     * @throws InterruptedException if interrupted while waiting
     */
    static Result run(Path folder, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-jar");
        command.add(JAR.toAbsolutePath().toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("orchard-tck.jar did not end within 5 minutes; it printed:\n" + output);
        }
        System.out.println("$ java -jar orchard-tck.jar " + String.join(" ", args) + "\n" + output);
        return new Result(process.exitValue(), output);
    }
}
