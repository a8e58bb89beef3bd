package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import org.junit.jupiter.api.Test;

/**
 * DUMP payloads captured from redis-server 7.0.15 (a fresh server, {@code redis-cli --no-raw DUMP}
 * decoded to hex), with the commands that made them: our {@link ZSet#toRdbPayload} gives the same
 * bytes, and {@link ZSet#fromRdbPayload} loads them.
 */
class ZSetGoldenTest {
  /** {@code ZADD s 1.5 a -0 b 3 123 1e17 -7 inf long-member-name 0.1 x}; {@code DUMP s}. */
  private static final String LISTPACK_LZF =
      "11c3404c405412540000000c00816202000181780293302e3130e005001f311481610283312e35047b010301"
          + "dff902f400008a5d7845630109906c6f6e67122d6d656d6265722d6e616d651183696e6604ff0a00828c"
          + "ceb8baff2e5f";

  /** The same key after {@code CONFIG SET rdbcompression no}; {@code DUMP s}. */
  private static final String LISTPACK_RAW =
      "114054540000000c00816202000181780293302e31303030303030303030303030303030311481610283312e"
          + "35047b010301dff902f400008a5d7845630109906c6f6e672d6d656d6265722d6e616d651183696e6604"
          + "ff0a001d4b775afe4bdafe";

  /**
   * {@code CONFIG SET zset-max-listpack-entries 2}; {@code ZADD t 1.5 a 2 b 3 c} (OBJECT ENCODING
   * skiplist); {@code DUMP t}: type 5, greatest member first, binary doubles.
   */
  private static final String SKIPLIST =
      "050301630000000000000840016200000000000000400161000000000000f83f0a00354926059bdcebee";

  private static ZSet s() {
    ZSet z = ZSet.create();
    z.add(
        0,
        new double[] {1.5, -0.0, 1e17, Double.POSITIVE_INFINITY, 0.1, 3},
        new byte[][] {
          Bytes.utf8("a"),
          Bytes.utf8("b"),
          Bytes.utf8("-7"),
          Bytes.utf8("long-member-name"),
          Bytes.utf8("x"),
          Bytes.utf8("123")
        });
    return z;
  }

  @Test
  void compactDumpIsRedisBytes() {
    ZSet z = s();
    assertEquals(ZSet.Encoding.COMPACT, z.encoding());
    assertArrayEquals(Bytes.fromHex(LISTPACK_LZF), z.toRdbPayload());
    assertArrayEquals(Bytes.fromHex(LISTPACK_RAW), z.toRdbPayload(false));
    for (String golden : new String[] {LISTPACK_LZF, LISTPACK_RAW}) {
      ZSet back = ZSet.fromRdbPayload(Bytes.fromHex(golden));
      back.checkInvariants();
      assertArrayEquals(z.toCompactBytes(), back.toCompactBytes());
    }
  }

  @Test
  void skiplistDumpIsRedisBytes() {
    ZSet t = ZSet.create(2, 64);
    t.add(Bytes.utf8("a"), 1.5);
    t.add(Bytes.utf8("b"), 2);
    t.add(Bytes.utf8("c"), 3);
    assertEquals(ZSet.Encoding.SKIPLIST, t.encoding());
    assertArrayEquals(Bytes.fromHex(SKIPLIST), t.toRdbPayload());
    ZSet same = ZSet.fromRdbPayload(Bytes.fromHex(SKIPLIST), 2, 64);
    assertEquals(ZSet.Encoding.SKIPLIST, same.encoding());
    assertArrayEquals(Bytes.fromHex(SKIPLIST), same.toRdbPayload());
    // With the default thresholds Redis's load converts a 3-member type-5 set to a listpack.
    ZSet small = ZSet.fromRdbPayload(Bytes.fromHex(SKIPLIST));
    assertEquals(ZSet.Encoding.COMPACT, small.encoding());
    assertEquals(
        t.rangeByRank(0, -1, false).toString(), small.rangeByRank(0, -1, false).toString());
  }
}
