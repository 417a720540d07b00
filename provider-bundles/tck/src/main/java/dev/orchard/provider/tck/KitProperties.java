package dev.orchard.provider.tck;

/**
 * The names of the framework properties through which a run tells the kit what to check: set in a bndrun's {@code
 * -runproperties}, or by {@code orchard-tck.jar} from its command line. Constants only, so that the jar's main class,
 * outside the framework, compiles them in and needs nothing of the kit's bundle.
 */
public final class KitProperties {
    /** The {@code orchard.provider.name} of the provider under test. */
    public static final String PROVIDER = "orchard.tck.provider";
    /**
     * The prefix of the properties that skip one check with a reason, e.g. {@code
     * orchard.tck.skip.execReturnsExitCodesAndOutput=the mock API server runs no containers}.
     */
    public static final String SKIP_PREFIX = "orchard.tck.skip.";
    /** The contracts a run requires, comma-separated ({@code storage}, {@code pods}, {@code notify}). */
    public static final String REQUIRE = "orchard.tck.require";
    /** How long, in seconds, the kit waits for the provider, and for a pod to reach a phase (default 20). */
    public static final String TIMEOUT_SECONDS = "orchard.tck.timeout.seconds";

    /** {@code true} where the command runs the kit: the kit's bundle then offers its runner. */
    public static final String RUN = "orchard.tck.run";
    /** The bundles to install and start before the checks: their absolute paths, one a line. */
    public static final String BUNDLES = "orchard.tck.bundles";
    /** The singleton PID that {@link #CONFIG} configures. */
    public static final String PID = "orchard.tck.pid";
    /** The factory PID of which {@link #CONFIG} makes the configuration named after the provider. */
    public static final String FACTORY_PID = "orchard.tck.factory.pid";
    /** The provider's configuration: {@code key=value}, one a line. */
    public static final String CONFIG = "orchard.tck.config";
    /** The folder that receives the JUnit XML reports. */
    public static final String REPORT = "orchard.tck.report";
    /** The filter of the runner service: a {@code Callable<Integer>} whose result is the command's exit status. */
    public static final String RUNNER_FILTER = "(orchard.tck.runner=true)";
    /** The service property that marks the runner. */
    public static final String RUNNER = "orchard.tck.runner";

    private KitProperties() {}
}
