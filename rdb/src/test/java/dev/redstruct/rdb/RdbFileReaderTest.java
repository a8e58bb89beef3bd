package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reader's verdicts on the files of issue 27: Redis's own test assets (see {@code
 * src/test/resources/redis-assets/README.md}) and small hand-made files whose fate on redis-server
 * 7.0.15 is checked by {@code RdbFileRedisVerdictsIT}.
 */
class RdbFileReaderTest {
  static final String ASSETS = "/redis-assets/";

  static byte[] asset(String name) {
    try (InputStream in = RdbFileReaderTest.class.getResourceAsStream(ASSETS + name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A version-10 file: header, the records, EOF and a checksum of 0 ("not computed"). */
  static byte[] file(String... hexRecords) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("REDIS0010".getBytes(StandardCharsets.US_ASCII));
    for (String h : hexRecords) {
      out.writeBytes(HexFormat.of().parseHex(h));
    }
    out.write(0xff);
    out.writeBytes(new byte[8]);
    return out.toByteArray();
  }

  /** An RDB string of up to 63 bytes, as hex. */
  static String str(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return String.format("%02x", b.length) + HexFormat.of().formatHex(b);
  }

  static List<RdbFileReader.Entry> readAll(RdbFileReader r) {
    List<RdbFileReader.Entry> out = new ArrayList<>();
    for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
      out.add(e);
    }
    return out;
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  // ------------------------------------------------------------------- item 2: empty keys

  /**
   * Redis's corrupt_empty_keys.rdb: redis-server 7.0.15 starts with no key and logs "rdbLoadObject
   * skipping empty key" for these 9 names, in this order (RdbFileRedisVerdictsIT checks it again).
   */
  @Test
  void emptyKeysAreSkippedAndReportedAsRedisDoes() {
    try (RdbFileReader r =
        RdbFileReader.open(new ByteArrayInputStream(asset("corrupt_empty_keys.rdb")))) {
      assertEquals(List.of(), readAll(r));
      List<String> names = new ArrayList<>();
      List<Integer> types = new ArrayList<>();
      for (RdbFileReader.SkippedKey k : r.skippedEmptyKeys()) {
        names.add(text(k.key()));
        types.add(k.rdbType());
        assertEquals(0, k.db());
      }
      assertEquals(
          List.of(
              "set",
              "hash",
              "list_ziplist",
              "zset",
              "zset_listpack",
              "hash_ziplist",
              "list_quicklist",
              "zset_ziplist",
              "list_quicklist_empty_ziplist"),
          names);
      assertEquals(List.of(2, 4, 10, 5, 17, 16, 14, 12, 14), types);
    }
  }

  /** A corrupt value is reported at the file offset where the value starts, not inside it. */
  @Test
  void errorsInAValueGiveTheFileOffsetOfTheValue() {
    // 9 header + fe 00 (offset 9) + type 0x12 (offset 11) + key "k" (12..13): the value at 14.
    // Its one node says container 3, which rdbLoadObject refuses ("Quicklist integrity check").
    byte[] f = file("fe00", "12" + str("k") + "01" + "03" + str("x"));
    CorruptEncodingException e =
        assertThrows(
            CorruptEncodingException.class,
            () -> readAll(RdbFileReader.open(new ByteArrayInputStream(f))));
    assertEquals(14, e.offset(), e.getMessage());
    assertTrue(e.getMessage().contains("quicklist container 3"), e.getMessage());
  }

  // ------------------------------------------------------------------- item 3: type 1 lists

  /** encodings.rdb (RDB version 4) holds a type-1 list; redis-server LRANGEs it as below. */
  @Test
  void typeOneListsLoadAsLists() {
    try (RdbFileReader r = RdbFileReader.open(new ByteArrayInputStream(asset("encodings.rdb")))) {
      RedisValue list = null;
      for (RdbFileReader.Entry e : readAll(r)) {
        if (text(e.key()).equals("list")) {
          list = e.value();
        }
      }
      RedisValue.ListValue l = (RedisValue.ListValue) list;
      assertEquals(1, l.rdbType());
      List<String> got = new ArrayList<>();
      for (byte[] b : l.list().toList()) {
        got.add(text(b));
      }
      List<String> one = List.of("1", "2", "3", "a", "b", "c", "100000", "6000000000");
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        expected.addAll(one);
      }
      assertEquals(expected, got);
    }
  }

  // ------------------------------------------------------------------- item 6: negative expiry

  /**
   * Opcode 0xFD holds a signed 32-bit count of seconds (Redis: rdbLoadTime reads an int32_t). A
   * negative one is an expiry before 1970: redis-server drops the key on load as expired. 0xFC with
   * -1 ms is Redis's "no expiry" (rdbLoadRioWithLoadingCtx tests {@code expiretime != -1}).
   */
  @Test
  void negativeExpirySecondsAreSignedAsRedisReadsThem() {
    byte[] f =
        file(
            "fe00",
            "fdffffffff00" + str("neg") + str("v"),
            "fd0000008000" + str("min") + str("v"),
            "fcffffffffffffffff00" + str("msneg1") + str("v"),
            "00" + str("plain") + str("v"));
    List<RdbFileReader.Entry> all = readAll(RdbFileReader.open(new ByteArrayInputStream(f)));
    assertEquals(-1000L, all.get(0).expireAtMs());
    assertEquals(-2_147_483_648_000L, all.get(1).expireAtMs());
    assertEquals(-1L, all.get(2).expireAtMs());
    long now = System.currentTimeMillis();
    assertTrue(all.get(0).isExpiredAt(now));
    assertTrue(all.get(1).isExpiredAt(now));
    assertFalse(all.get(2).isExpiredAt(now));
    assertFalse(all.get(3).isExpiredAt(now));
  }

  // ------------------------------------------------------------------- item 8: Redis's refusals

  /** corrupt_ziplist.rdb: redis-server refuses it ("Hash ziplist integrity check failed"). */
  @Test
  void aCorruptHashZiplistIsRefusedAsRedisRefusesIt() {
    CorruptEncodingException e =
        assertThrows(
            CorruptEncodingException.class,
            () ->
                readAll(
                    RdbFileReader.open(new ByteArrayInputStream(asset("corrupt_ziplist.rdb")))));
    assertTrue(e.getMessage().contains("key:000000000091"), e.getMessage());
  }

  /**
   * A library whose code has no {@code #!<engine> name=<library>} line: redis-server refuses the
   * file ("Failed loading library, Missing library metadata"), and so do we. Code that has the line
   * but does not compile is refused by Redis too; we cannot compile Lua and read past it.
   */
  @Test
  void aFunctionLibraryWithoutMetadataIsRefused() {
    byte[] f = file("f5" + str("garbage code"), "00" + str("k") + str("v"));
    CorruptEncodingException e =
        assertThrows(
            CorruptEncodingException.class,
            () -> readAll(RdbFileReader.open(new ByteArrayInputStream(f))));
    assertEquals(9, e.offset(), e.getMessage());
    byte[] ok = file("f5" + str("#!lua name=mylib\nreturn 1"), "00" + str("k") + str("v"));
    RdbFileReader r = RdbFileReader.open(new ByteArrayInputStream(ok));
    assertEquals(1, readAll(r).size());
    assertEquals(1, r.skippedAuxiliary());
  }

  /**
   * Kept lenient, by decision (rdb/README.md): SELECTDB 16 and up (Redis refuses only when its
   * {@code databases} setting is smaller), a key twice in one database (refusing would mean holding
   * every key of a streamed file), module AUX records (Redis refuses only when the module is not
   * loaded). RdbFileRedisVerdictsIT shows Redis's side of each.
   */
  @Test
  void leniencesKeptByDecision() {
    byte[] db16 = file("fe10", "00" + str("k") + str("v"));
    assertEquals(16, readAll(RdbFileReader.open(new ByteArrayInputStream(db16))).get(0).db());
    byte[] dup = file("fe00", "00" + str("k") + str("v"), "00" + str("k") + str("w"));
    List<RdbFileReader.Entry> both = readAll(RdbFileReader.open(new ByteArrayInputStream(dup)));
    assertEquals(2, both.size());
    assertArrayEquals(both.get(0).key(), both.get(1).key());
    byte[] moduleAux = file(MODULE_AUX, "00" + str("k") + str("v"));
    RdbFileReader r = RdbFileReader.open(new ByteArrayInputStream(moduleAux));
    assertEquals(1, readAll(r).size());
    assertEquals(1, r.skippedAuxiliary());
    assertNull(r.next());
  }

  /** Module AUX: opcode f7, module id 12345 (64-bit length), when_opcode 2 (UINT), when 0, EOF. */
  static final String MODULE_AUX = "f7" + "810000000000003039" + "02" + "00" + "00";
}
