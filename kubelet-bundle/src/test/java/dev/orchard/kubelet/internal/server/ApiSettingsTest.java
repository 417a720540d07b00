package dev.orchard.kubelet.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.InvalidInputException;
import dev.orchard.api.provider.ProviderConfiguration;
import dev.orchard.kubelet.internal.KubeletConfiguration;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The kubelet.* keys: their defaults, and the values refused with the key named. */
class ApiSettingsTest {
    private static final Path BASE = Path.of("/srv/orchard");

    private static ApiSettings read(Map<String, Object> properties) {
        Map<String, Object> all = new HashMap<>(properties);
        all.put("service.pid", "dev.orchard.kubelet~edge");
        return ApiSettings.from(
                ProviderConfiguration.of(all, KubeletConfiguration.class, "").requireKnownKeys(), BASE);
    }

    @Test
    void defaultsAreLoopbackAndTheKubeletPortWithNoCredentials() {
        ApiSettings s = read(Map.of());
        assertEquals("127.0.0.1", s.address());
        assertEquals(10250, s.port());
        assertTrue(s.certificate().isEmpty());
        assertFalse(s.authenticates(), "with neither a client CA nor a token nobody can authenticate");
    }

    @Test
    void relativeFilesStartFromTheRuntimeFolder() {
        ApiSettings s = read(Map.of("kubelet.token.file", "etc/kubelet.token", "kubelet.client.ca", "/etc/ca.pem"));
        assertEquals(BASE.resolve("etc/kubelet.token"), s.tokenFile().orElseThrow());
        assertEquals(Path.of("/etc/ca.pem"), s.clientCa().orElseThrow());
        assertTrue(s.authenticates());
    }

    @Test
    void aCertificateWithoutItsKeyIsRefused() {
        InvalidInputException e =
                assertThrows(InvalidInputException.class, () -> read(Map.of("kubelet.tls.cert", "serving.crt")));
        assertTrue(
                e.getMessage().contains("kubelet.tls.cert") && e.getMessage().contains("kubelet.tls.key"),
                e.getMessage());
    }

    @Test
    void aPortOutOfRangeOrNotANumberIsRefused() {
        assertTrue(assertThrows(InvalidInputException.class, () -> read(Map.of("kubelet.port", "ten")))
                .getMessage()
                .contains("kubelet.port"));
        assertTrue(assertThrows(InvalidInputException.class, () -> read(Map.of("kubelet.port", "70000")))
                .getMessage()
                .contains("70000"));
    }
}
