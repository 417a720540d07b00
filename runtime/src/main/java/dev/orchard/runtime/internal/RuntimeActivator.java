package dev.orchard.runtime.internal;

import dev.orchard.api.registry.ShellCommands;
import dev.orchard.runtime.control.LaunchMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.felix.fileinstall.ArtifactInstaller;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.Function;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.SynchronousBundleListener;

/**
 * Wires the runtime bundle: applies the defaults before the bundles that read them start, hooks into FileInstall
 * (named {@code .cfg} instances, feedback on every file of {@code deploy/}), keeps {@code telnetd} out, registers
 * {@code orchard:deploy}, and gives the launcher its main thread and its Ctrl-C.
 *
 * <p>This bundle starts before every other bundle (start level 1, see orchard.bndrun); it logs nothing until the
 * logging bundles run (see {@link DeployFolder}).
 */
public final class RuntimeActivator implements BundleActivator {
    // SPI Fly logs every provider it registers through java.util.logging at INFO; keep the console to warnings.
    // The logger is held here because java.util.logging keeps loggers only weakly.
    private static final Logger SPIFLY_LOG = Logger.getLogger("org.apache.aries.spifly");

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private NamedConfigurationInstaller configInstaller;
    private DeployFolder deploy;
    private FileInstallLog fileInstallLog;
    private TelnetGuard telnet;
    private MainThread main;

    @Override
    public void start(BundleContext context) throws Exception {
        String spifly = System.getProperty("orchard.spifly.log.level");
        SPIFLY_LOG.setLevel(spifly == null ? Level.WARNING : Level.parse(spifly));
        LaunchMode mode = LaunchMode.of(context.getProperty(LaunchMode.PROPERTY));
        RuntimeDefaults.apply(RuntimeDefaults.of(mode));
        Path deployDir = Path.of(System.getProperty("felix.fileinstall.dir")).toAbsolutePath();
        Files.createDirectories(deployDir);

        telnet = new TelnetGuard(context);
        telnet.register();

        // Registered before FileInstall starts, so that its first scan already finds them.
        deploy = new DeployFolder(deployDir, context);
        fileInstallLog = new FileInstallLog(deploy);
        configInstaller = new NamedConfigurationInstaller(context);
        register(context, ArtifactInstaller.class, configInstaller, Constants.SERVICE_RANKING, 1000);
        register(
                context,
                ArtifactInstaller.class,
                new DeployObserver(deploy),
                Constants.SERVICE_RANKING,
                Integer.MIN_VALUE);
        Dictionary<String, Object> command = new Hashtable<>();
        command.put(CommandProcessor.COMMAND_SCOPE, ShellCommands.SCOPE);
        command.put(CommandProcessor.COMMAND_FUNCTION, DeployCommand.NAME);
        command.put("osgi.command.description", DeployCommand.DESCRIPTION);
        registrations.add(context.registerService(Function.class, new DeployCommand(deploy), command));

        String socket = context.getProperty(LaunchMode.SOCKET_PROPERTY);
        main = new MainThread(
                context,
                mode,
                context.getProperty(LaunchMode.COMMAND_PROPERTY),
                socket == null ? null : Path.of(socket),
                new Readiness(context, deploy));
        // Let the main thread return as soon as the framework begins to stop, not when this bundle (start level 1)
        // is stopped last.
        context.addBundleListener((SynchronousBundleListener) event -> {
            if (event.getBundle().getBundleId() == 0 && event.getType() == BundleEvent.STOPPING) {
                main.stop();
            }
        });
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("main.thread", "true");
        props.put("orchard.interrupt", "true");
        registrations.add(context.registerService(
                new String[] {Callable.class.getName(), BooleanSupplier.class.getName()}, main, props));
    }

    @Override
    public void stop(BundleContext context) {
        main.stop();
        registrations.forEach(r -> {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregistered it
            }
        });
        registrations.clear();
        telnet.unregister();
        fileInstallLog.close();
        configInstaller.close();
        deploy.close();
    }

    private void register(BundleContext context, Class<?> type, Object service, String key, Object value) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(key, value);
        registrations.add(context.registerService(type.getName(), service, props));
    }
}
