package dev.orchard.http.tests;

import org.junit.jupiter.api.BeforeEach;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;

/** What every endpoint test starts from: the test bundle's context and a client of the API, once it answers. */
abstract class ApiTest {
    @InjectBundleContext
    BundleContext context;

    Api api;

    @BeforeEach
    void connect() {
        api = Api.await(context);
    }

    /**
     * Waits until the API lists a provider name: the registry tracks a registration asynchronously.
     *
     * @param name the name to wait for
     */
    void awaitProvider(String name) {
        Await.until("provider " + name, () -> api.get("/providers/" + name).status() == 200);
    }
}
