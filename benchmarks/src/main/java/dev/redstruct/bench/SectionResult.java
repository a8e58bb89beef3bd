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
 * <p>Each {@link Verdict} cell becomes a {@link Check}: the report lists it in its summary with the
 * row's leading cells (up to the first fractional number) as its name, e.g. {@code "structure=
 * ZipList n=128"}, and the column of the value it judges.
 *
 * @param columns the column names
 * @param rows the rows as printed, each as long as {@code columns}
 * @param values the same cells as the section gave them: {@link Number}s stay numbers (for {@code
 *     report.json}), a {@link Verdict} becomes its outcome, anything else its string
 * @param checks the verdicts in the table, in row order
 * @param notes lines printed under the table
 * @param files files the section wrote, preferably under {@link ReportOptions#outputDir()}
 */
public record SectionResult(
    List<String> columns,
    List<List<String>> rows,
    List<List<Object>> values,
    List<Check> checks,
    List<String> notes,
    List<Path> files) {

  /**
   * One goal checked in a section table.
   *
   * @param name the row's leading cells, {@code "column=value"} joined by spaces
   * @param measure the column of the judged value, or {@code "value"} when no cell holds it
   * @param verdict the value, bounds and outcome
   */
  public record Check(String name, String measure, Verdict verdict) {}

  /**
   * Validates and copies the parts.
   *
   * @param columns the column names
   * @param rows the printed rows, each as long as {@code columns}
   * @param values the raw cells, as many rows as {@code rows}
   * @param checks the verdicts in the table
   * @param notes lines printed under the table
   * @param files files the section wrote
   */
  public SectionResult {
    columns = List.copyOf(columns);
    rows = copyRows(columns, rows);
    values = values.stream().map(r -> List.copyOf(r)).toList();
    if (values.size() != rows.size()) {
      throw new IllegalArgumentException(
          values.size() + " value rows for " + rows.size() + " rows");
    }
    checks = List.copyOf(checks);
    notes = List.copyOf(notes);
    files = List.copyOf(files);
  }

  private static <T> List<List<T>> copyRows(List<String> columns, List<List<T>> rows) {
    List<List<T>> copy = new ArrayList<>();
    for (List<T> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "row has " + row.size() + " cells, table has " + columns.size() + " columns: " + row);
      }
      copy.add(List.copyOf(row));
    }
    return List.copyOf(copy);
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
   * Formats a number the way the report prints every score and ratio: three significant digits and
   * no exponent ({@code 0.00312}, {@code 0.870}, {@code 12.3}, {@code 457}), whole numbers from
   * 1000 up ({@code 41706}).
   *
   * @param v the value
   * @return the text; {@code "-"} for {@code NaN}
   */
  public static String format(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (Double.isInfinite(v) || v == 0) {
      return v == 0 ? "0" : String.valueOf(v);
    }
    double a = Math.abs(v);
    if (a >= 999.5) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(a)));
    String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
    if (decimals > 0 && significant(s) > 3) { // rounding added a digit: 9.996 -> 10.00
      s = String.format(Locale.ROOT, "%." + (decimals - 1) + "f", v);
    }
    return s;
  }

  private static int significant(String s) {
    return s.replace("-", "").replace(".", "").replaceFirst("^0+", "").length();
  }

  /** Accumulates rows, notes and files; not thread-safe. */
  public static final class Builder {
    private final List<String> columns;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<List<Object>> values = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();

    private Builder(List<String> columns) {
      this.columns = columns;
    }

    /**
     * Adds a row; {@code Double} and {@code Float} cells are formatted by {@link #format(double)},
     * anything else by {@link String#valueOf(Object)}. A {@link Verdict} cell is also recorded as a
     * {@link Check}.
     *
     * @param cells one cell per column
     * @return this builder
     */
    public Builder row(Object... cells) {
      List<String> row = new ArrayList<>(cells.length);
      List<Object> raw = new ArrayList<>(cells.length);
      for (int i = 0; i < cells.length; i++) {
        Object c = cells[i];
        boolean fraction = c instanceof Double || c instanceof Float;
        row.add(fraction ? format(((Number) c).doubleValue()) : String.valueOf(c));
        raw.add(
            c instanceof Number n && !(fraction && !Double.isFinite(n.doubleValue()))
                ? n
                : c instanceof Verdict v ? v.outcome() : String.valueOf(c));
        if (c instanceof Verdict v) {
          checks.add(new Check(name(cells), measure(cells, i, v), v));
        }
      }
      rows.add(row);
      values.add(raw);
      return this;
    }

    /** The leading cells up to the first fractional number or verdict, as column=value. */
    private String name(Object[] cells) {
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < cells.length && i < columns.size(); i++) {
        Object c = cells[i];
        if (c instanceof Double || c instanceof Float || c instanceof Verdict) {
          break;
        }
        String text = String.valueOf(c);
        if (!text.isEmpty()) {
          s.append(s.length() == 0 ? "" : " ").append(columns.get(i)).append('=').append(text);
        }
      }
      return s.toString();
    }

    /** The column of the last number before the verdict that equals its value. */
    private String measure(Object[] cells, int verdictAt, Verdict v) {
      for (int i = Math.min(verdictAt, columns.size()) - 1; i >= 0; i--) {
        if (cells[i] instanceof Number n && n.doubleValue() == v.value()) {
          return columns.get(i);
        }
      }
      return "value";
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
     * Records a file the section wrote; {@code report.md} embeds {@code .svg} files as images.
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
      return new SectionResult(columns, rows, values, checks, notes, files);
    }
  }
}
