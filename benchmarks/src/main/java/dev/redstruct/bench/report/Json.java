package dev.redstruct.bench.report;

import java.util.List;
import java.util.Map;

/** Just enough JSON writing for the report: strings, numbers, booleans, lists and maps. */
final class Json {
  private Json() {}

  /**
   * Writes {@code value} as JSON. Supported: {@code null}, {@link CharSequence}, {@link Number}
   * (non-finite doubles become {@code null}), {@link Boolean}, {@link Map} with string keys (in its
   * iteration order) and {@link List}; anything else is written as its string.
   */
  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value, 0);
    return out.append('\n').toString();
  }

  /**
   * A {@code @Param} value as JSON should carry it: a whole number as a {@link Long}, a decimal
   * number as a {@link Double}, anything else as the string.
   */
  static Object numberOrString(String s) {
    if (s.matches("-?(0|[1-9][0-9]{0,17})")) {
      return Long.parseLong(s);
    }
    if (s.matches("-?(0|[1-9][0-9]*)\\.[0-9]+")) {
      return Double.parseDouble(s);
    }
    return s;
  }

  private static void write(StringBuilder out, Object value, int indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      out.append(Double.isFinite(d) ? String.valueOf(d) : "null");
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      writeMap(out, map, indent);
    } else if (value instanceof List<?> list) {
      writeList(out, list, indent);
    } else {
      string(out, value.toString());
    }
  }

  private static void writeMap(StringBuilder out, Map<?, ?> map, int indent) {
    if (map.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append("{\n");
    int i = 0;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.append("  ".repeat(indent + 1));
      string(out, String.valueOf(e.getKey()));
      out.append(": ");
      write(out, e.getValue(), indent + 1);
      out.append(++i < map.size() ? ",\n" : "\n");
    }
    out.append("  ".repeat(indent)).append('}');
  }

  private static void writeList(StringBuilder out, List<?> list, int indent) {
    boolean flat = list.stream().noneMatch(v -> v instanceof Map || v instanceof List);
    if (flat) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        write(out, list.get(i), indent);
        out.append(i < list.size() - 1 ? ", " : "");
      }
      out.append(']');
      return;
    }
    out.append("[\n");
    for (int i = 0; i < list.size(); i++) {
      out.append("  ".repeat(indent + 1));
      write(out, list.get(i), indent + 1);
      out.append(i < list.size() - 1 ? ",\n" : "\n");
    }
    out.append("  ".repeat(indent)).append(']');
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
