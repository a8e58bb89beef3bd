package dev.redstruct.listpack;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.Codec;
import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's example, run as written. */
class ListPackReadmeTest {

  @Test
  void readmeExample() {
    // README: begin
    ListPack lp = ListPack.create();
    lp.append("1".getBytes(US_ASCII)); // stored as the 7-bit integer 1
    lp.append(-2);
    lp.append(300);
    lp.asList(Codec.utf8()).add("hello"); // the List view writes through
    String hex =
        Bytes.hex(
            lp.toByteArray()); // "160000000400" "0101" "dffe02" "c12c02" "8568656c6c6f06" "ff"
    ListPack copy = ListPack.copyOf(lp.toByteArray()); // deep-validates untrusted bytes
    // README: end
    // Redis 7.0.15, RPUSH l 1 -2 300 hello, DUMP (fact sheet §5.6).
    assertEquals("160000000400" + "0101" + "dffe02" + "c12c02" + "8568656c6c6f06" + "ff", hex);
    assertEquals(hex, Bytes.hex(copy.toByteArray()));
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(
            Path.of("README.md"), Path.of("src/test/java/dev/redstruct/listpack")));
  }
}
