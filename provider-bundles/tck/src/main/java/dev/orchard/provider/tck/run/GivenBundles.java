package dev.orchard.provider.tck.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;

/**
 * The bundles given on the command line, installed, then started in order, each with what became of it: so that a
 * run whose provider never appears says which bundle did not install, did not resolve (and why), or did not start.
 */
final class GivenBundles {
    /**
     * One given bundle.
     *
     * @param path its file
     * @param bundle the installed bundle; null if it could not be installed
     * @param problem why it did not install, resolve or start; empty if it did
     */
    record Given(Path path, Bundle bundle, String problem) {
        /**
         * Its state in words, e.g. {@code com.example.provider 1.0.0: INSTALLED, not resolved: Unable to resolve
         * ... missing requirement ...}.
         *
         * @return the description
         */
        String describe() {
            if (bundle == null) {
                return path + ": not installed: " + problem;
            }
            String state = state(bundle.getState());
            return path + " (" + bundle.getSymbolicName() + " " + bundle.getVersion() + "): " + state
                    + (problem.isEmpty() ? "" : ", " + problem);
        }
    }

    private final List<Given> given;

    private GivenBundles(List<Given> given) {
        this.given = List.copyOf(given);
    }

    /**
     * Installs every bundle; one that fails is kept with its reason.
     *
     * @param context the kit's bundle context
     * @param paths the bundles' files
     * @return what became of each
     */
    static GivenBundles install(BundleContext context, List<Path> paths) {
        List<Given> given = new ArrayList<>();
        for (Path path : paths) {
            try {
                given.add(new Given(path, context.installBundle(path.toUri().toString()), ""));
            } catch (BundleException | RuntimeException e) {
                given.add(new Given(path, null, e.getMessage()));
            }
        }
        return new GivenBundles(given);
    }

    /**
     * Starts each installed bundle but fragments, once all are installed, so that they may depend on each other in
     * any order; one that fails is kept with its reason. Libraries (no activator, no DS component) start first: they
     * are what a provider may wait for, e.g. the Kubernetes provider for its fabric8 bundles, which would otherwise
     * show it FAILED, waiting, until they start.
     *
     * @return what became of each, in the given order
     */
    GivenBundles start() {
        String[] problems = new String[given.size()];
        for (boolean libraries : new boolean[] {true, false}) {
            for (int i = 0; i < given.size(); i++) {
                Bundle bundle = given.get(i).bundle();
                if (bundle != null
                        && header(bundle, Constants.FRAGMENT_HOST) == null
                        && isLibrary(bundle) == libraries) {
                    problems[i] = startOne(bundle);
                }
            }
        }
        List<Given> started = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            Given g = given.get(i);
            started.add(new Given(g.path(), g.bundle(), problems[i] == null ? g.problem() : problems[i]));
        }
        return new GivenBundles(started);
    }

    // Why a bundle did not start; empty if it did.
    private static String startOne(Bundle bundle) {
        try {
            bundle.start();
            return "";
        } catch (BundleException | RuntimeException e) {
            return (bundle.getState() == Bundle.INSTALLED ? "not resolved: " : "not started: ") + e.getMessage();
        }
    }

    private static boolean isLibrary(Bundle bundle) {
        return header(bundle, Constants.BUNDLE_ACTIVATOR) == null && header(bundle, "Service-Component") == null;
    }

    private static String header(Bundle bundle, String name) {
        return bundle.getHeaders("").get(name);
    }

    /**
     * Whether a bundle could not be installed at all (not a bundle, or a duplicate).
     *
     * @return true if one could not
     */
    boolean anyNotInstalled() {
        return given.stream().anyMatch(g -> g.bundle() == null);
    }

    /**
     * Every given bundle's state, one a line, indented.
     *
     * @return the lines
     */
    String describe() {
        StringBuilder out = new StringBuilder();
        given.forEach(g -> out.append("  ").append(g.describe()).append('\n'));
        return out.toString();
    }

    private static String state(int state) {
        return switch (state) {
            case Bundle.INSTALLED -> "INSTALLED";
            case Bundle.RESOLVED -> "RESOLVED";
            case Bundle.STARTING -> "STARTING";
            case Bundle.ACTIVE -> "ACTIVE";
            case Bundle.STOPPING -> "STOPPING";
            default -> "UNINSTALLED";
        };
    }
}
