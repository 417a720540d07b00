package dev.orchard.provider.kubernetes.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.error.OrchardException;
import dev.orchard.api.error.UnavailableException;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kubeconfig whose token line does not parse, and a master.url with a password in it: the token and the password
 * appear in no message the cluster connection words (its description, its configuration errors, its request
 * failures), whatever the parser or the HTTP client said.
 */
class CredentialsNeverShownTest {
    static final String TOKEN = "s3cr3t-T0ken-ab12cd34ef56";
    static final String PASSWORD = "hunter2-Pa55";

    @TempDir
    Path dir;

    /**
     * A kubeconfig whose user's token line breaks the YAML: its quote is never closed.
     *
     * @param dir where to write it
     * @return the file
     */
    static Path brokenTokenKubeconfig(Path dir) throws Exception {
        Path kubeconfig = dir.resolve("config");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                current-context: dev
                clusters:
                - name: dev
                  cluster:
                    server: https://10.0.0.1:6443
                contexts:
                - name: dev
                  context:
                    cluster: dev
                    user: dev
                users:
                - name: dev
                  user:
                    token: "%s: {[
                """.formatted(TOKEN));
        return kubeconfig;
    }

    @Test
    void aKubeconfigWhoseTokenLineDoesNotParseIsRefusedWithoutTheToken() throws Exception {
        ClusterSettings settings =
                new ClusterSettings(brokenTokenKubeconfig(dir), "", "", null, null, false, Duration.ofSeconds(5));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ClusterClient.config(settings));
        assertFalse(e.getMessage().contains(TOKEN), e.getMessage());
        assertTrue(e.getMessage().contains("is not a kubeconfig"), e.getMessage());
        assertTrue(e.getMessage().contains("line "), "where it broke is still said: " + e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains(TOKEN), "nor in a cause: " + t);
        }
    }

    @Test
    void aPasswordInTheMasterUrlIsNeverDescribedNorInAnError() {
        String url = "https://admin:" + PASSWORD + "@10.0.0.1:6443";
        ClusterSettings settings = new ClusterSettings(null, "", url, null, null, false, Duration.ofSeconds(5));
        assertFalse(settings.describe().contains(PASSWORD), settings.describe());
        assertTrue(settings.describe().contains("10.0.0.1:6443"), settings.describe());

        // fabric8 never holds the password in a URL (it would word it in its own messages and logs): it is the
        // basic login the URL means.
        io.fabric8.kubernetes.client.Config config = ClusterClient.config(settings);
        assertFalse(config.getMasterUrl().contains(PASSWORD), config.getMasterUrl());
        assertTrue(config.getMasterUrl().startsWith("https://10.0.0.1:6443"), config.getMasterUrl());
        assertEquals("admin", config.getUsername());
        assertEquals(PASSWORD, config.getPassword());

        // What the HTTP client says about a request carries the URL: not the password.
        OrchardException unreachable = KubernetesErrors.map(
                ClusterAction.cluster("list", "nodes"),
                settings.describe(),
                new KubernetesClientException(
                        "Failure executing: GET at: " + url + "/api/v1/nodes", new ConnectException("refused")));
        assertInstanceOf(UnavailableException.class, unreachable);
        assertFalse(unreachable.getMessage().contains(PASSWORD), unreachable.getMessage());
        OrchardException fault = KubernetesErrors.map(
                ClusterAction.cluster("list", "nodes"),
                settings.describe(),
                new KubernetesClientException("Failure executing: GET at: " + url + "/api/v1/nodes"));
        assertFalse(fault.getMessage().contains(PASSWORD), fault.getMessage());

        InvalidInputException bad = assertThrows(
                InvalidInputException.class,
                () -> new ClusterSettings(
                        null, "", "ftp://admin:" + PASSWORD + "@h", null, null, false, Duration.ofSeconds(5)));
        assertFalse(bad.getMessage().contains(PASSWORD), bad.getMessage());
        InvalidInputException plain = assertThrows(
                InvalidInputException.class,
                () -> new ClusterSettings(
                        null, "", "http://admin:" + PASSWORD + "@10.0.0.2", null, null, false, Duration.ofSeconds(5)));
        assertFalse(plain.getMessage().contains(PASSWORD), plain.getMessage());
    }
}
