package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.RedisHash.Encoding;
import dev.redstruct.listpack.ListPack;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Known vectors from redis-server 7.0.15 (DUMP of keys built with the commands named in each test,
 * default config unless said) and the conversion rules of t_hash.c at their boundaries.
 */
class RedisHashTest {
  /**
   * {@code HSET h1 name alice age 30; HSET h1 age 31; DUMP h1}: type 16, value updated in place.
   */
  private static final String H1 =
      "101b1b0000000400846e616d650585616c6963650683616765041f01ff0a00884f88504a9d5e41";

  /**
   * {@code CONFIG SET hash-max-listpack-entries 1; HSET h3 a 1 b 2; DUMP h3}: type 4, integers as
   * RDB int forms (its order follows that server's hash seed).
   */
  private static final String H3 = "04020161c0010162c0020a0017143a96eba75d5c";

  /** {@code HSET h2 f <65 x>; DUMP h2}: type 4 with an LZF value. */
  private static final String H2 = "04010166c3094041017878e034000178780a00f106d1071b265c18";

  @Test
  void listpackDumpIsRedisBytes() {
    RedisHash h = RedisHash.ofStrings("name", "alice", "age", "30");
    h.asStrings().put("age", "31");
    assertEquals(H1, Bytes.hex(h.toRdbPayload()));
    assertEquals(h, RedisHash.fromRdbPayload(Bytes.fromHex(H1)));
    assertEquals(Encoding.LISTPACK, RedisHash.fromRdbPayload(Bytes.fromHex(H1)).encoding());
  }

  @Test
  void type4LoadsAsListpackUnlessTheLimitsSayOtherwise() {
    RedisHash small = RedisHash.fromRdbPayload(Bytes.fromHex(H3));
    assertEquals(Encoding.LISTPACK, small.encoding());
    assertEquals(Map.of("a", "1", "b", "2"), small.asStrings());
    assertEquals(Encoding.HASHTABLE, RedisHash.fromRdbPayload(Bytes.fromHex(H3), 1, 64).encoding());
    RedisHash longValue = RedisHash.fromRdbPayload(Bytes.fromHex(H2));
    assertEquals(Encoding.HASHTABLE, longValue.encoding());
    assertEquals("x".repeat(65), longValue.asStrings().get("f"));
    RedisHash again = RedisHash.create(1, 64);
    again.asStrings().putAll(Map.of("a", "1", "b", "2"));
    assertEquals(Encoding.HASHTABLE, again.encoding());
    assertEquals(small, RedisHash.fromRdbPayload(again.toRdbPayload()));
  }

  @Test
  void type16KeepsLongValuesAndConvertsByCountOnly() {
    ListPack lp = ListPack.create();
    lp.append(Bytes.utf8("f"));
    lp.append(Bytes.utf8("y".repeat(100)));
    byte[] payload = RdbPayload.ofBlob(RdbPayload.TYPE_HASH_LISTPACK, lp.toByteArray());
    assertEquals(Encoding.LISTPACK, RedisHash.fromRdbPayload(payload).encoding());
    assertEquals(Encoding.HASHTABLE, RedisHash.fromRdbPayload(payload, 0, 64).encoding());
  }

  @Test
  void conversionBoundaries() {
    RedisHash h = RedisHash.create();
    h.asStrings().put("f", "v".repeat(64));
    assertEquals(Encoding.LISTPACK, h.encoding());
    h.asStrings().put("x".repeat(65), "v");
    assertEquals(Encoding.HASHTABLE, h.encoding());
    h.asStrings().remove("x".repeat(65));
    assertEquals(Encoding.HASHTABLE, h.encoding(), "never back by commands");
    RedisHash n = RedisHash.create();
    for (int i = 0; i < 512; i++) {
      n.asStrings().put("f" + i, "v");
    }
    assertEquals(Encoding.LISTPACK, n.encoding());
    n.asStrings().put("f512", "v");
    assertEquals(Encoding.HASHTABLE, n.encoding(), "the 513th field converts");
    n.clear();
    assertEquals(Encoding.LISTPACK, n.encoding(), "an emptied hash starts over");
  }

  @Test
  void emptyAndDuplicatePayloadsAreRefused() {
    byte[] empty = RdbWriter.create(false).type(RdbPayload.TYPE_HASH).length(0).toDumpPayload();
    assertThrows(CorruptEncodingException.class, () -> RedisHash.fromRdbPayload(empty));
    byte[] dup =
        RdbWriter.create(false)
            .type(RdbPayload.TYPE_HASH)
            .length(2)
            .string("a")
            .string("1")
            .string("a")
            .string("2")
            .toDumpPayload();
    assertThrows(CorruptEncodingException.class, () -> RedisHash.fromRdbPayload(dup));
    assertThrows(CorruptEncodingException.class, () -> RedisHash.fromRdbPayload(dup, 0, 64));
    ListPack lp = ListPack.create();
    byte[] emptyLp = RdbPayload.ofBlob(RdbPayload.TYPE_HASH_LISTPACK, lp.toByteArray());
    assertThrows(CorruptEncodingException.class, () -> RedisHash.fromRdbPayload(emptyLp));
    assertThrows(IllegalStateException.class, () -> RedisHash.create().toRdbPayload());
  }

  @Test
  void contentEqualityAndBoundedToString() {
    RedisHash a = RedisHash.ofStrings("k", "v", "n", "1");
    Map<byte[], byte[]> other = new HashMap<>();
    RedisHash b = RedisHash.create(0, 64);
    b.put(Bytes.utf8("n"), Bytes.utf8("1"));
    b.put(Bytes.utf8("k"), Bytes.utf8("v"));
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertArrayEquals(Bytes.utf8("v"), a.get(Bytes.utf8("k")));
    assertNotEquals(a, other);
    RedisHash big = RedisHash.create();
    for (int i = 0; i < 100; i++) {
      big.asStrings().put("f" + i, "v");
    }
    assertTrue(big.toString().endsWith(", ... (90 more)}"), big.toString());
    assertEquals("{f0=v, f1=v}", RedisHash.ofStrings("f0", "v", "f1", "v").toString());
  }
}
