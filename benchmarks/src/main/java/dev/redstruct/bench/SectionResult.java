package dev.redstruct.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a {@link ReportSection} produced: one table (column names and rows of cells), free-text
 * notes printed under it (method, caveats, JVM flags), and the files it wrote (plots, raw data).
 * Build one with {@link #table(String...)}:
 *
 * <pre>{@code
 * return SectionResult.table("structure", "n", "bytes/element", "goal")
 *     .row("ZipList", 128, 11.5, Verdict.atMost(11.5, 16))
 *     .note("JOL GraphLayout totalSize / n; compressed oops")
 *     .build();
 * }</pre>
 *
 * @param columns the column names
 * @param rows the rows, each as long as {@code columns}
 * @param notes lines printed under the table
 * @param files files the section wrote, preferably under {@link ReportOptions#outputDir()}
 */
public record SectionResult(
    List<String> columns, List<List<String>> rows, List<String> notes, List<Path> files) {

  /**
   * Validates and copies the parts.
   *
   * @param columns the column names
   * @param rows the rows, each as long as {@code columns}
   * @param notes lines printed under the table
   * @param files files the section wrote
   */
  public SectionResult {
    columns = List.copyOf(columns);
    List<List<String>> copy = new ArrayList<>();
    for (List<String> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "row has " + row.size() + " cells, table has " + columns.size() + " columns: " + row);
      }
      copy.add(List.copyOf(row));
    }
    rows = List.copyOf(copy);
    notes = List.copyOf(notes);
    files = List.copyOf(files);
  }

  /**
   * Starts a table with the given column names.
   *
   * @param columns the column names
   * @return a builder
   */
  public static Builder table(String... columns) {
    return new Builder(List.of(columns));
  }

  /**
   * Formats a number the way the report prints scores: three significant digits for small values,
   * no fraction from 1000 up.
   *
   * @param v the value
   * @return the text
   */
  public static String format(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return String.valueOf(v);
    }
    double a = Math.abs(v);
    String pattern = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g";
    return v == 0 ? "0" : String.format(Locale.ROOT, pattern, v);
  }

  /** Accumulates rows, notes and files; not thread-safe. */
  public static final class Builder {
    private final List<String> columns;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();

    private Builder(List<String> columns) {
      this.columns = columns;
    }

    /**
     * Adds a row; {@code Double} and {@code Float} cells are formatted by {@link #format(double)},
     * anything else by {@link String#valueOf(Object)}.
     *
     * @param cells one cell per column
     * @return this builder
     */
    public Builder row(Object... cells) {
      List<String> row = new ArrayList<>(cells.length);
      for (Object c : cells) {
        row.add(
            c instanceof Double || c instanceof Float
                ? format(((Number) c).doubleValue())
                : String.valueOf(c));
      }
      rows.add(row);
      return this;
    }

    /**
     * Adds a line of text printed under the table.
     *
     * @param note the text
     * @return this builder
     */
    public Builder note(String note) {
      notes.add(Objects.requireNonNull(note));
      return this;
    }

    /**
     * Records a file the section wrote.
     *
     * @param file the file
     * @return this builder
     */
    public Builder file(Path file) {
      files.add(Objects.requireNonNull(file));
      return this;
    }

    /**
     * Builds the result.
     *
     * @return the result
     * @throws IllegalArgumentException if a row's length differs from the number of columns
     */
    public SectionResult build() {
      return new SectionResult(columns, rows, notes, files);
    }
  }
}
