package dev.redstruct.set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.set.RedisSet.Encoding;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Encodings, conversions and payloads. Vectors are Redis 7.0.15 {@code DUMP} replies of the
 * commands named (captured with {@code redis-cli --raw DUMP k | xxd -p}); the conversion rules are
 * the probes of the fact sheet (redis-facts-hash-set-string.md, section 2).
 */
class RedisSetTest {
  /** {@code SADD s 1 2 -3}. */
  static final String DUMP_INTSET = "0b0e0200000003000000fdff010002000a00d1b78ed9bc07c27f";

  /** {@code SADD h1 hello}. */
  static final String DUMP_HELLO = "02010568656c6c6f0a003498ac0ee7d43661";

  /** {@code CONFIG SET set-max-intset-entries 0}, {@code SADD h3 7}: a hashtable of one integer. */
  static final String DUMP_SEVEN = "0201c0070a00a9a54e47484fa94b";

  /** {@code SADD lz} and 66 times {@code a}: one LZF-compressed member. */
  static final String DUMP_LZF = "0201c3094042016161e035000161610a000fa815541ebdd0f8";

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }

  @Test
  void firstMemberDecidesTheEncoding() {
    assertEquals(Encoding.HASHTABLE, RedisSet.ofStrings("a", "1").encoding());
    assertEquals(Encoding.INTSET, RedisSet.ofStrings("5", "-9223372036854775808").encoding());
    for (String notInteger : List.of("+1", "01", "-0", " 1", "1.0", "9223372036854775808")) {
      RedisSet s = RedisSet.ofStrings("1", notInteger);
      assertEquals(Encoding.HASHTABLE, s.encoding(), notInteger);
      assertTrue(s.contains(b(notInteger)));
      assertTrue(s.contains(b("1")));
    }
  }

  @Test
  void theEntryPastTheLimitConverts() {
    RedisSet s = RedisSet.create();
    for (int i = 0; i < 512; i++) {
      s.add(b(Integer.toString(i)));
    }
    assertEquals(Encoding.INTSET, s.encoding());
    s.add(b("511")); // already there: no change
    assertEquals(Encoding.INTSET, s.encoding());
    s.add(b("512"));
    assertEquals(Encoding.HASHTABLE, s.encoding());
    assertEquals(513, s.size());
    s.checkInvariants();
    RedisSet zero = RedisSet.create(0);
    zero.add(b("1"));
    assertEquals(Encoding.HASHTABLE, zero.encoding());
  }

  @Test
  void removingNeverConvertsBackButEmptyingStartsOver() {
    RedisSet s = RedisSet.ofStrings("1", "x");
    s.remove(b("x"));
    assertEquals(Encoding.HASHTABLE, s.encoding());
    s.remove(b("1"));
    assertTrue(s.isEmpty());
    s.add(b("3")); // Redis deleted the key; SADD creates a new intset
    assertEquals(Encoding.INTSET, s.encoding());
    s.checkInvariants();
  }

  @Test
  void dumpVectors() {
    assertArrayEquals(
        Bytes.fromHex(DUMP_INTSET), RedisSet.ofStrings("1", "2", "-3").toRdbPayload());
    assertArrayEquals(Bytes.fromHex(DUMP_HELLO), RedisSet.ofStrings("hello").toRdbPayload());
    RedisSet seven = RedisSet.create(0);
    seven.add(b("7"));
    assertArrayEquals(Bytes.fromHex(DUMP_SEVEN), seven.toRdbPayload());
    assertArrayEquals(Bytes.fromHex(DUMP_LZF), RedisSet.ofStrings("a".repeat(66)).toRdbPayload());
  }

  @Test
  void loadingDecidesTheEncodingAsRdbLoadObject() {
    // a hashtable of one integer comes back as an intset (type 2, count <= limit, all integers)
    RedisSet seven = RedisSet.fromRdbPayload(Bytes.fromHex(DUMP_SEVEN));
    assertEquals(Encoding.INTSET, seven.encoding());
    assertEquals(
        Encoding.HASHTABLE, RedisSet.fromRdbPayload(Bytes.fromHex(DUMP_SEVEN), 0).encoding());
    RedisSet three = RedisSet.fromRdbPayload(Bytes.fromHex(DUMP_INTSET), 2); // type 11, 3 > 2
    assertEquals(Encoding.HASHTABLE, three.encoding());
    assertEquals(RedisSet.ofStrings("1", "2", "-3"), three);
    assertEquals(Set.of("hello"), RedisSet.fromRdbPayload(Bytes.fromHex(DUMP_HELLO)).asStrings());
  }

  @Test
  void loadingRefusesDuplicatesEmptinessAndOtherTypes() {
    byte[] dupInts =
        RdbWriter.create().type(2).length(2).string(b("4")).string(b("4")).toDumpPayload();
    byte[] dupText =
        RdbWriter.create()
            .type(2)
            .length(3)
            .string(b("4"))
            .string(b("x"))
            .string(b("4"))
            .toDumpPayload();
    byte[] empty = RdbWriter.create().type(2).length(0).toDumpPayload();
    byte[] emptyIntset = RdbPayload.ofBlob(11, Bytes.fromHex("0200000000000000"));
    byte[] list = RdbWriter.create().type(1).length(1).string(b("a")).toDumpPayload();
    byte[] v11 = RdbPayload.dump(2, RdbPayload.parse(Bytes.fromHex(DUMP_HELLO)).body(), 11);
    for (byte[] p : List.of(dupInts, dupText, empty, emptyIntset, list, v11)) {
      assertThrows(CorruptEncodingException.class, () -> RedisSet.fromRdbPayload(p), Bytes.hex(p));
    }
  }

  @Test
  void byteMembersCompareByContent() {
    RedisSet s = RedisSet.of(b("a"), b("17"));
    assertTrue(s.contains(new byte[] {'a'}));
    assertTrue(s.contains(b("17")));
    assertFalse(s.contains("a"));
    RedisSet t = RedisSet.of(b("17"), b("a"));
    assertEquals(s, t);
    assertEquals(s.hashCode(), t.hashCode());
    assertNotEquals(s, RedisSet.of(b("a")));
    assertThrows(NullPointerException.class, () -> s.add(null));
  }

  @Test
  void stringViewWritesThrough() {
    RedisSet s = RedisSet.create();
    Set<String> strings = s.asStrings();
    strings.add("10");
    strings.add("2");
    assertEquals(Encoding.INTSET, s.encoding());
    assertEquals(List.of("2", "10"), List.copyOf(strings)); // an intset iterates ascending
    strings.add("x");
    assertEquals(Encoding.HASHTABLE, s.encoding());
    assertEquals(new HashSet<>(List.of("2", "10", "x")), strings);
    assertEquals(Set.of("2", "10", "x").hashCode(), strings.hashCode());
  }

  @Test
  void iteratorRemoveOnBothEncodings() {
    for (RedisSet s :
        List.of(RedisSet.ofStrings("1", "2", "3"), RedisSet.ofStrings("a", "b", "c"))) {
      Iterator<byte[]> it = s.iterator();
      while (it.hasNext()) {
        it.next();
        it.remove();
      }
      assertTrue(s.isEmpty());
      assertEquals(Encoding.INTSET, s.encoding());
      s.checkInvariants();
    }
  }

  @Test
  void toStringIsBounded() {
    RedisSet s = RedisSet.create();
    for (int i = 0; i < 30; i++) {
      s.add(b(Integer.toString(i)));
    }
    assertEquals("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ... (20 more)]", s.toString());
    assertEquals("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ... (20 more)]", s.asStrings().toString());
  }

  @Test
  void emptySetHasNoPayload() {
    assertThrows(IllegalStateException.class, () -> RedisSet.create().toRdbPayload());
  }
}
