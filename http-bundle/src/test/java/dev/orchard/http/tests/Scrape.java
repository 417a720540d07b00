package dev.orchard.http.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics.LabelPair;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics.Metric;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics.MetricFamily;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One scrape of /metrics, read with the Prometheus client's own parser. The client (1.x) has no parser of the text
 * format; it writes the protobuf format too and its generated classes read it back, so the values are read from a
 * protobuf scrape. The text scrape is checked line by line against the text format's grammar.
 */
final class Scrape {
    /** What Prometheus sends to ask for the protobuf format. */
    static final String PROTOBUF =
            "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited";

    // A sample line of the text format: name, optional labels with quoted values, a value, an optional timestamp.
    private static final Pattern SAMPLE = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*"
            + "(\\{([a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\",?)*\\})?"
            + " (-?[0-9.]+([eE][-+]?[0-9]+)?|NaN|[-+]Inf)( -?[0-9]+)?");

    private final Map<String, MetricFamily> families;

    private Scrape(Map<String, MetricFamily> families) {
        this.families = families;
    }

    /**
     * Scrapes the protobuf format and parses it.
     *
     * @param base where Jetty listens
     * @param token the bearer token, or null
     * @return the scrape
     */
    static Scrape of(URI base, String token) {
        HttpResponse<byte[]> r = get(base, token, PROTOBUF);
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        Map<String, MetricFamily> families = new LinkedHashMap<>();
        try (InputStream in = new ByteArrayInputStream(r.body())) {
            MetricFamily f;
            while ((f = MetricFamily.parseDelimitedFrom(in)) != null) {
                families.put(f.getName(), f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Scrape(families);
    }

    /**
     * Scrapes the text format and checks every line: a HELP or TYPE comment, or a sample of a family declared.
     *
     * @param base where Jetty listens
     * @return the text
     */
    static String text(URI base) {
        HttpResponse<byte[]> r = get(base, null, null);
        assertEquals(200, r.statusCode());
        assertTrue(
                r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"),
                r.headers().toString());
        String text = new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
        String family = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("# HELP ")) {
                continue;
            }
            if (line.startsWith("# TYPE ")) {
                family = line.split(" ")[2];
                continue;
            }
            assertTrue(SAMPLE.matcher(line).matches(), () -> "not a sample line: " + line);
            String name = line.split("[{ ]")[0];
            String declared = family;
            assertTrue(declared != null && name.startsWith(declared), () -> line + " is not of the family " + declared);
        }
        return text;
    }

    static HttpResponse<byte[]> get(URI base, String token, String accept) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve("/metrics")).timeout(Duration.ofSeconds(30));
        // null: the add-on's own token, as an operator's scraper sends it; "": no credential at all.
        String bearer = token == null ? Api.defaultToken() : token;
        if (bearer != null && !bearer.isEmpty()) {
            b.header("Authorization", "Bearer " + bearer);
        }
        if (accept != null) {
            b.header("Accept", accept);
        }
        try {
            return Api.CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether a family is in the scrape.
     *
     * @param name its name
     * @return true if it is
     */
    boolean has(String name) {
        return families.containsKey(name);
    }

    /**
     * The sample of a family with these labels (and maybe more).
     *
     * @param family the family's name
     * @param labels label name, value pairs
     * @return the sample, or empty
     */
    Optional<Metric> sample(String family, String... labels) {
        MetricFamily f = families.get(family);
        if (f == null) {
            return Optional.empty();
        }
        return f.getMetricList().stream().filter(m -> matches(m, labels)).findFirst();
    }

    /**
     * The value of a counter or gauge sample, or the count of a histogram's; 0 if absent.
     *
     * @param family the family's name
     * @param labels label name, value pairs
     * @return the value
     */
    double value(String family, String... labels) {
        return sample(family, labels)
                .map(m -> m.hasHistogram()
                        ? (double) m.getHistogram().getSampleCount()
                        : m.hasCounter()
                                ? m.getCounter().getValue()
                                : m.getGauge().getValue())
                .orElse(0.0);
    }

    private static boolean matches(Metric m, String... labels) {
        List<LabelPair> have = m.getLabelList();
        for (int i = 0; i < labels.length; i += 2) {
            String name = labels[i];
            String value = labels[i + 1];
            if (have.stream()
                    .noneMatch(l -> l.getName().equals(name) && l.getValue().equals(value))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return Arrays.toString(families.keySet().toArray());
    }
}
