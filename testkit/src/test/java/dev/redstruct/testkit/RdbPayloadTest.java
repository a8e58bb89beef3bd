package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
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

  /** The LZF example in Lzf's Javadoc: 01 61 61 is the literal "aa", e0 ff 00 copies 264 bytes. */
  @Test
  void lzfCompressedString() {
    RdbPayload p = RdbPayload.parse(hex(DUMP_LZF_1000A));
    assertArrayEquals(ascii("a".repeat(1000)), p.blob());
    byte[] compressed = hex("016161e0ff00e0ff00e0ff00e0c300016161");
    assertArrayEquals(
        ascii("a".repeat(1000)), Lzf.decompress(compressed, 0, compressed.length, 1000));
    assertArrayEquals(ascii("aa"), Lzf.decompress(compressed, 0, 3, 2));
    assertArrayEquals(ascii("a".repeat(266)), Lzf.decompress(compressed, 0, 6, 266));
  }

  @Test
  void lzfRejectsWrongLengthsAndBadReferences() {
    byte[] compressed = hex("016161e0ff00");
    assertThrows(IllegalArgumentException.class, () -> Lzf.decompress(compressed, 0, 6, 265));
    assertThrows(IllegalArgumentException.class, () -> Lzf.decompress(compressed, 0, 6, 267));
    // back reference before the start of the output
    assertThrows(IllegalArgumentException.class, () -> Lzf.decompress(hex("00612005"), 0, 4, 4));
    // literal run longer than the input
    assertThrows(IllegalArgumentException.class, () -> Lzf.decompress(hex("0561"), 0, 2, 6));
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
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RdbPayload.parse(bad));
    assertTrue(e.getMessage().contains("CRC"), e.getMessage());
    byte[] body = hex(DUMP_INT16);
    body[2] ^= 0x40;
    assertThrows(IllegalArgumentException.class, () -> RdbPayload.parse(body));
    assertThrows(IllegalArgumentException.class, () -> RdbPayload.parse(new byte[10]));
  }

  @Test
  void valueSemantics() {
    RdbPayload a = RdbPayload.parse(hex(DUMP_INT16));
    RdbPayload b = new RdbPayload(0, hex("c13930"), 10);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertTrue(a.toString().contains("0xc13930"), a.toString());
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
      assertThrows(IllegalArgumentException.class, () -> RdbReader.of(hex(bad)).string(), bad);
    }
    assertThrows(IllegalArgumentException.class, () -> RdbReader.of(hex("c0")).length());
    assertThrows(IllegalArgumentException.class, () -> RdbReader.of(hex("82")).length());
  }
}
