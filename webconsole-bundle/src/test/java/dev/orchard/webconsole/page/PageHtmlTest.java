package dev.orchard.webconsole.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orchard.api.error.NotFoundException;
import dev.orchard.api.error.UnavailableException;
import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.orchestrator.VolumePhase;
import dev.orchard.api.pod.Container;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.pod.PodSpec;
import dev.orchard.api.registry.ProviderInfo;
import dev.orchard.api.registry.ProviderKind;
import dev.orchard.api.registry.ProviderState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The page's HTML: rows for every provider state, the chosen provider's tables, typed errors, and escaping. */
class PageHtmlTest {
    private static final String INJECTION = "<img src=x onerror=alert(1)>\"'&";

    @Test
    void everyProviderStateIsARowWithItsBundleLinkAndReason() {
        String html = PageHtml.fragment(model(), "/system/console", "/system/console/orchard", "default");
        assertTrue(html.contains("data-name='mock' data-kind='ORCHESTRATOR' data-state='ACTIVE'"), html);
        assertTrue(html.contains("data-name='mock' data-kind='ORCHESTRATOR' data-state='SHADOWED'"), html);
        assertTrue(html.contains("data-state='FAILED'"), html);
        assertTrue(html.contains("<a class='orchard-bundle' href='/system/console/bundles/7'>"), html);
        assertTrue(html.contains("<td>100</td>"), "the ranking: " + html);
        assertTrue(html.contains("href='/system/console/orchard?provider=mock'"), "choosing a provider: " + html);
    }

    @Test
    void userTextIsEscapedWhereverItLands() {
        String html = PageHtml.page(model(), "/system/console", "/system/console/orchard", "default");
        assertFalse(html.contains("<img"), html);
        // In a quoted attribute, the quotes and '&' are what must be encoded ('<' and '>' cannot end it).
        assertTrue(html.contains("data-name='&lt;img src=x onerror=alert(1)>&#34;&#39;&amp;'"), html);
        assertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;&#34;&#39;&amp;"), html);
        // The chosen provider's name lands in a URL inside an attribute: encoded for the URL, then the attribute.
        assertTrue(html.contains("provider=%3Cimg%20src%3Dx"), html);
    }

    @Test
    void theChosenProvidersVolumesPodsAndNodeConditionsAreRows() {
        String html = PageHtml.fragment(model(), "/system/console", "/system/console/orchard", "default");
        assertTrue(html.contains("<td>default</td><td>data</td><td>10Mi</td><td>2</td>"), html);
        assertTrue(html.contains("<td>default</td><td>hello</td><td>PENDING</td><td>1</td>"), html);
        assertTrue(html.contains("<td>mock</td><td>Ready</td><td>True</td><td>KubeletReady</td>"), html);
    }

    @Test
    void aFailedCallIsShownByItsCategoryAndMessageWithoutAStackTrace() {
        PageModel failing = new PageModel(
                List.of(),
                "gone",
                Outcome.of(() -> {
                    throw new UnavailableException("orchestrator 'gone' is draining");
                }),
                Outcome.of(() -> {
                    throw new NotFoundException("no pod provider is named 'gone'");
                }),
                Outcome.of(() -> {
                    throw new IllegalStateException("boom");
                }));
        String html = PageHtml.fragment(failing, "/system/console", "/system/console/orchard", "default");
        assertTrue(html.contains("<strong>UNAVAILABLE</strong>: orchestrator &#39;gone&#39; is draining"), html);
        assertTrue(html.contains("<strong>NOT_FOUND</strong>"), html);
        assertTrue(html.contains("<strong>PROVIDER_FAULT</strong>: IllegalStateException: boom"), html);
        assertFalse(html.contains("\tat "), "no stack trace: " + html);
        assertTrue(html.contains("No provider is registered."), html);
    }

    @Test
    void thePageRefreshesItsFragmentWhileOpen() {
        String html = PageHtml.page(model(), "/system/console", "/system/console/orchard", "default");
        assertTrue(
                html.contains("data-fragment='/system/console/orchard/fragment?provider=mock&amp;namespace=default'"),
                html);
        assertTrue(html.contains("setTimeout(refresh, " + PageHtml.REFRESH_MS + ")"), html);
    }

    @Test
    void anOutcomeHoldsAValueOrATypedError() {
        assertEquals(Optional.of(3), Outcome.of(() -> 3).value());
        Outcome<Integer> failed = Outcome.of(() -> {
            throw new NotFoundException("nothing");
        });
        assertEquals("NOT_FOUND", failed.category());
        assertEquals("nothing", failed.message());
        assertEquals("NOT_FOUND", failed.map(i -> i + 1).category());
        assertEquals("PROVIDER_FAULT", Outcome.of(() -> null).category(), "a null result is the provider's fault");
    }

    private static PageModel model() {
        List<ProviderLine> providers = List.of(
                line("mock", ProviderState.ACTIVE, 100, 7, Optional.empty()),
                line("mock", ProviderState.SHADOWED, 0, 8, Optional.empty()),
                line(INJECTION, ProviderState.FAILED, 0, 9, Optional.of("name " + INJECTION + " is invalid")));
        Volume volume = new Volume(
                "data",
                "default",
                "uid-1",
                Map.of(),
                Map.of(),
                10L * 1024 * 1024,
                -1,
                2,
                "",
                VolumePhase.AVAILABLE,
                "",
                Instant.EPOCH);
        Pod pod = Pod.of("default", "hello", PodSpec.of(Container.of("main", "busybox", "echo", "hello")));
        Node node = new Node(
                "mock",
                Map.of(),
                null,
                null,
                List.of(new NodeCondition("Ready", true, "KubeletReady", "ready")),
                List.of(),
                "linux",
                "amd64");
        return new PageModel(
                providers,
                "mock",
                Outcome.of(() -> List.of(volume)),
                Outcome.of(() -> List.of(pod)),
                Outcome.of(() -> node));
    }

    private static ProviderLine line(String name, ProviderState state, int ranking, long id, Optional<String> why) {
        return new ProviderLine(
                new ProviderInfo(
                        name, ProviderKind.ORCHESTRATOR, state, "dev.orchard.provider.mock", "0.1.0", id, ranking, why),
                OptionalLong.of(id - 2));
    }
}
