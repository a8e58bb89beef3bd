package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.ReadmeSnippets;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every README code block is the text of the test that runs it (the example needs a cluster). */
class RdbReadmeTest {
  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/rdb"));
    assertEquals(1, blocks, "README java blocks checked");
  }

  /**
   * The README's table names the Java type of every public {@code RedisPayloads.dump} overload, and
   * neither README calls a type "not yet" or "to wire" that {@code RedisPayloads} loads (issue 27
   * item 9: sorted sets were wired while both still said they were not).
   */
  @Test
  void readmesNameEveryTypeRedisPayloadsDumps() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    String row =
        readme.lines().filter(l -> l.startsWith("| `RedisPayloads`")).findFirst().orElseThrow();
    for (Method m : RedisPayloads.class.getMethods()) {
      if (m.getName().equals("dump")) {
        String type = m.getParameterTypes()[0].getSimpleName();
        assertTrue(row.contains(type), "README's RedisPayloads row lacks " + type + ": " + row);
      }
    }
    String root = Files.readString(Path.of("../README.md"));
    String rdbRow = root.lines().filter(l -> l.startsWith("| [rdb]")).findFirst().orElseThrow();
    for (String text : List.of(readme, rdbRow)) {
      assertFalse(text.contains("to wire"), text);
      assertFalse(text.contains("until wired"), text);
      assertFalse(text.contains("Not yet: sorted sets"), text);
    }
  }
}
