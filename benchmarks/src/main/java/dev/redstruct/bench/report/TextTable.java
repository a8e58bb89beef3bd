package dev.redstruct.bench.report;

import java.util.List;

/** Renders a table of strings as aligned plain text or as a GitHub Markdown table. */
final class TextTable {
  private TextTable() {}

  /** Aligned columns separated by two spaces; cells that look numeric are right-aligned. */
  static String plain(List<String> columns, List<List<String>> rows) {
    int[] width = widths(columns, rows);
    boolean[] right = numericColumns(columns.size(), rows);
    StringBuilder out = new StringBuilder();
    appendPlainRow(out, columns, width, right);
    int total = 0;
    for (int w : width) {
      total += w + 2;
    }
    out.append("-".repeat(Math.max(0, total - 2))).append('\n');
    for (List<String> row : rows) {
      appendPlainRow(out, row, width, right);
    }
    return out.toString();
  }

  /** A Markdown table; {@code |} inside cells is escaped. */
  static String markdown(List<String> columns, List<List<String>> rows) {
    boolean[] right = numericColumns(columns.size(), rows);
    StringBuilder out = new StringBuilder();
    appendMarkdownRow(out, columns);
    out.append('|');
    for (int c = 0; c < columns.size(); c++) {
      out.append(right[c] ? "---:|" : "---|");
    }
    out.append('\n');
    for (List<String> row : rows) {
      appendMarkdownRow(out, row);
    }
    return out.toString();
  }

  private static void appendPlainRow(
      StringBuilder out, List<String> cells, int[] width, boolean[] right) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(width[c] - cell.length());
      line.append(right[c] ? pad + cell : cell + pad);
      if (c < cells.size() - 1) {
        line.append("  ");
      }
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  private static void appendMarkdownRow(StringBuilder out, List<String> cells) {
    out.append('|');
    for (String cell : cells) {
      out.append(' ').append(cell.replace("|", "\\|")).append(" |");
    }
    out.append('\n');
  }

  private static int[] widths(List<String> columns, List<List<String>> rows) {
    int[] width = new int[columns.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = columns.get(c).length();
      for (List<String> row : rows) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    return width;
  }

  /**
   * A column is numeric when every non-empty cell parses as a number (after dropping '±' and '×').
   */
  private static boolean[] numericColumns(int n, List<List<String>> rows) {
    boolean[] numeric = new boolean[n];
    for (int c = 0; c < n; c++) {
      boolean any = false;
      boolean all = true;
      for (List<String> row : rows) {
        String cell = row.get(c).replace("±", "").replace("×", "").trim();
        if (cell.isEmpty() || cell.equals("-")) {
          continue;
        }
        any = true;
        all &= isNumber(cell);
      }
      numeric[c] = any && all;
    }
    return numeric;
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
