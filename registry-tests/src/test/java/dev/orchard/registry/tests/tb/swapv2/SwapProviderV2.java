package dev.orchard.registry.tests.tb.swapv2;

import dev.orchard.api.orchestrator.Orchestrator;
import dev.orchard.api.pod.PodProvider;
import dev.orchard.api.registry.ProviderProperties;
import dev.orchard.registry.tests.tb.swap.SwapProvider;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/** The "swap" provider at ranking 10. */
@Component(
        service = {Orchestrator.class, PodProvider.class},
        property = {ProviderProperties.NAME + "=swap", "service.ranking:Integer=10"})
public class SwapProviderV2 extends SwapProvider {
    @Activate
    void activate(BundleContext context) {
        start(context);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
