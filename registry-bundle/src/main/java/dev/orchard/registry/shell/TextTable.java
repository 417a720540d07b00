package dev.orchard.registry.shell;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A plain text table with left-aligned columns, sized to their widest cell. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    TextTable row(Object... cells) {
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = i < cells.length && cells[i] != null ? String.valueOf(cells[i]) : "";
        }
        rows.add(r);
        return this;
    }

    /**
     * Prints the table, one line per row, with no trailing blanks.
     *
     * @param out where to print
     */
    void print(PrintStream out) {
        out.println(toString().stripTrailing());
    }

    @Override
    public String toString() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(r[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(width[i] - r[i].length() + 2));
                }
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }
}
