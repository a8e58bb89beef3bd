package dev.redstruct.ziplist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.Codec;
import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's example, run as written. */
class ZipListReadmeTest {

  @Test
  void readmeExample() {
    ZipList z = ZipList.create();
    z.pushTail("2".getBytes(US_ASCII)); // stored as the immediate integer 2
    z.pushTail(5);
    String dump =
        Bytes.hex(z.toByteArray()); // "0f0000000c000000020000f302f6ff", ziplist.c's own example
    List<String> view = z.asList(Codec.utf8());
    view.add("Hello World"); // writes through: 02 0b 48656c6c6f20576f726c64
    ZipList copy = ZipList.copyOf(z.toByteArray()); // deep-validates untrusted bytes
    assertEquals("0f0000000c000000020000f302f6ff", dump);
    assertEquals(List.of("2", "5", "Hello World"), copy.asList(Codec.utf8()));
    assertTrue(Bytes.hex(z.toByteArray()).contains("020b48656c6c6f20576f726c64"));
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/ziplist")));
  }
}
