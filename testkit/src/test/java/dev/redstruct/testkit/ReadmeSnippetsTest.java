package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadmeSnippetsTest {
  private static final String SOURCE =
      String.join(
          "\n",
          "class DemoTest {",
          "  @Test",
          "  void demo() {",
          "    int x = helper(1);",
          "    // README: the block",
          "    List<Long> r =",
          "        BitField.create()",
          "            .run(b); // trailing comment",
          "    assertEquals(1, x);",
          "  }",
          "",
          "  int helper(int v) {",
          "    return v;",
          "  }",
          "}");

  @TempDir Path dir;

  private int check(String readme) throws IOException {
    Files.writeString(dir.resolve("DemoTest.java"), SOURCE);
    Files.writeString(dir.resolve("README.md"), readme);
    return ReadmeSnippets.check(dir.resolve("README.md"), dir);
  }

  @Test
  void blockFoundDespiteOtherWrappingAndIndentation() throws IOException {
    String readme =
        "# t\n\n<!-- snippet: DemoTest#demo -->\n```java\n"
            + "List<Long> r = BitField.create().run(b);   // trailing comment\n```\n\n```sh\nx\n```\n";
    assertEquals(1, check(readme));
  }

  @Test
  void changedTokenIsReported() {
    String readme = "<!-- snippet: DemoTest#demo -->\n```java\nint x = helper(2);\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> check(readme));
    assertTrue(e.getMessage().contains("not in DemoTest#demo"), e.getMessage());
  }

  @Test
  void textOutsideTheMethodDoesNotCount() {
    String readme = "<!-- snippet: DemoTest#demo -->\n```java\nreturn v;\n```\n";
    assertThrows(AssertionError.class, () -> check(readme));
  }

  @Test
  void blockWithoutMarkerIsReported() {
    String readme = "text\n```java\nint x = helper(1);\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> check(readme));
    assertTrue(e.getMessage().contains("without <!-- snippet"), e.getMessage());
  }

  @Test
  void missingMethodIsReported() {
    String readme = "<!-- snippet: DemoTest#absent -->\n```java\nint x;\n```\n";
    AssertionError e = assertThrows(AssertionError.class, () -> check(readme));
    assertTrue(e.getMessage().contains("no method absent"), e.getMessage());
  }
}
