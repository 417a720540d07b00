package dev.orchard.http.api;

import dev.orchard.api.error.ProviderFaultException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Serves the API's OpenAPI document, a resource of this bundle. */
final class OpenApi {
    private OpenApi() {}

    /**
     * Answers with the document.
     *
     * @param exchange the request
     */
    static void serve(Exchange exchange) throws IOException {
        exchange.allowQuery(java.util.List.of());
        try (InputStream in = OpenApi.class.getResourceAsStream("openapi.json")) {
            if (in == null) {
                throw new ProviderFaultException("the HTTP bundle lacks its openapi.json");
            }
            try (OutputStream out = exchange.stream("application/json")) {
                in.transferTo(out);
            }
        }
    }
}
