package dev.orchard.runtime.internal;

import dev.orchard.runtime.control.LaunchMode;
import java.io.File;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The settings the runtime gives FileInstall, the shell and slf4j-simple, as system properties set only where none
 * is set, so that {@code -D} overrides any of them (but for the shell's {@code --nointeractive}); the framework falls back to system properties for every property
 * it was not given. The runtime bundle applies them as it starts, before the bundles that read them.
 */
final class RuntimeDefaults {
    private static final String GOSH_ARGS = "gosh.args";
    private static final String NO_INTERACTIVE = "--nointeractive";

    private RuntimeDefaults() {}

    /**
     * The defaults: the same in every mode but for Orchard's log level.
     *
     * @param mode how the runtime was launched
     * @return the properties and their values, in order
     */
    static Map<String, String> of(LaunchMode mode) {
        Map<String, String> d = new LinkedHashMap<>();
        String cwd = System.getProperty("user.dir");
        d.put("felix.fileinstall.dir", new File(cwd, "deploy").getAbsolutePath());
        // FileInstall installs a file once two scans see it unchanged: a 200 ms poll shows a drop well under 1 s.
        d.put("felix.fileinstall.poll", "200");
        d.put("felix.fileinstall.noInitialDelay", "true");
        d.put("felix.fileinstall.bundles.new.start", "true");
        d.put("felix.fileinstall.bundles.startTransient", "false");
        // Never rewrite the user's .cfg files from configuration changes made elsewhere.
        d.put("felix.fileinstall.enableConfigSave", "false");
        // FileInstall logs everything through java.util.logging, where FileInstallLog turns a failure about a file
        // into one WARN line and the rest into DEBUG, instead of stack traces on the console.
        d.put("felix.fileinstall.log.default", "jul");
        d.put("felix.fileinstall.log.level", "4");
        // Only bundles from deploy/ are refreshed for an optional import a new bundle satisfies; unset, FileInstall
        // means every bundle, itself included (it imports org.osgi.service.log optionally), and a deployed Log
        // Service API (the Web Console's) then refreshes FileInstall from its own thread, which never ends.
        d.put("felix.fileinstall.optionalImportRefreshScope", "managed");
        // Where FileInstall packs a folder dropped into deploy/: the runtime's own corner, not a new /tmp folder per
        // start that a killed runtime leaves behind; relative, so that it stays in the folder the runtime started in
        // even if that is renamed.
        d.put("felix.fileinstall.tmpdir", ".orchard" + File.separator + "fileinstall");
        // Felix HTTP (the add-on http-bundle/target/deploy/) waits for its configuration, which Orchard's binding
        // guard owns, instead of listening at once on every interface (issue 17).
        d.put("org.apache.felix.http.require.config", "true");
        // The Web Console (its add-on) serves nothing until Orchard's login, the HTTP token, is registered, and its
        // own admin/admin lets nobody in (issue 31).
        d.put("felix.webconsole.security.providers", "orchard");
        d.put("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        // A -c that starts a runtime of its own prints its answer, not the providers coming and going around it (a
        // dozen INFO lines on stderr); warnings and errors still show. The shell and the daemon log at INFO.
        d.put("org.slf4j.simpleLogger.log.dev.orchard", mode == LaunchMode.COMMAND ? "warn" : "info");
        d.put("org.slf4j.simpleLogger.showDateTime", "true");
        d.put("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        d.put("org.slf4j.simpleLogger.showThreadName", "false");
        d.put("org.slf4j.simpleLogger.showShortLogName", "true");
        // Gogo's own console never runs: it decodes input as Latin-1, and the runtime has a console of its own
        // (ShellConsole) in the interactive mode; the other modes have none, and must never read stdin, or a closed
        // stdin would stop the framework.
        d.put(GOSH_ARGS, NO_INTERACTIVE);
        return d;
    }

    /**
     * The shell's arguments with {@code --nointeractive} always among them: an operator's own {@code gosh.args}
     * (e.g. {@code -q}) keeps its options, but never brings back Gogo's Latin-1 console beside Orchard's.
     *
     * @param args the arguments the operator set; null for none
     * @return the arguments to use
     */
    static String withNoInteractive(String args) {
        if (args == null || args.isBlank()) {
            return NO_INTERACTIVE;
        }
        String trimmed = args.strip();
        return Arrays.asList(trimmed.split("\\s+")).contains(NO_INTERACTIVE) ? trimmed : NO_INTERACTIVE + " " + trimmed;
    }

    /**
     * Sets each property that is not set.
     *
     * @param defaults the properties and their values
     */
    static void apply(Map<String, String> defaults) {
        defaults.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
        System.setProperty(GOSH_ARGS, withNoInteractive(System.getProperty(GOSH_ARGS)));
    }
}
