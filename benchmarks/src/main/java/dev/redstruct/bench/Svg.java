package dev.redstruct.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The SVG pieces {@link SvgPlot} and {@link SvgBars} share: document, text, line, file. */
final class Svg {
  private Svg() {}

  /** The opening tag and a white background. */
  static StringBuilder open(int width, int height, int fontSize) {
    return new StringBuilder(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"%d\">%n"
                + "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
            width,
            height,
            fontSize));
  }

  static void text(StringBuilder svg, double x, double y, String anchor, String s, String extra) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>%s</text>%n",
            x,
            y,
            anchor,
            extra,
            escape(s)));
  }

  static void line(
      StringBuilder svg, double x1, double y1, double x2, double y2, String stroke, double width) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                + " stroke-width=\"%.1f\"/>%n",
            x1,
            y1,
            x2,
            y2,
            stroke,
            width));
  }

  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** Writes the document, creating parent directories; returns {@code file}. */
  static Path write(Path file, String svg) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    Files.writeString(file, svg, StandardCharsets.UTF_8);
    return file;
  }
}
