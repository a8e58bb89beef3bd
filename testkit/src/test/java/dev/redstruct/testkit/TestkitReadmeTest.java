package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** testkit's README code is in step with the tests that run it. */
class TestkitReadmeTest {

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/testkit")));
  }
}
