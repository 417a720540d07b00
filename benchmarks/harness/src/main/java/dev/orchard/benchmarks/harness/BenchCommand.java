package dev.orchard.benchmarks.harness;

import dev.orchard.api.registry.OrchestratorRegistry;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code bench:run} shell command: runs the in-framework benchmarks inside the runtime it is deployed in, and
 * writes their results as a properties file. The benchmarks driver runs it as
 * {@code java -jar bench.jar -c "bench:run full <file>"}.
 */
@Component(
        service = BenchCommand.class,
        property = {"osgi.command.scope=bench", "osgi.command.function=run"})
public final class BenchCommand {
    private final BundleContext context;
    private final OrchestratorRegistry registry;

    /**
     * Creates the command.
     *
     * @param context the harness bundle's context
     * @param registry the orchestrator registry under test
     */
    @Activate
    public BenchCommand(BundleContext context, @Reference OrchestratorRegistry registry) {
        this.context = context;
        this.registry = registry;
    }

    /**
     * Runs the benchmarks.
     *
     * @param mode {@code full} to measure, {@code smoke} for a quick run at tiny sizes that measures nothing
     * @param file the properties file to write
     * @return a line per result
     * @throws Exception if a measurement cannot run
     */
    @Descriptor("runs the in-framework benchmarks and writes their results to a properties file")
    public String run(
            @Descriptor("full, or smoke for a quick run at tiny sizes") String mode,
            @Descriptor("the properties file to write") String file)
            throws Exception {
        Sizes sizes = Sizes.of(mode);
        FrameworkBenchmarks benchmarks = new FrameworkBenchmarks(context, registry, sizes);
        Map<String, Double> results = benchmarks.run();
        Properties p = new Properties();
        StringBuilder out = new StringBuilder();
        results.forEach((k, v) -> {
            p.setProperty(k, String.format(Locale.ROOT, "%.4f", v));
            out.append(String.format(Locale.ROOT, "%-38s %14.2f%n", k, v));
        });
        benchmarks.notes().forEach(line -> out.append(line).append(System.lineSeparator()));
        Path path = Path.of(file).toAbsolutePath();
        Files.createDirectories(path.getParent());
        try (OutputStream o = Files.newOutputStream(path)) {
            p.store(o, "in-framework benchmarks, " + mode + (sizes == Sizes.SMOKE ? " (not a measurement)" : ""));
        }
        return out.toString();
    }
}
