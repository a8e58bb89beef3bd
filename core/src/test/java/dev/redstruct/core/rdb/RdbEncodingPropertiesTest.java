package dev.redstruct.core.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.testkit.RedisGens;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

class RdbEncodingPropertiesTest {

  static Gen<byte[]> byteStrings(int maxLen) {
    return Generate.byteArrays(
        Generate.range(0, maxLen), Generate.bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
  }

  /** Lengths near every boundary of the four length forms, and anywhere in the unsigned range. */
  static Gen<Long> lengths() {
    Gen<Long> near =
        Generate.pick(Arrays.asList(0L, 63L, 64L, 16383L, 16384L, 0xffffffffL, 1L << 32, -1L))
            .zip(Generate.longRange(-3, 3), Long::sum);
    return near.mix(SourceDSL.longs().all(), 50);
  }

  @Test
  void lengthRoundTrips() {
    qt().forAll(lengths())
        .checkAssert(
            len -> {
              byte[] enc = RdbWriter.create().length(len).toByteArray();
              RdbReader r = RdbReader.of(enc);
              assertEquals(len.longValue(), r.length());
              assertTrue(r.atEnd());
              assertEquals(expectedLengthSize(len), enc.length);
            });
  }

  /** Sizes from rdbSaveLen in src/rdb.c: 1, 2, 5 or 9 bytes. */
  static int expectedLengthSize(long len) {
    if (Long.compareUnsigned(len, 1 << 6) < 0) {
      return 1;
    }
    if (Long.compareUnsigned(len, 1 << 14) < 0) {
      return 2;
    }
    return Long.compareUnsigned(len, 0xffffffffL) <= 0 ? 5 : 9;
  }

  @Test
  void stringRoundTrips() {
    qt().forAll(byteStrings(300))
        .checkAssert(
            s -> {
              for (byte[] enc :
                  new byte[][] {
                    RdbWriter.create().string(s).toByteArray(),
                    RdbWriter.create().rawString(s).toByteArray()
                  }) {
                RdbReader r = RdbReader.of(enc);
                assertArrayEquals(s, r.string());
                assertTrue(r.atEnd());
              }
            });
  }

  @Test
  void integerStringsRoundTripAsDecimal() {
    qt().forAll(SourceDSL.longs().all())
        .checkAssert(
            v -> {
              byte[] text = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
              byte[] a = RdbWriter.create().integerString(v).toByteArray();
              byte[] b = RdbWriter.create().string(text).toByteArray();
              assertArrayEquals(a, b, "integerString and string agree for canonical text");
              assertArrayEquals(text, RdbReader.of(a).string());
            });
  }

  @Test
  void binaryDoublesRoundTripBitForBit() {
    qt().forAll(SourceDSL.longs().all())
        .checkAssert(
            bits -> {
              double d = Double.longBitsToDouble(bits);
              byte[] enc = RdbWriter.create().binaryDouble(d).toByteArray();
              assertEquals(
                  bits.longValue(), Double.doubleToRawLongBits(RdbReader.of(enc).binaryDouble()));
            });
  }

  @Test
  void payloadRoundTrips() {
    qt().forAll(Generate.range(0, 255), byteStrings(100), Generate.range(0, 0xffff))
        .checkAssert(
            (type, body, version) -> {
              byte[] payload = RdbPayload.dump(type, body, version);
              RdbPayload p = RdbPayload.parse(payload);
              assertEquals(new RdbPayload(type, body, version), p);
              assertArrayEquals(payload, p.toBytes());
            });
  }

  /** Moved from testkit's RedisGensTest: Redis-flavoured strings survive the RDB string forms. */
  @Test
  void redisFlavouredStringsRoundTrip() {
    qt().forAll(RedisGens.mixed())
        .checkAssert(
            b ->
                assertArrayEquals(
                    b, RdbReader.of(RdbWriter.create().string(b).toByteArray()).string()));
  }

  /** Compressible strings take the LZF form when it saves 4 bytes, and read back. */
  @Test
  void compressibleStringsRoundTripThroughLzf() {
    Gen<byte[]> fewLetters =
        Generate.byteArrays(
            Generate.range(0, 2000), Generate.bytes((byte) 'a', (byte) 'd', (byte) 'a'));
    qt().forAll(fewLetters)
        .checkAssert(
            s -> {
              byte[] enc = RdbWriter.create().string(s).toByteArray();
              RdbReader r = RdbReader.of(enc);
              assertArrayEquals(s, r.string());
              assertTrue(r.atEnd());
              if ((enc[0] & 0xff) == 0xc3) {
                assertTrue(s.length > 20 && enc.length <= s.length, "compressed only when it pays");
              }
            });
  }

  /** Any mutation of an encoded string either decodes or throws CorruptEncodingException. */
  @Test
  void mutatedStringsFailCleanly() {
    byte[] lzf = RdbPayload.parse(RdbPayloadTest.hex(RdbPayloadTest.DUMP_LZF_1000A)).body();
    qt().forAll(
            Generate.range(0, lzf.length - 1),
            Generate.range(0, 255),
            Generate.range(1, lzf.length))
        .checkAssert(
            (at, value, cut) -> {
              byte[] m = Arrays.copyOf(lzf, cut);
              if (at < cut) {
                m[at] = (byte) (int) value;
              }
              try {
                RdbReader.of(m).string();
              } catch (CorruptEncodingException expected) {
                assertTrue(expected.getMessage().startsWith("corrupt "), expected.getMessage());
              }
            });
  }
}
