package dev.redstruct.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps README code in step with the tests that run it: every {@code ```java} block of a README
 * must be announced by a marker naming a test method, and must appear in that method's body, as
 * written.
 *
 * <pre>
 *   &lt;!-- snippet: HyperLogLogRedisIT#readmeBuildInTheJvmThenUseInRedis --&gt;
 *   ```java
 *   HyperLogLog built = HyperLogLog.create();
 *   ...
 *   ```
 * </pre>
 *
 * <p>The marker is an HTML comment (invisible once rendered) on the last non-blank line before the
 * fence. The block matches when its text, with every whitespace character removed, is a substring
 * of the method's body treated the same way: line wrapping, indentation and comment alignment may
 * differ (the formatter decides them in the test), tokens and comments may not. The test may add
 * set-up before the block and assertions after it. Blocks in other languages are not checked.
 *
 * <p>The method is found textually in {@code <Class>.java} under the given source directory: its
 * declaration is the first line containing {@code " name("} that is not a call, its body ends at
 * the first later line holding only {@code "}"} at the declaration's indentation (the shape
 * google-java-format produces). Stateless; thread-safe.
 */
public final class ReadmeSnippets {
  private static final Pattern MARKER = Pattern.compile("<!--\\s*snippet:\\s*(\\w+)#(\\w+)\\s*-->");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private ReadmeSnippets() {}

  /**
   * Checks every {@code ```java} block of {@code readme} against the test method its marker names.
   *
   * @param readme the README file
   * @param testSources the directory holding the test classes' {@code .java} files (one package)
   * @return the number of blocks checked
   * @throws AssertionError naming the block and the method when a block has no marker, the method
   *     cannot be found, or the block does not appear in it
   * @throws UncheckedIOException if a file cannot be read
   */
  public static int check(Path readme, Path testSources) {
    Objects.requireNonNull(readme, "readme");
    Objects.requireNonNull(testSources, "testSources");
    List<String> lines = read(readme);
    int checked = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).trim().equals("```java")) {
        continue;
      }
      int close = i + 1;
      while (close < lines.size() && !lines.get(close).trim().equals("```")) {
        close++;
      }
      String block = String.join("\n", lines.subList(i + 1, close));
      Matcher m = MARKER.matcher(previousNonBlank(lines, i));
      if (!m.find()) {
        throw new AssertionError(
            readme + " line " + (i + 1) + ": ```java block without <!-- snippet: Test#method -->");
      }
      String body = methodBody(testSources.resolve(m.group(1) + ".java"), m.group(2));
      if (!squeeze(body).contains(squeeze(block))) {
        throw new AssertionError(
            readme
                + " line "
                + (i + 1)
                + ": the block is not in "
                + m.group(1)
                + "#"
                + m.group(2)
                + " as written:\n"
                + block);
      }
      checked++;
      i = close;
    }
    return checked;
  }

  private static String previousNonBlank(List<String> lines, int i) {
    for (int j = i - 1; j >= 0; j--) {
      if (!lines.get(j).isBlank()) {
        return lines.get(j);
      }
    }
    return "";
  }

  /** The lines after the method's declaration up to its closing brace. */
  static String methodBody(Path source, String method) {
    List<String> lines = read(source);
    for (int d = 0; d < lines.size(); d++) {
      String line = lines.get(d);
      int at = line.indexOf(" " + method + "(");
      if (at < 0 || line.trim().startsWith("//") || line.trim().startsWith("*")) {
        continue;
      }
      String before = line.substring(0, at).trim();
      if (before.isEmpty() || before.endsWith("=") || before.endsWith("return")) {
        continue; // a call, not a declaration
      }
      String indent = line.substring(0, line.length() - line.stripLeading().length());
      List<String> body = new ArrayList<>();
      for (int j = d + 1; j < lines.size(); j++) {
        if (lines.get(j).equals(indent + "}")) {
          return String.join("\n", body);
        }
        body.add(lines.get(j));
      }
    }
    throw new AssertionError("no method " + method + " in " + source);
  }

  private static String squeeze(String s) {
    return WHITESPACE.matcher(s).replaceAll("");
  }

  private static List<String> read(Path p) {
    try {
      return Files.readAllLines(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + p, e);
    }
  }
}
