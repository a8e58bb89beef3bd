package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every README code block is the text of the test that runs it (the example needs a cluster). */
class RdbReadmeTest {
  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/rdb"));
    assertEquals(1, blocks, "README java blocks checked");
  }
}
