package dev.orchard.provider.kubernetes.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import io.fabric8.kubernetes.client.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a cluster is: the pod's own, a kubeconfig, or a URL; TLS verified unless asked; no credential shown. */
class ClusterSettingsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void insideAPodTheServiceAccountReachesTheClusterOverTls() throws Exception {
        Files.writeString(dir.resolve("token"), "secret-token-value\n");
        Files.writeString(dir.resolve("ca.crt"), "-----BEGIN CERTIFICATE-----\n");
        ClusterSettings pod = ClusterSettings.inCluster(
                Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443"), dir, TIMEOUT);
        assertEquals("https://10.96.0.1:443", pod.masterUrl());
        assertEquals(dir.resolve("token"), pod.tokenFile());
        assertEquals(dir.resolve("ca.crt"), pod.caFile());
        assertFalse(pod.trustCerts());
        assertFalse(pod.describe().contains("secret-token-value"), "never the token: " + pod.describe());

        assertNull(ClusterSettings.inCluster(Map.of(), dir, TIMEOUT), "no KUBERNETES_SERVICE_HOST: no cluster");
        assertNull(
                ClusterSettings.inCluster(Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1"), dir.resolve("none"), TIMEOUT),
                "no service account mounted: no cluster");
    }

    @Test
    void tlsIsVerifiedEvenWhereTheKubeconfigSaysInsecure() throws Exception {
        Path kubeconfig = dir.resolve("config");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                current-context: dev
                clusters:
                - name: dev
                  cluster:
                    server: https://10.0.0.1:6443
                    insecure-skip-tls-verify: true
                contexts:
                - name: dev
                  context:
                    cluster: dev
                    user: dev
                users:
                - name: dev
                  user:
                    token: kubeconfig-token
                """);
        Config verified = ClusterClient.config(new ClusterSettings(kubeconfig, "dev", "", null, null, false, TIMEOUT));
        assertEquals("https://10.0.0.1:6443/", verified.getMasterUrl());
        assertFalse(verified.isTrustCerts(), "trust.certs=false wins over insecure-skip-tls-verify");
        Config trusting = ClusterClient.config(new ClusterSettings(kubeconfig, "", "", null, null, true, TIMEOUT));
        assertTrue(trusting.isTrustCerts(), "only trust.certs=true trusts any certificate");

        InvalidInputException noContext = assertThrows(
                InvalidInputException.class,
                () -> ClusterClient.config(new ClusterSettings(kubeconfig, "prod", "", null, null, false, TIMEOUT)));
        assertTrue(noContext.getMessage().contains("whose contexts are [dev]"), noContext.getMessage());
    }

    @Test
    void aTokenIsNeverSentInTheClearToAnotherHost() {
        InvalidInputException e = assertThrows(
                InvalidInputException.class,
                () -> new ClusterSettings(null, "", "http://10.0.0.1:8080", null, null, false, TIMEOUT));
        assertTrue(e.getMessage().contains("would send the token unencrypted"), e.getMessage());
        assertEquals(
                "http://127.0.0.1:8080",
                new ClusterSettings(null, "", "http://127.0.0.1:8080", null, null, false, TIMEOUT).describe());
    }
}
