package dev.orchard.webconsole.page;

import dev.orchard.api.orchestrator.Volume;
import dev.orchard.api.pod.Node;
import dev.orchard.api.pod.NodeCondition;
import dev.orchard.api.pod.Pod;
import dev.orchard.api.quantity.Quantity;
import dev.orchard.api.registry.ProviderInfo;
import java.util.List;
import java.util.function.Function;
import org.owasp.encoder.Encode;

/**
 * Renders the Orchard page as HTML. Every value shown passes through the OWASP encoder for the context it lands in
 * (element text, attribute, URL query): provider names and failure reasons are user text.
 *
 * <p>The page is a frame and a fragment. The fragment holds every table; the frame holds the fragment and a small
 * script that fetches the fragment again every {@value #REFRESH_MS} ms and swaps it in, so the page keeps its
 * place and needs no reload of the console around it.
 */
public final class PageHtml {
    /** How often the open page fetches its fragment again, in milliseconds. */
    public static final int REFRESH_MS = 2000;

    /** The fragment's path under the plugin's root. */
    public static final String FRAGMENT = "/fragment";

    private PageHtml() {}

    /**
     * The whole page: the fragment, and the script that refreshes it while the page is open.
     *
     * @param model what to show
     * @param appRoot the console's root, e.g. {@code /system/console}
     * @param pluginRoot the plugin's root, e.g. {@code /system/console/orchard}
     * @param namespace the namespace whose volumes are listed
     * @return the HTML
     */
    public static String page(PageModel model, String appRoot, String pluginRoot, String namespace) {
        String source = pluginRoot + FRAGMENT + "?provider=" + Encode.forUriComponent(model.selected()) + "&namespace="
                + Encode.forUriComponent(namespace);
        return "<div id='orchard' data-fragment='" + Encode.forHtmlAttribute(source) + "'>"
                + fragment(model, appRoot, pluginRoot, namespace)
                + "</div>\n<script>\n"
                + "(function () {\n"
                + "  var box = document.getElementById('orchard');\n"
                + "  function refresh() {\n"
                + "    fetch(box.getAttribute('data-fragment'), {credentials: 'same-origin', cache: 'no-store'})\n"
                + "      .then(function (r) { if (!r.ok) { throw new Error('HTTP ' + r.status); } return r.text(); })\n"
                + "      .then(function (html) { box.innerHTML = html; box.removeAttribute('data-stale'); })\n"
                + "      .catch(function () { box.setAttribute('data-stale', 'true'); })\n"
                + "      .then(function () { setTimeout(refresh, " + REFRESH_MS + "); });\n"
                + "  }\n"
                + "  setTimeout(refresh, " + REFRESH_MS + ");\n"
                + "})();\n"
                + "</script>\n";
    }

    /**
     * The tables: providers, then the chosen provider's volumes, pods and node.
     *
     * @param model what to show
     * @param appRoot the console's root, for links to bundle pages
     * @param pluginRoot the plugin's root, for links that choose a provider
     * @param namespace the namespace whose volumes are listed
     * @return the HTML fragment
     */
    public static String fragment(PageModel model, String appRoot, String pluginRoot, String namespace) {
        StringBuilder html = new StringBuilder(4096);
        html.append("<p class='statline' id='orchard-updated'>Orchard providers, refreshed every ")
                .append(REFRESH_MS / 1000)
                .append(" s</p>\n");
        providers(html, model.providers(), appRoot, pluginRoot, model.selected());
        String chosen = Encode.forHtml(model.selected());
        table(
                html,
                "orchard-volumes",
                "Volumes of " + chosen + " in namespace " + Encode.forHtml(namespace),
                List.of("Namespace", "Name", "Capacity", "Replicas", "Storage class", "Phase", "Message"),
                model.volumes(),
                PageHtml::volumeRows);
        table(
                html,
                "orchard-pods",
                "Pods of " + chosen,
                List.of("Namespace", "Name", "Phase", "Containers", "Pod IP", "Reason", "Message"),
                model.pods(),
                PageHtml::podRows);
        table(
                html,
                "orchard-node",
                "Node of " + chosen,
                List.of("Node", "Condition", "Status", "Reason", "Message"),
                model.node().map(List::of),
                PageHtml::nodeRows);
        return html.toString();
    }

