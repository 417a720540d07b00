package dev.orchard.kubelet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.pod.TaintEffect;
import dev.orchard.api.provider.ProviderConfiguration;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bridge's configuration keys: defaults, the node's own labels and taint, and what is refused, with why. */
class BridgeSettingsTest {
    private static BridgeSettings read(String... keysAndValues) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("service.pid", "dev.orchard.kubelet~edge-1");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return BridgeSettings.from(
                ProviderConfiguration.of(properties, KubeletConfiguration.class, "")
                        .requireKnownKeys(),
                "local");
    }

    @Test
    void defaultsAreTheInstanceNameTheDefaultProviderAndVirtualKubeletsTaint() {
        BridgeSettings s = read();
        assertEquals("edge-1", s.nodeName());
        assertEquals("local", s.provider());
        assertEquals(
                List.of(new BridgeSettings.Taint("virtual-kubelet.io/provider", "local", TaintEffect.NO_SCHEDULE)),
                s.taints());
        assertEquals("virtual-kubelet", s.labels().get("type"));
        assertEquals("agent", s.labels().get("kubernetes.io/role"));
        assertEquals(Duration.ofSeconds(10), s.leaseInterval());
        assertEquals(false, s.removeOnStop());
    }

    @Test
    void labelsTaintsAndProviderAreRead() {
        BridgeSettings s = read(
                "node.name", "edge.example",
                "provider", "mock",
                "node.labels", "zone=lab, tier=edge",
                "node.taints", "dedicated=orchard:NoExecute,spot:PreferNoSchedule",
                "node.on.stop", "remove");
        assertEquals("edge.example", s.nodeName());
        assertEquals("lab", s.labels().get("zone"));
        assertEquals("edge", s.labels().get("tier"));
        assertEquals(
                List.of(
                        new BridgeSettings.Taint("dedicated", "orchard", TaintEffect.NO_EXECUTE),
                        new BridgeSettings.Taint("spot", "", TaintEffect.PREFER_NO_SCHEDULE)),
                s.taints());
        assertTrue(s.removeOnStop());
        assertEquals(List.of(), read("node.taints", "none").taints());
    }

    @Test
    void whatCannotBeUsedIsRefusedNamingTheKeyAndWhatIsAllowed() {
        assertMessage("node.taints", "must be key=value:Effect", "node.taints", "dedicated=orchard");
        assertMessage("node.on.stop", "must be not-ready or remove", "node.on.stop", "delete");
        assertMessage("node.name", "DNS-1123 subdomain", "node.name", "Edge_1");
        assertMessage("provider", "\"Mock\"", "provider", "Mock");
        assertMessage("node.labels", "must be key=value", "node.labels", "zone");
        assertMessage("unknown key(s) nodeName", "known keys", "nodeName", "x");
    }

    private static void assertMessage(String names, String says, String... keysAndValues) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(keysAndValues));
        assertTrue(e.getMessage().contains(names) && e.getMessage().contains(says), e.getMessage());
    }
}
