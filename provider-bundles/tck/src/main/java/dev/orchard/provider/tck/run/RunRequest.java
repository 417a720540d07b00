package dev.orchard.provider.tck.run;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.naming.Names;
import dev.orchard.provider.tck.KitProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.osgi.framework.BundleContext;

/**
 * What the command asks the kit to do, read from the framework properties that {@code orchard-tck.jar} set from its
 * command line.
 *
 * @param provider the name of the provider under test
 * @param bundles the bundles to install, in order
 * @param pid the singleton PID to configure; empty for none
 * @param factoryPid the factory PID of which to make a configuration named after the provider; empty for none
 * @param config the configuration's properties
 * @param timeout how long to wait for the provider
 * @param report the folder for the JUnit XML reports
 */
record RunRequest(
        String provider,
        List<Path> bundles,
        Optional<String> pid,
        Optional<String> factoryPid,
        Map<String, String> config,
        Duration timeout,
        Path report) {
    RunRequest {
        bundles = List.copyOf(bundles);
        config = Map.copyOf(config);
    }

    /**
     * Reads the request from the framework's properties.
     *
     * @param context the kit's bundle context
     * @return the request
     * @throws InvalidInputException if the provider's name is not a DNS-1123 label, or a property is malformed
     */
    static RunRequest from(BundleContext context) {
        String provider = text(context, KitProperties.PROVIDER);
        Names.requireDns1123Label("provider name", provider);
        List<Path> bundles = new ArrayList<>();
        lines(context, KitProperties.BUNDLES).forEach(line -> bundles.add(Path.of(line)));
        Map<String, String> config = new LinkedHashMap<>();
        for (String line : lines(context, KitProperties.CONFIG)) {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new InvalidInputException("the configuration line " + Names.quote(line)
                        + " is not key=value; each line of " + KitProperties.CONFIG + " must be");
            }
            config.put(line.substring(0, eq), line.substring(eq + 1));
        }
        String seconds = text(context, KitProperties.TIMEOUT_SECONDS);
        Duration timeout;
        try {
            timeout = Duration.ofSeconds(seconds.isEmpty() ? 20 : Long.parseLong(seconds));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(KitProperties.TIMEOUT_SECONDS + " is " + Names.quote(seconds)
                    + "; it must be a whole number of seconds");
        }
        String report = text(context, KitProperties.REPORT);
        return new RunRequest(
                provider,
                bundles,
                optional(context, KitProperties.PID),
                optional(context, KitProperties.FACTORY_PID),
                config,
                timeout,
                Path.of(report.isEmpty() ? "orchard-tck-report" : report));
    }

    private static String text(BundleContext context, String key) {
        String value = context.getProperty(key);
        return value == null ? "" : value.trim();
    }

    private static Optional<String> optional(BundleContext context, String key) {
        String value = text(context, key);
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static List<String> lines(BundleContext context, String key) {
        List<String> lines = new ArrayList<>();
        for (String line : text(context, key).split("\n")) {
            if (!line.isBlank()) {
                lines.add(line.trim());
            }
        }
        return lines;
    }
}