    private static void providers(
            StringBuilder html, List<ProviderLine> lines, String appRoot, String pluginRoot, String selected) {
        html.append("<h2>Providers</h2>\n<table class='tablelayout nicetable' id='orchard-providers'>\n<thead><tr>");
        for (String h : List.of("Name", "Kind", "State", "Ranking", "Bundle", "Service", "Failure reason")) {
            html.append("<th>").append(h).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        if (lines.isEmpty()) {
            html.append("<tr><td colspan='7'>No provider is registered.</td></tr>\n");
        }
        for (ProviderLine line : lines) {
            ProviderInfo info = line.info();
            html.append("<tr class='orchard-provider' data-name='")
                    .append(Encode.forHtmlAttribute(info.name()))
                    .append("' data-kind='")
                    .append(info.kind())
                    .append("' data-state='")
                    .append(info.state())
                    .append("'>");
            String link = pluginRoot + "?provider=" + Encode.forUriComponent(info.name());
            html.append("<td>")
                    .append(info.name().equals(selected) ? "<strong>" : "")
                    .append("<a href='")
                    .append(Encode.forHtmlAttribute(link))
                    .append("'>")
                    .append(Encode.forHtml(info.name()))
                    .append("</a>")
                    .append(info.name().equals(selected) ? "</strong>" : "")
                    .append("</td>");
            cell(html, info.kind().name());
            cell(html, info.state().name());
            cell(html, Integer.toString(info.ranking()));
            html.append("<td>");
            if (line.bundleId().isPresent()) {
                String bundle = appRoot + "/bundles/" + line.bundleId().getAsLong();
                html.append("<a class='orchard-bundle' href='")
                        .append(Encode.forHtmlAttribute(bundle))
                        .append("'>")
                        .append(Encode.forHtml(info.bundle()))
                        .append("</a>");
            } else {
                html.append(Encode.forHtml(info.bundle()));
            }
            html.append("</td>");
            cell(html, Long.toString(info.serviceId()));
            html.append("<td class='orchard-reason'>")
                    .append(Encode.forHtml(info.failureReason().orElse("")))
                    .append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    private static <T> void table(
            StringBuilder html,
            String id,
            String title,
            List<String> headers,
            Outcome<List<T>> outcome,
            Function<T, List<List<String>>> rows) {
        html.append("<h2>").append(title).append("</h2>\n");
        if (outcome.value().isEmpty()) {
            html.append("<p class='orchard-error' id='")
                    .append(id)
                    .append("-error'><strong>")
                    .append(Encode.forHtml(outcome.category()))
                    .append("</strong>: ")
                    .append(Encode.forHtml(outcome.message()))
                    .append("</p>\n");
            return;
        }
        html.append("<table class='tablelayout nicetable' id='").append(id).append("'>\n<thead><tr>");
        for (String h : headers) {
            html.append("<th>").append(Encode.forHtml(h)).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        boolean any = false;
        for (T item : outcome.value().get()) {
            for (List<String> row : rows.apply(item)) {
                any = true;
                html.append("<tr>");
                row.forEach(value -> cell(html, value));
                html.append("</tr>\n");
            }
        }
        if (!any) {
            html.append("<tr><td colspan='").append(headers.size()).append("'>None.</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    private static List<List<String>> volumeRows(Volume v) {
        return List.of(List.of(
                v.namespace(),
                v.name(),
                Quantity.formatBytes(v.capacityBytes()),
                Integer.toString(v.replicas()),
                v.storageClass(),
                v.phase().name(),
                v.message()));
    }

    private static List<List<String>> podRows(Pod p) {
        return List.of(List.of(
                p.namespace(),
                p.name(),
                p.status().phase().name(),
                Integer.toString(p.spec().containers().size()),
                p.status().podIp(),
                p.status().reason(),
                p.status().message()));
    }

    private static List<List<String>> nodeRows(Node n) {
        if (n.conditions().isEmpty()) {
            return List.of(List.of(n.name(), "", "", "", ""));
        }
        return n.conditions().stream()
                .map((NodeCondition c) ->
                        List.of(n.name(), c.type(), c.status() ? "True" : "False", c.reason(), c.message()))
                .toList();
    }

    private static void cell(StringBuilder html, String value) {
        html.append("<td>").append(Encode.forHtml(value)).append("</td>");
    }
}
