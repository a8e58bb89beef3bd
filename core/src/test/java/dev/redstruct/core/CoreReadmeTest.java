package dev.redstruct.core;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's example, run as written. */
class CoreReadmeTest {

  @Test
  void readmeExample() {
    byte[] v = "-42".getBytes(US_ASCII);
    boolean stored =
        RedisNumbers.isCanonicalLong(v, 0, v.length); // true: Redis stores "-42" as an integer
    double score = RedisNumbers.parseScore(Bytes.utf8("0x1p3"), 0, 5); // 8.0, as ZADD reads it
    String reply = RedisNumbers.formatDouble(0.1); // "0.10000000000000001", as ZSCORE prints it
    byte[] seven = Codec.longs().encode(-7L); // the bytes "-7"
    assertTrue(stored);
    assertEquals(8.0, score);
    assertEquals("0.10000000000000001", reply);
    assertArrayEquals("-7".getBytes(US_ASCII), seven);
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1, ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/core")));
  }
}
