package dev.orchard.provider.tck.cli;

import dev.orchard.provider.tck.KitProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The command line of {@code orchard-tck.jar}, read and checked before anything starts, and the framework
 * properties through which it reaches the kit's runner. A bad line yields {@link #error()}, never an exception.
 */
final class KitOptions {
    /** The usage the command prints for {@code --help} and with every bad option. */
    static final String USAGE = String.join(
            "\n",
            "usage: java -jar orchard-tck.jar --bundle FILE|DIR [--bundle ...] --provider NAME [options]",
            "  --bundle FILE|DIR    a bundle to install and start: the provider's, and any it needs beyond the kit's",
            "                       framework (Felix, SCR, ConfigAdmin, slf4j, the Orchard API and registry); a",
            "                       folder gives every .jar in it, by name (e.g. a provider's target/deploy/)",
            "  --provider NAME      the orchard.provider.name of the provider to check",
            "  --factory-pid PID    the configuration of --config is PID~NAME, a factory configuration named after",
            "                       the provider (as deploy/PID~NAME.cfg would make it)",
            "  --pid PID            the configuration of --config is the singleton configuration PID",
            "  --config KEY=VALUE   a property of that configuration (repeatable)",
            "  --require LIST       storage,pods,notify: a check that lacks one of these contracts fails, not skips",
            "  --skip CHECK=REASON  skips one check, saying why (repeatable)",
            "  --timeout DURATION   how long to wait for the provider, and for a pod to reach a phase (60s, 2m;",
            "                       default 20s)",
            "  --report DIR         where the JUnit XML goes (default orchard-tck-report)",
            "  --help               prints this",
            "It exits with 0 when every check passed or skipped and at least one passed, 1 when the run failed or",
            "the provider never appeared, 2 for a bad command line.");

    private static final Set<String> CONTRACTS = Set.of("storage", "pods", "notify");

    private final List<Path> bundles = new ArrayList<>();
    private final List<String> config = new ArrayList<>();
    private final Map<String, String> skips = new LinkedHashMap<>();
    private final Set<String> require = new LinkedHashSet<>();
    private String provider;
    private String pid;
    private String factoryPid;
    private long timeoutSeconds = 20;
    private Path report = Path.of("orchard-tck-report");
    private boolean help;
    private String error;

    private KitOptions() {}

    /**
     * Reads a command line.
     *
     * @param args the command line
     * @return the options, with {@link #error()} set if the line is bad
     */
    static KitOptions parse(String[] args) {
        KitOptions o = new KitOptions();
        try {
            o.read(args);
            o.check();
        } catch (IllegalArgumentException e) {
            o.error = e.getMessage();
        }
        return o;
    }

    /** Every option that takes a value; anything else but --help is refused before its value is looked for. */
    private static final Set<String> VALUED = Set.of(
            "--bundle",
            "--provider",
            "--pid",
            "--factory-pid",
            "--config",
            "--skip",
            "--require",
            "--timeout",
            "--report");

    private void read(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                help = true;
                continue;
            }
            if (!VALUED.contains(option)) {
                throw new IllegalArgumentException(
                        option.startsWith("-") ? "unknown option " + option : "unknown argument " + option);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--bundle" -> bundles.addAll(bundles(value));
                case "--provider" -> provider = value.trim();
                case "--pid" -> pid = value.trim();
                case "--factory-pid" -> factoryPid = value.trim();
                case "--config" -> config.add(keyValue(option, value));
                case "--skip" -> {
                    String line = keyValue(option, value);
                    int eq = line.indexOf('=');
                    skips.put(line.substring(0, eq), line.substring(eq + 1));
                }
                case "--require" -> require(value);
                case "--timeout" -> timeoutSeconds = seconds(value);
                case "--report" -> report = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
    }

    private void check() {
        if (help) {
            return;
        }
        if (bundles.isEmpty()) {
            throw new IllegalArgumentException("give the provider's bundle with --bundle FILE");
        }
        if (provider == null || provider.isEmpty()) {
            throw new IllegalArgumentException("give the name of the provider to check with --provider NAME");
        }
        if (pid != null && factoryPid != null) {
            throw new IllegalArgumentException("give --pid or --factory-pid, not both");
        }
        if (!config.isEmpty() && pid == null && factoryPid == null) {
            throw new IllegalArgumentException("--config needs the configuration's PID: --factory-pid or --pid");
        }
    }

    // A jar, or every jar of a folder, by name: a provider's target/deploy/ is one option.
    private static List<Path> bundles(String value) {
        Path path = Path.of(value).toAbsolutePath().normalize();
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException("--bundle " + value + ": no such file or folder");
        }
        List<Path> jars;
        try (Stream<Path> files = Files.list(path)) {
            jars = files.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--bundle " + value + ": the folder cannot be listed: " + e.getMessage());
        }
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("--bundle " + value + ": the folder holds no .jar file");
        }
        return jars;
    }

    private static String keyValue(String option, String value) {
        int eq = value.indexOf('=');
        if (eq <= 0 || value.contains("\n")) {
            throw new IllegalArgumentException(option + " " + value + ": expected KEY=VALUE on one line");
        }
        return value.substring(0, eq).trim() + "=" + value.substring(eq + 1);
    }

    private void require(String value) {
        for (String contract : value.split(",")) {
            String c = contract.trim();
            if (!CONTRACTS.contains(c)) {
                throw new IllegalArgumentException(
                        "--require " + value + ": " + c + " is no contract; allowed are storage, pods and notify");
            }
            require.add(c);
        }
    }

    // 60, 60s or 2m.
    private static long seconds(String value) {
        String v = value.trim();
        long unit = v.endsWith("m") ? 60 : 1;
        String digits = v.endsWith("s") || v.endsWith("m") ? v.substring(0, v.length() - 1) : v;
        try {
            long seconds = Long.parseLong(digits) * unit;
            if (seconds > 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(
                "--timeout " + value + ": expected a positive whole number of seconds or minutes, e.g. 60s or 2m");
    }

    /**
     * Whether the line asks for the usage.
     *
     * @return true for {@code --help}
     */
    boolean help() {
        return help;
    }

    /**
     * What is wrong with the line.
     *
     * @return the reason, or null if the line is good
     */
    String error() {
        return error;
    }

    /**
     * How long to wait for the provider and for pods.
     *
     * @return the seconds
     */
    long timeoutSeconds() {
        return timeoutSeconds;
    }

    /**
     * The framework properties that carry the line to the kit's runner.
     *
     * @return the properties
     */
    Map<String, String> frameworkProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(KitProperties.RUN, "true");
        p.put(KitProperties.PROVIDER, provider);
        List<String> paths = new ArrayList<>();
        bundles.forEach(b -> paths.add(b.toString()));
        p.put(KitProperties.BUNDLES, String.join("\n", paths));
        if (pid != null) {
            p.put(KitProperties.PID, pid);
        }
        if (factoryPid != null) {
            p.put(KitProperties.FACTORY_PID, factoryPid);
        }
        p.put(KitProperties.CONFIG, String.join("\n", config));
        p.put(KitProperties.REQUIRE, String.join(",", require));
        p.put(KitProperties.TIMEOUT_SECONDS, Long.toString(timeoutSeconds));
        p.put(KitProperties.REPORT, report.toAbsolutePath().toString());
        skips.forEach((check, reason) -> p.put(KitProperties.SKIP_PREFIX + check, reason));
        return p;
    }
}
