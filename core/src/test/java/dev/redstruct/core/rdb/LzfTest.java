package dev.redstruct.core.rdb;

import static dev.redstruct.core.Bytes.fromHex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;

import dev.redstruct.core.CorruptEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Golden vectors captured from Redis 7.0.15 (default config, {@code rdbcompression yes}): {@code
 * SET k <value>}, {@code DUMP k}; each constant is the LZF stream inside the {@code c3 clen len}
 * string of the payload (the whole payloads are in {@code RdbPayloadTest}).
 */
class LzfTest {
  static final String A30 = "a".repeat(30);
  static final String A30_LZF = "016161e01100016161";

  static final String ABC8 = "abc".repeat(8);
  static final String ABC8_LZF = "0361626361e00a020063";

  static final String LOREM =
      "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt"
          + " ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet.";
  static final String LOREM_LZF =
      "1f4c6f72656d20697073756d20646f6c6f722073697420616d65742c20636f6e7315656374657475722061"
          + "646970697363696e6720656c69201c0273656420300c20656975736d6f642074656d70203c10696e63"
          + "69646964756e74207574206c6162205e022065742029205a1065206d61676e6120616c697175612e20"
          + "4c2012e00c7b01742e";

  static final String JSON =
      "{\"id\":1,\"name\":\"alice\",\"tags\":[\"x\",\"y\"]},"
          + "{\"id\":2,\"name\":\"bob\",\"tags\":[\"x\",\"y\"]}";
  static final String JSON_LZF =
      "1f7b226964223a312c226e616d65223a22616c696365222c2274616773223a5b220078200b0579225d7d2c"
          + "7b60280032e0002802626f62201ae00526015d7d";

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] compress(byte[] in, int capacity) {
    byte[] out = new byte[capacity];
    int n = Lzf.create().compress(in, 0, in.length, out, 0, capacity);
    return n == 0 ? null : Arrays.copyOf(out, n);
  }

  static byte[] decompress(byte[] in, int outLen) {
    byte[] out = new byte[outLen];
    int n = Lzf.decompress(in, 0, in.length, out, 0, outLen);
    return Arrays.copyOf(out, n);
  }

  /** The worked example in Lzf's Javadoc, and the other vectors from the server. */
  @Test
  void compressesAsRedisDoes() {
    String[][] vectors = {{A30, A30_LZF}, {ABC8, ABC8_LZF}, {LOREM, LOREM_LZF}, {JSON, JSON_LZF}};
    for (String[] v : vectors) {
      byte[] in = ascii(v[0]);
      assertArrayEquals(fromHex(v[1]), Lzf.create().compressForRdb(in), v[0]);
      assertArrayEquals(in, decompress(fromHex(v[1]), in.length), v[0]);
    }
  }

  /** rdbSaveRawString stores 21 distinct letters verbatim: LZF cannot save 4 bytes on them. */
  @Test
  void incompressibleInputFailsWithinRedisCapacity() {
    assertNull(Lzf.create().compressForRdb(ascii("abcdefghijklmnopqrstu")));
    assertNull(Lzf.create().compressForRdb(ascii("abcd")));
  }

  /** The two 1000-byte examples of the old testkit Lzf Javadoc: e0 ff 00 copies 264 bytes. */
  @Test
  void decompressesLongReferences() {
    byte[] compressed = fromHex("016161e0ff00e0ff00e0ff00e0c300016161");
    assertArrayEquals(ascii("a".repeat(1000)), decompress(compressed, 1000));
    assertArrayEquals(compressed, compress(ascii("a".repeat(1000)), 996));
  }

  @Test
  void decompressRejectsWhatLzfDRejects() {
    byte[] out = new byte[300];
    // E2BIG: the back reference needs 264 bytes, only 265 - 2 are left after the literal
    assertThrows(
        CorruptEncodingException.class,
        () -> Lzf.decompress(fromHex("016161e0ff00"), 0, 6, out, 0, 265));
    // back reference before the start of the output
    assertThrows(
        CorruptEncodingException.class,
        () -> Lzf.decompress(fromHex("00612005"), 0, 4, out, 0, 300));
    // literal run longer than the input
    assertThrows(
        CorruptEncodingException.class, () -> Lzf.decompress(fromHex("0561"), 0, 2, out, 0, 6));
    // truncated references, short and long form
    assertThrows(
        CorruptEncodingException.class, () -> Lzf.decompress(fromHex("01616161"), 0, 4, out, 0, 9));
    assertThrows(
        CorruptEncodingException.class,
        () -> Lzf.decompress(fromHex("016161e0ff"), 0, 5, out, 0, 300));
    assertThrows(
        CorruptEncodingException.class,
        () -> Lzf.decompress(fromHex("016161e0"), 0, 4, out, 0, 300));
  }

  /** Nothing is written outside the given output range, whether the call succeeds or fails. */
  @Test
  void staysInsideItsRanges() {
    byte[] in = ascii(LOREM);
    byte[] out = new byte[200];
    Arrays.fill(out, (byte) 0x5a);
    int n = Lzf.create().compress(in, 0, in.length, out, 10, in.length - 4);
    assertEquals(fromHex(LOREM_LZF).length, n);
    assertArrayEquals(fromHex(LOREM_LZF), Arrays.copyOfRange(out, 10, 10 + n));
    for (int i = 0; i < 10; i++) {
      assertEquals(0x5a, out[i]);
    }
    for (int i = 10 + in.length - 4; i < 200; i++) {
      assertEquals(0x5a, out[i]);
    }
    byte[] small = new byte[40];
    Arrays.fill(small, (byte) 0x5a);
    assertEquals(0, Lzf.create().compress(in, 0, in.length, small, 5, 30));
    for (int i = 35; i < 40; i++) {
      assertEquals(0x5a, small[i]);
    }
  }

  /** Input at an offset compresses as the same bytes at offset 0: position 0 of the range is p. */
  @Test
  void offsetsAreRelativeToTheRange() {
    byte[] in = ascii("xyz" + A30 + "tail");
    byte[] out = new byte[64];
    int n = Lzf.create().compress(in, 3, 30, out, 0, 64);
    assertArrayEquals(fromHex(A30_LZF), Arrays.copyOf(out, n));
  }

  /** One instance gives the same output as a fresh one: no state leaks between calls. */
  @Test
  void earlierCallsDoNotChangeTheOutput() {
    Lzf reused = Lzf.create();
    byte[] lorem = ascii(LOREM);
    for (int i = 0; i < 3; i++) {
      reused.compressForRdb(ascii(JSON));
      reused.compressForRdb(lorem);
      assertArrayEquals(fromHex(LOREM_LZF), reused.compressForRdb(lorem));
    }
  }

  static Gen<byte[]> inputs() {
    Gen<byte[]> random =
        Generate.byteArrays(
            Generate.range(0, 600), Generate.bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
    Gen<byte[]> fewLetters =
        Generate.byteArrays(
            Generate.range(0, 3000), Generate.bytes((byte) 'a', (byte) 'c', (byte) 'a'));
    return random.mix(fewLetters);
  }

  @Test
  void roundTrips() {
    Lzf lzf = Lzf.create();
    qt().forAll(inputs(), SourceDSL.integers().between(0, 40))
        .checkAssert(
            (in, slack) -> {
              byte[] out = new byte[in.length + 64];
              int n = lzf.compress(in, 0, in.length, out, 0, in.length + slack);
              if (n > 0) {
                assertArrayEquals(in, decompress(Arrays.copyOf(out, n), in.length));
              }
              if (in.length > 0 && slack >= 5 + in.length / 32) {
                assertEquals(true, n > 0, "fits: literal runs cost one byte in 32");
              }
            });
  }

  /** A fresh instance and a reused one agree on every input. */
  @Test
  void reuseIsInvisible() {
    Lzf reused = Lzf.create();
    qt().forAll(inputs())
        .checkAssert(
            in -> {
              int cap = in.length + 40;
              byte[] a = new byte[cap];
              byte[] b = new byte[cap];
              int n = reused.compress(in, 0, in.length, a, 0, cap);
              int m = Lzf.create().compress(in, 0, in.length, b, 0, cap);
              assertEquals(m, n);
              assertArrayEquals(Arrays.copyOf(b, m), Arrays.copyOf(a, n));
            });
  }
}
