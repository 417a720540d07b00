package dev.orchard.kubelet.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The kubelet server serves the kubelet's paths, written plainly, and nothing else. */
class KubeletGateTest {
    @Test
    void theKubeletsPathsPass() {
        for (String path : new String[] {
            "/containerLogs/default/web/main",
            "/exec/default/web/main",
            "/stats/summary",
            "/pods",
            "/healthz",
            "/containerLogs/kube-system/web.1-abc/main"
        }) {
            assertTrue(KubeletGate.isKubeletPath(path), path);
        }
    }

    @Test
    void everyOtherPathIsRefused() {
        for (String path : new String[] {
            "/system/console/bundles.json",
            "/system/console",
            "/orchard/api/v1/providers",
            "/metrics",
            "/latest/volumes/",
            "/",
            "",
            "/pods/",
            "/healthz/x",
            "/podsx",
            "/containerLogs/",
            "/containerLogs",
            "/stats",
            "/containerLogs/../system/console/bundles.json",
            "/containerLogs/a/../../metrics",
            "/containerLogs/./x",
            "/containerLogs/a//b",
            "/containerLogs/%2e%2e/system/console",
            "/containerLogs/a;x=1/b",
            "/exec/a\\..\\b",
            "/healthz;/../metrics",
            "/containerLogs/a/b/c/.."
        }) {
            assertFalse(KubeletGate.isKubeletPath(path), path);
        }
        assertFalse(KubeletGate.isKubeletPath(null));
    }
}
