package dev.orchard.benchmarks.harness;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * The live objects on the heap, by class, after a full collection: HotSpot's class histogram. Differences of two
 * censuses count exactly the objects a step left behind, where "used heap" also counts the collector's partly
 * filled regions; and they tell which classes the bytes are in.
 */
final class HeapCensus {
    private static final Pattern ROW = Pattern.compile("\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+).*");

    final long total;
    private final Map<String, long[]> byClass;

    private HeapCensus(long total, Map<String, long[]> byClass) {
        this.total = total;
        this.byClass = byClass;
    }

    /**
     * Takes a census; the histogram command collects the heap fully first.
     *
     * @return the census
     * @throws Exception if this JVM has no diagnostic command bean
     */
    static HeapCensus take() throws Exception {
        String histogram = (String) ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram",
                        new Object[] {null},
                        new String[] {String[].class.getName()});
        Map<String, long[]> byClass = new HashMap<>();
        long total = 0;
        for (String line : histogram.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                long bytes = Long.parseLong(m.group(2));
                byClass.put(m.group(3), new long[] {Long.parseLong(m.group(1)), bytes});
                total += bytes;
            }
        }
        return new HeapCensus(total, byClass);
    }

    /**
     * The classes that grew most from an earlier census to this one, per unit (e.g. per provider).
     *
     * @param before the earlier census
     * @param units what to divide by
     * @param top how many classes
     * @return lines such as {@code 24.0 B  1.00 x org.apache.felix.scr.impl.manager.SingleRefPair}
     */
    List<String> growthSince(HeapCensus before, int units, int top) {
        List<Object[]> grown = new ArrayList<>();
        byClass.forEach((type, now) -> {
            long[] was = before.byClass.getOrDefault(type, new long[2]);
            long bytes = now[1] - was[1];
            if (bytes * 20 >= units) { // at least 0.05 B per unit
                grown.add(new Object[] {bytes, now[0] - was[0], type});
            }
        });
        grown.sort((a, b) -> Long.compare((Long) b[0], (Long) a[0]));
        List<String> lines = new ArrayList<>();
        for (Object[] g : grown.subList(0, Math.min(top, grown.size()))) {
            lines.add(String.format(
                    Locale.ROOT,
                    "%7.1f B %5.2f x %s",
                    (Long) g[0] / (double) units,
                    (Long) g[1] / (double) units,
                    g[2]));
        }
        return lines;
    }
}
