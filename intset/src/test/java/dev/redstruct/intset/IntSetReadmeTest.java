package dev.redstruct.intset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's example, run as written, and the check that README blocks are this text. */
class IntSetReadmeTest {
  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/intset"));
    assertEquals(1, blocks, "README java blocks checked");
  }

  @Test
  void example() {
    // README: begin
    IntSet s = IntSet.of(1, 2, -3); // SADD s 1 2 -3
    byte[] blob = s.toByteArray(); // 02000000 03000000 fdff 0100 0200
    s.add(100_000); // upgrade: every element now 4 bytes
    boolean member = s.contains(2); // SISMEMBER s 2
    IntSet back = IntSet.copyOf(blob); // copies and deep-validates untrusted bytes
    // README: end
    assertArrayEquals(new long[] {-3, 1, 2}, back.toLongArray());
    assertEquals(4, s.encoding());
    assertEquals(true, member);
    assertFalse(back.contains(100_000));
  }
}
