package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * PFADD/PFCOUNT/PFMERGE on string keys: each expectation was probed on redis-server 7.0.15 with the
 * commands in the comment (SET of raw bytes through a plain RESP client).
 */
class HllCommandsTest {
  /** PFADD h a b c; GET h. */
  private static final byte[] ABC =
      Bytes.fromHex("48594c4c01000000000000000000008060f38050b1844bfb80425a");

  private final MapStringKeys ks = new MapStringKeys();

  private String run(Object... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] =
          args[i] instanceof byte[] b
              ? b
              : args[i].toString().getBytes(StandardCharsets.ISO_8859_1);
    }
    return new String(StringCommands.execute(argv, ks, 2), StandardCharsets.ISO_8859_1);
  }

  private String encoding(String key) {
    return ks.string(key.getBytes(StandardCharsets.ISO_8859_1)).encoding().redisName();
  }

  @Test
  void aShortHllSetAsAStringStaysEmbstrUntilSingleKeyPfcount() {
    // SET e <ABC>; OBJECT ENCODING e -> embstr; PFCOUNT e h -> 3, still embstr;
    // PFCOUNT e -> 3, now raw, and GET e shows the cache written (bytes 8..15 = 03 00 .. 00)
    run("SET", "e", ABC);
    run("SET", "h", ABC);
    assertEquals("embstr", encoding("e"));
    assertEquals(":3\r\n", run("PFCOUNT", "e", "h"));
    assertEquals("embstr", encoding("e"));
    assertEquals(":3\r\n", run("PFCOUNT", "e"));
    assertEquals("raw", encoding("e"));
    byte[] cached = ABC.clone();
    cached[8] = 3;
    cached[15] = 0;
    assertArrayEquals(cached, ks.string("e".getBytes(StandardCharsets.ISO_8859_1)).toByteArray());
  }

  @Test
  void notAHyperLogLogAndCorruptBodies() {
    // SET i 123; PFADD i x -> WRONGTYPE Key is not a valid HyperLogLog string value.
    run("SET", "i", "123");
    assertEquals(
        "-WRONGTYPE Key is not a valid HyperLogLog string value.\r\n", run("PFADD", "i", "x"));
    assertEquals("int", encoding("i"), "refused before anything changed");
    // ABC with its last opcode byte 0x7f: PFCOUNT c -> INVALIDOBJ, the value raw afterwards;
    // PFADD d (no element) on the same bytes -> 0 (Redis reads no register), raw
    byte[] bad = ABC.clone();
    bad[bad.length - 1] = 0x7f;
    run("SET", "c", bad);
    assertEquals("-INVALIDOBJ Corrupted HLL object detected\r\n", run("PFCOUNT", "c"));
    assertEquals("raw", encoding("c"));
    run("SET", "d", bad);
    assertEquals(":0\r\n", run("PFADD", "d"));
    assertEquals("raw", encoding("d"));
  }

  @Test
  void pfaddThenGetGivesRedisBytes() {
    assertEquals(":1\r\n", run("PFADD", "h", "a", "b", "c"));
    assertEquals(":0\r\n", run("PFADD", "h", "a"));
    assertArrayEquals(ABC, ks.string("h".getBytes(StandardCharsets.ISO_8859_1)).toByteArray());
    assertEquals("+OK\r\n", run("PFMERGE", "m", "h", "nosuch"));
    assertEquals(":3\r\n", run("PFCOUNT", "m"));
  }
}
