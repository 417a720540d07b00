package dev.orchard.provider.tck.run;

import dev.orchard.provider.tck.run.CheckOutcomes.Outcome;
import dev.orchard.provider.tck.run.CheckOutcomes.Status;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a run's outcomes as JUnit XML, one {@code TEST-<class>.xml} per class of checks, in the form that Maven's
 * surefire writes and CI servers read: each skip with its reason, each failure with its message and stack trace.
 */
final class JUnitXmlReport {
    private JUnitXmlReport() {}

    /**
     * Writes the reports, replacing those of an earlier run of the same classes.
     *
     * @param folder the folder; created if missing
     * @param outcomes the run's outcomes
     * @return the files written
     * @throws IOException if a file cannot be written
     */
    static List<Path> write(Path folder, List<Outcome> outcomes) throws IOException {
        Files.createDirectories(folder);
        Map<String, List<Outcome>> byClass = new LinkedHashMap<>();
        outcomes.forEach(o ->
                byClass.computeIfAbsent(o.className(), c -> new ArrayList<>()).add(o));
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, List<Outcome>> suite : byClass.entrySet()) {
            String name = suite.getKey().isEmpty() ? "orchard-tck" : suite.getKey();
            Path file = folder.resolve("TEST-" + name + ".xml");
            try (OutputStream out = Files.newOutputStream(file)) {
                XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
                suite(xml, name, suite.getValue());
                xml.close();
            } catch (XMLStreamException e) {
                throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
            }
            written.add(file);
        }
        return written;
    }

    private static void suite(XMLStreamWriter xml, String name, List<Outcome> checks) throws XMLStreamException {
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", name);
        xml.writeAttribute("tests", Integer.toString(checks.size()));
        xml.writeAttribute("skipped", Long.toString(count(checks, Status.SKIPPED)));
        xml.writeAttribute("failures", Long.toString(count(checks, Status.FAILED)));
        xml.writeAttribute("errors", "0");
        xml.writeAttribute(
                "time",
                seconds(checks.stream().mapToLong(c -> c.time().toNanos()).sum()));
        xml.writeCharacters("\n");
        for (Outcome check : checks) {
            xml.writeCharacters("  ");
            xml.writeStartElement("testcase");
            xml.writeAttribute("name", check.check());
            xml.writeAttribute("classname", name);
            xml.writeAttribute("time", seconds(check.time().toNanos()));
            if (check.status() == Status.SKIPPED) {
                xml.writeEmptyElement("skipped");
                xml.writeAttribute("message", check.message());
            } else if (check.status() == Status.FAILED) {
                xml.writeStartElement("failure");
                xml.writeAttribute("message", check.message());
                xml.writeAttribute(
                        "type",
                        check.failure() == null
                                ? ""
                                : check.failure().getClass().getName());
                xml.writeCharacters(stackTrace(check.failure()));
                xml.writeEndElement();
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
        }
        xml.writeEndElement();
        xml.writeEndDocument();
    }

    private static long count(List<Outcome> checks, Status status) {
        return checks.stream().filter(c -> c.status() == status).count();
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    private static String stackTrace(Throwable t) {
        if (t == null) {
            return "";
        }
        StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
