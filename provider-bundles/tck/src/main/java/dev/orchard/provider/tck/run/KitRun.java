package dev.orchard.provider.tck.run;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.orchard.api.error.OrchardException;
import dev.orchard.provider.tck.run.CheckOutcomes.Outcome;
import dev.orchard.provider.tck.run.CheckOutcomes.Status;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.junit.jupiter.engine.JupiterTestEngine;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * One run of the kit as the command asks it: installs the given bundles, configures the provider, starts them,
 * waits for it,
 * runs every check of the kit with the JUnit Platform, prints the summary and each failure, and writes JUnit XML.
 * Its result is the command's exit status: 0 only if no check failed and at least one passed; 1 if the run failed,
 * or the provider never served; 2 if the request itself is invalid.
 */
final class KitRun implements Callable<Integer> {
    /** The exit status of a run that passed. */
    static final int PASSED = 0;
    /** The exit status of a run that failed, or could not check the provider. */
    static final int FAILED = 1;
    /** The exit status of an invalid request. */
    static final int INVALID = 2;
    /** How the reason of a skip that the run asked for (--skip) begins: Tck.skipWhereStated words it so. */
    private static final String STATED = "skipped as stated:";

    private final BundleContext context;
    private final PrintStream out;

    /**
     * Prepares a run.
     *
     * @param context the kit's bundle context, whose framework properties hold the request
     * @param out where the summary goes
     */
    KitRun(BundleContext context, PrintStream out) {
        this.context = context;
        this.out = out;
    }

    /**
     * Runs the kit.
     *
     * @return the command's exit status
     * @throws Exception if a check class cannot be loaded, or the wait is interrupted
     */
    @Override
    public Integer call() throws Exception {
        RunRequest request;
        try {
            request = RunRequest.from(context);
        } catch (OrchardException e) {
            out.println("orchard-tck: " + e.getMessage());
            return INVALID;
        }
        GivenBundles given = GivenBundles.install(context, request.bundles());
        if (given.anyNotInstalled()) {
            out.println("orchard-tck: FAILED: a given bundle could not be installed:");
            out.print(given.describe());
            return FAILED;
        }
        // Configured before it starts, so that the provider's first instance is the configured one.
        if (request.pid().isPresent() || request.factoryPid().isPresent()) {
            try {
                out.println("orchard-tck: configured " + ProviderSetup.apply(context, request));
            } catch (IOException | OrchardException e) {
                out.println("orchard-tck: FAILED: the configuration could not be applied: " + e.getMessage());
                return FAILED;
            }
        }
        given = given.start();
        Optional<String> absent = ProviderAwait.await(context, request.provider(), request.timeout());
        if (absent.isPresent()) {
            out.println("orchard-tck: FAILED: " + absent.get());
            out.println("the given bundles:");
            out.print(given.describe());
            return FAILED;
        }
        CheckOutcomes outcomes = runChecks();
        return report(outcomes, request.report());
    }

    private CheckOutcomes runChecks() throws ClassNotFoundException {
        Bundle kit = context.getBundle();
        List<DiscoverySelector> checks = new ArrayList<>();
        for (String name : kit.getHeaders("").get("Test-Cases").split(",")) {
            checks.add(selectClass(kit.loadClass(name.trim())));
        }
        // Only Jupiter, named here: the platform's own discovery looks through a class path that a framework has not.
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .enableTestExecutionListenerAutoRegistration(false)
                .enableLauncherSessionListenerAutoRegistration(false)
                .enableLauncherDiscoveryListenerAutoRegistration(false)
                .enablePostDiscoveryFilterAutoRegistration(false)
                .addTestEngines(new JupiterTestEngine())
                .build());
        CheckOutcomes outcomes = new CheckOutcomes();
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(KitRun.class.getClassLoader());
        try {
            launcher.execute(
                    LauncherDiscoveryRequestBuilder.request().selectors(checks).build(), outcomes);
        } finally {
            thread.setContextClassLoader(before);
        }
        return outcomes;
    }

    private int report(CheckOutcomes outcomes, Path folder) {
        for (Outcome o : outcomes.outcomes()) {
            if (o.status() == Status.FAILED) {
                out.println("FAILED " + simpleName(o.className()) + "." + o.check() + ": " + o.message());
            } else if (o.status() == Status.SKIPPED && o.message().startsWith(STATED)) {
                // A skip the run asked for is named with its reason: a reader sees what this run did not check.
                out.println("SKIPPED " + simpleName(o.className()) + "." + o.check() + ": "
                        + o.message().substring(STATED.length()).trim());
            }
        }
        try {
            List<Path> files = JUnitXmlReport.write(folder, outcomes.outcomes());
            out.println("orchard-tck: JUnit XML in " + folder.toAbsolutePath() + " (" + files.size() + " files)");
        } catch (IOException e) {
            out.println("orchard-tck: the JUnit XML could not be written: " + e.getMessage());
        }
        out.println(outcomes.summary());
        if (outcomes.count(Status.FAILED) > 0) {
            return FAILED;
        }
        if (outcomes.count(Status.PASSED) == 0) {
            out.println("orchard-tck: FAILED: no check passed; a run that checks nothing does not pass");
            return FAILED;
        }
        return PASSED;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
