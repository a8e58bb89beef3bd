package dev.redstruct.core.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Golden vectors captured from Redis 7.0.15 ({@code redis-server --save "" --appendonly no},
 * default config, rdbcompression yes) with the commands named on each constant; the payloads are
 * the raw bytes of the {@code DUMP} reply.
 */
class RdbPayloadTest {
  /** {@code SET a 12345}, {@code DUMP a}. */
  static final String DUMP_INT16 = "00c139300a009d94ea2793fc08b9";

  /** {@code SET b <1000 times 'a'>}, {@code DUMP b}: LZF-compressed. */
  static final String DUMP_LZF_1000A =
      "00c31243e8016161e0ff00e0ff00e0ff00e0c3000161610a0086c212db54819e3c";

  /** {@code SET a <30 times 'a'>}, {@code DUMP a}: LZF-compressed. */
  static final String DUMP_LZF_A30 = "00c3091e016161e011000161610a0045737cbb2b647bbb";

  /** {@code HSET h f1 v1 f2 2}, {@code DUMP h}: a listpack blob. */
  static final String DUMP_HASH_LISTPACK =
      "10151500000004008266310382763103826632030201ff0a005c5ea813feec1ff5";

  /** {@code SET big 12345678901}, {@code DUMP big}: beyond int32, stored as decimal text. */
  static final String DUMP_INT64 = "000b31323334353637383930310a00304e52d727176510";

