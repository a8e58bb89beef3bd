package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bitfield.Bitmap;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The value type: encodings as Redis 7.0.15's tryObjectEncoding gives them (each row probed with
 * {@code SET k <value>; OBJECT ENCODING k} on redis-server 7.0.15), sharing, equality, ownership,
 * and a seeded model test of in-place edits against a byte array.
 */
class RedisStringTest {
  @ParameterizedTest
  @CsvSource({
    "0, int",
    "-1, int",
    "9223372036854775807, int",
    "-9223372036854775808, int",
    "9223372036854775808, embstr",
    "01, embstr",
    "-0, embstr",
    "+1, embstr",
    "1.0, embstr",
    "12345678901234567890, embstr",
    "abc, embstr",
    "'', embstr",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, embstr",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, raw"
  })
  void encodingAsSetStoresIt(String value, String encoding) {
    byte[] b = value.getBytes(StandardCharsets.ISO_8859_1);
    RedisString s = RedisString.copyOf(b);
    assertEquals(encoding, s.encoding().redisName());
    assertArrayEquals(b, s.toByteArray());
    assertEquals(b.length, s.length());
    assertEquals(s, RedisString.wrap(b.clone()));
    s.checkInvariants();
  }

  @Test
  void smallIntegersAreShared() {
    assertSame(RedisString.ofLong(9999), RedisString.copyOf("9999".getBytes()));
    assertTrue(RedisString.ofLong(0).isSharedInteger());
    assertFalse(RedisString.ofLong(10000).isSharedInteger());
    assertFalse(RedisString.ofLong(-1).isSharedInteger());
    assertFalse(RedisString.copyOf("abc".getBytes()).isSharedInteger());
  }

  @Test
  void equalityIsOverTheBytes() {
    RedisString asInt = RedisString.ofLong(123);
    RedisString asEmbstr = RedisString.embstrOrRaw("123".getBytes());
    RedisString asRaw = RedisString.raw("123xx".getBytes(), 3);
    assertEquals(asInt, asEmbstr);
    assertEquals(asEmbstr, asRaw);
    assertEquals(asInt.hashCode(), asRaw.hashCode());
    assertEquals("RedisString{raw, 3 bytes: 123}", asRaw.toString());
  }

  @Test
  void copiesAreFresh() {
    byte[] b = "hello".getBytes();
    RedisString s = RedisString.copyOf(b);
    b[0] = 'j';
    assertArrayEquals("hello".getBytes(), s.toByteArray());
    assertNotSame(s.toByteArray(), s.toByteArray());
  }

  /**
   * Seeded model test: random appends, range writes, bit writes and reads through the bitmap view,
   * against a plain byte array. Replay with -Dredstruct.seed.
   */
  @Test
  void rawEditsMatchAByteArrayModel() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    Random rnd = new Random(seed);
    RedisString.Raw s = RedisString.raw(new byte[0], 0);
    byte[] model = new byte[0];
    for (int step = 0; step < 5000; step++) {
      int op = rnd.nextInt(4);
      if (op == 0) {
        byte[] a = new byte[rnd.nextInt(20)];
        rnd.nextBytes(a);
        s.append(a);
        byte[] m = java.util.Arrays.copyOf(model, model.length + a.length);
        System.arraycopy(a, 0, m, model.length, a.length);
        model = m;
      } else if (op == 1) {
        int off = rnd.nextInt(model.length + 30);
        byte[] v = new byte[1 + rnd.nextInt(10)];
        rnd.nextBytes(v);
        s.setRange(off, v);
        model = java.util.Arrays.copyOf(model, Math.max(model.length, off + v.length));
        System.arraycopy(v, 0, model, off, v.length);
      } else if (op == 2) {
        long bit = rnd.nextInt(model.length * 8 + 40);
        boolean on = rnd.nextBoolean();
        Bitmap bm = s.bitmap();
        bm.setBit(bit, on);
        int i = (int) (bit >>> 3);
        model = java.util.Arrays.copyOf(model, Math.max(model.length, i + 1));
        int mask = 0x80 >>> (bit & 7);
        model[i] = (byte) (on ? model[i] | mask : model[i] & ~mask);
      } else {
        assertEquals(model.length, s.length(), "seed " + seed);
      }
      s.checkInvariants();
      assertArrayEquals(model, s.toByteArray(), "seed " + seed + ", step " + step);
    }
  }
}
