package dev.orchard.api.pod;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.internal.Checks;
import dev.orchard.api.naming.Names;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A container of a pod. Immutable.
 *
 * @param name the container name, a DNS-1123 label unique in the pod
 * @param image the image reference; recorded, and pulled only by providers that run images
 * @param command the entry point; never null, may be empty for the image's default
 * @param args the arguments; never null
 * @param env environment variables, names as C identifiers; never null
 * @param workingDir the working directory, or empty for the provider's default
 * @param volumeMounts the volumes the container sees; never null
 * @param requests the resources the container asks for; never null
 */
public record Container(
        String name,
        String image,
        List<String> command,
        List<String> args,
        Map<String, String> env,
        String workingDir,
        List<VolumeMount> volumeMounts,
        Resources requests) {

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Validates the container and copies its collections. */
    public Container {
        Names.requireDns1123Label("container name", name);
        image = image == null ? "" : image;
        command = copyStrings("command", command);
        args = copyStrings("args", args);
        if (env == null) {
            env = Map.of();
        } else {
            for (Map.Entry<String, String> e : env.entrySet()) {
                if (e.getKey() == null || !ENV_NAME.matcher(e.getKey()).matches()) {
                    throw new InvalidInputException("environment variable name " + Names.quote(e.getKey())
                            + " of container " + Names.quote(name)
                            + " must be letters, digits and '_', not starting with a digit");
                }
                if (e.getValue() == null) {
                    throw new InvalidInputException("environment variable " + Names.quote(e.getKey()) + " of container "
                            + Names.quote(name) + " must have a value");
                }
                requireNoNul("environment variable " + e.getKey(), e.getValue());
            }
            env = Map.copyOf(env);
        }
        workingDir = requireNoNul("workingDir", workingDir == null ? "" : workingDir);
        volumeMounts = Checks.requireElements("volume mounts", volumeMounts);
        requests = requests == null ? Resources.NONE : requests;
    }

    /**
     * A container that runs a command with no other settings.
     *
     * @param name the container name
     * @param image the image reference
     * @param command the command and its arguments
     * @return the container
     */
    public static Container of(String name, String image, String... command) {
        return new Container(name, image, List.of(command), List.of(), Map.of(), "", List.of(), Resources.NONE);
    }

    // No operating system takes a NUL character in an argument, a variable or a path: refuse it here, as the
    // caller's input, rather than let a provider fail on it halfway through starting a pod.
    private static String requireNoNul(String field, String value) {
        if (value.indexOf('\0') >= 0) {
            throw new InvalidInputException(
                    field + " " + Names.quote(value) + " contains a NUL character, which no process can be given");
        }
        return value;
    }

    private static List<String> copyStrings(String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        for (String v : values) {
            if (v == null) {
                throw new InvalidInputException(field + " must not contain null");
            }
            requireNoNul(field, v);
        }
        return List.copyOf(values);
    }
}