  static byte[] hex(String s) {
    byte[] b = new byte[s.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The worked example in RdbPayload's Javadoc. */
  @Test
  void int16StringExample() {
    RdbPayload p = RdbPayload.parse(hex(DUMP_INT16));
    assertEquals(RdbPayload.TYPE_STRING, p.type());
    assertEquals(10, p.rdbVersion());
    assertArrayEquals(hex("c13930"), p.body());
    assertArrayEquals(ascii("12345"), p.blob());
    assertArrayEquals(hex(DUMP_INT16), p.toBytes());
    assertArrayEquals(
        hex(DUMP_INT16),
        RdbPayload.dump(RdbPayload.TYPE_STRING, RdbWriter.create().string("12345").toByteArray()));
  }

  /** 01 61 61 is the literal "aa", e0 ff 00 copies 264 bytes; the writer compresses the same. */
  @Test
  void lzfCompressedString() {
    RdbPayload p = RdbPayload.parse(hex(DUMP_LZF_1000A));
    assertArrayEquals(ascii("a".repeat(1000)), p.blob());
    assertArrayEquals(
        hex(DUMP_LZF_1000A),
        RdbWriter.create().type(RdbPayload.TYPE_STRING).string("a".repeat(1000)).toDumpPayload());
  }

  /** The class Javadoc examples of RdbWriter: "12345" and 30 times 'a' (DUMP_LZF_A30). */
  @Test
  void writerJavadocExamples() {
    assertArrayEquals(hex("c13930"), RdbWriter.create().string("12345").toByteArray());
    assertArrayEquals(
        hex("c3091e016161e011000161610a"),
        Arrays.copyOf(RdbWriter.create().string("a".repeat(30)).toDumpPayload(), 13));
    assertArrayEquals(
        hex(DUMP_LZF_A30),
        RdbWriter.create().type(RdbPayload.TYPE_STRING).string("a".repeat(30)).toDumpPayload());
    // rdbcompression no: verbatim
    assertArrayEquals(
        hex("1e" + "61".repeat(30)), RdbWriter.create(false).string("a".repeat(30)).toByteArray());
  }

  @Test
  void listpackBlob() {
    RdbPayload p = RdbPayload.parse(hex(DUMP_HASH_LISTPACK));
    assertEquals(RdbPayload.TYPE_HASH_LISTPACK, p.type());
    // listpack: total bytes 0x15, 4 elements, "f1" "v1" "f2" 2, end marker 0xff (src/listpack.c)
    byte[] listpack = hex("1500000004008266310382763103826632030201ff");
    assertArrayEquals(listpack, p.blob());
    assertArrayEquals(
        hex(DUMP_HASH_LISTPACK), RdbPayload.ofBlob(RdbPayload.TYPE_HASH_LISTPACK, listpack));
  }

  @Test
  void int64StringIsText() {
    RdbPayload p = RdbPayload.parse(hex(DUMP_INT64));
    assertArrayEquals(ascii("12345678901"), p.blob());
    assertArrayEquals(p.body(), RdbWriter.create().integerString(12345678901L).toByteArray());
  }

  @Test
  void rejectsCorruptCrcAndShortPayloads() {
    byte[] bad = hex(DUMP_INT16);
    bad[bad.length - 1] ^= 1;
    CorruptEncodingException e =
        assertThrows(CorruptEncodingException.class, () -> RdbPayload.parse(bad));
    assertTrue(e.getMessage().contains("CRC"), e.getMessage());
    assertEquals("DUMP payload", e.format());
    byte[] body = hex(DUMP_INT16);
    body[2] ^= 0x40;
    assertThrows(CorruptEncodingException.class, () -> RdbPayload.parse(body));
    assertThrows(CorruptEncodingException.class, () -> RdbPayload.parse(new byte[10]));
  }

  @Test
  void valueSemantics() {
    RdbPayload a = RdbPayload.parse(hex(DUMP_INT16));
    RdbPayload b = new RdbPayload(0, hex("c13930"), 10);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertTrue(a.toString().contains("c13930"), a.toString());
  }

  /** Length forms from the comment above RDB_6BITLEN in src/rdb.h. */
  @Test
  void lengthEncodingBoundaries() {
    assertArrayEquals(hex("3f"), RdbWriter.create().length(63).toByteArray());
    assertArrayEquals(hex("4040"), RdbWriter.create().length(64).toByteArray());
    assertArrayEquals(hex("7fff"), RdbWriter.create().length(16383).toByteArray());
    assertArrayEquals(hex("8000004000"), RdbWriter.create().length(16384).toByteArray());
    assertArrayEquals(hex("80ffffffff"), RdbWriter.create().length(0xffffffffL).toByteArray());
    assertArrayEquals(hex("810000000100000000"), RdbWriter.create().length(1L << 32).toByteArray());
    assertArrayEquals(hex("81ffffffffffffffff"), RdbWriter.create().length(-1L).toByteArray());
    assertEquals(-1L, RdbReader.of(hex("81ffffffffffffffff")).length());
    assertThrows(
        CorruptEncodingException.class, () -> RdbReader.of(hex("81ffffffffffffffff")).intLength());
    assertEquals(0x7ffffff7, RdbReader.of(hex("807ffffff7")).intLength());
  }

  /** Integer encodings from rdbEncodeInteger in src/rdb.c: int8, int16, int32 ranges. */
  @Test
  void integerStringBoundaries() {
    assertArrayEquals(hex("c07f"), RdbWriter.create().string("127").toByteArray());
    assertArrayEquals(hex("c080"), RdbWriter.create().string("-128").toByteArray());
    assertArrayEquals(hex("c18000"), RdbWriter.create().string("128").toByteArray());
    assertArrayEquals(hex("c1ff7f"), RdbWriter.create().string("32767").toByteArray());
    assertArrayEquals(hex("c200800000"), RdbWriter.create().string("32768").toByteArray());
    assertArrayEquals(hex("c2ffffff7f"), RdbWriter.create().string("2147483647").toByteArray());
    assertArrayEquals(hex("c200000080"), RdbWriter.create().string("-2147483648").toByteArray());
    // not integer-encoded: out of int32, or not canonical
    assertArrayEquals(
        hex("0a32313437343833363438"), RdbWriter.create().string("2147483648").toByteArray());
    assertArrayEquals(hex("03303132"), RdbWriter.create().string("012").toByteArray());
    assertArrayEquals(hex("022d30"), RdbWriter.create().string("-0").toByteArray());
    assertArrayEquals(hex("022b31"), RdbWriter.create().string("+1").toByteArray());
    assertArrayEquals(hex("00"), RdbWriter.create().string("").toByteArray());
  }

  @Test
  void readerRejectsMalformedFields() {
    for (String bad :
        new String[] {
          "",
          "40",
          "80000000",
          "81",
          "c4",
          "c0",
          "c1ff",
          "c2000000",
          "05616263",
          "c3",
          "c30501",
          "c3ff"
        }) {
      assertThrows(CorruptEncodingException.class, () -> RdbReader.of(hex(bad)).string(), bad);
    }
    assertThrows(CorruptEncodingException.class, () -> RdbReader.of(hex("82")).length());
    assertThrows(CorruptEncodingException.class, () -> RdbReader.of(hex("bf")).length());
  }

  /** Redis's rdbLoadLen(rdb, NULL) reads 11xxxxxx as xxxxxx; RdbRedisIT checks it on the server. */
  @Test
  void lengthReadsAnEncodingMarkerAsSixBits() {
    assertEquals(0, RdbReader.of(hex("c0")).length());
    assertEquals(63, RdbReader.of(hex("ff")).length());
    // an LZF string whose two lengths are written as c4 and c3: 4 compressed bytes, 3 produced
    assertArrayEquals(ascii("aaa"), RdbReader.of(hex("c3c4c302616161")).string());
  }

  /** Issue 14 item 19: a negative (unsigned huge) LZF compressed length. */
  @Test
  void item19LzfNegativeCompressedLengthIsCorrupt() {
    CorruptEncodingException e =
        assertThrows(
            CorruptEncodingException.class,
            () -> RdbReader.of(hex("c381800000000000000c00")).string());
    assertTrue(e.getMessage().contains("exceeds"), e.getMessage());
  }

  /**
   * Issue 14 item 19: a 2 GiB claim is rejected by the length check, which runs before anything is
   * allocated (the message is the check's), whether the compressed length lies or not.
   */
  @Test
  void item19LzfHugeLengthIsRejectedBeforeAllocating() {
    for (String input : new String[] {"c3818000000004000000807ffffff00041", "c302807ffffff00041"}) {
      CorruptEncodingException e =
          assertThrows(CorruptEncodingException.class, () -> RdbReader.of(hex(input)).string());
      assertTrue(
          e.getMessage().contains("exceeds the") || e.getMessage().contains("cannot come from"),
          e.getMessage());
    }
  }

  /** Redis accepts an LZF string that claims 0 bytes whatever its data: lzf_decompress gives 0. */
  @Test
  void lzfStringOfLengthZeroIsEmptyWhateverItsData() {
    assertArrayEquals(new byte[0], RdbReader.of(hex("c3010000")).string());
    assertArrayEquals(new byte[0], RdbReader.of(hex("c30000")).string());
    assertArrayEquals(new byte[0], RdbReader.of(hex("c302001f61")).string());
    assertThrows(CorruptEncodingException.class, () -> RdbReader.of(hex("c30200ff")).string());
  }
}
