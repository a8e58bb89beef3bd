package dev.redstruct.dict;

import dev.redstruct.core.Bytes;

/**
 * SipHash with Redis's reduced rounds: SipHash-1-2 (one compression round per 8-byte word, two
 * finalization rounds), 64-bit output. Redis: {@code siphash}, src/siphash.c (7.0.15).
 *
 * <p>The key is two little-endian 64-bit halves {@code k0, k1} (bytes 0..7 and 8..15 of Redis's
 * 16-byte seed). Message words are read little-endian; the last word carries the 0..7 trailing
 * bytes and the input length modulo 256 in its top byte.
 */
/* Implementation notes
 *
 * The round is written out by hand in every place it is needed instead of being a method because
 * Java cannot return the four state words without allocating; the JIT keeps v0..v3 in registers.
 *
 * hashUtf8 feeds the UTF-8 encoding of a String through the same state machine without building a
 * byte[]: hashUtf8(s) == hash(s.getBytes(UTF_8)) for every String, including unpaired surrogates,
 * which String.getBytes replaces with '?'. Tests check that equality.
 *
 * The generic hash(c, d, ...) exists only so tests can run the standard SipHash-2-4 reference
 * vectors that src/siphash.c embeds (they are for 2-4, as its own comment warns).
 */
final class SipHash {
  private static final long C0 = 0x736f6d6570736575L;
  private static final long C1 = 0x646f72616e646f6dL;
  private static final long C2 = 0x6c7967656e657261L;
  private static final long C3 = 0x7465646279746573L;

  private SipHash() {}

  /** SipHash-1-2 of {@code in[off, off+len)}. */
  static long hash(long k0, long k1, byte[] in, int off, int len) {
    long v0 = C0 ^ k0, v1 = C1 ^ k1, v2 = C2 ^ k0, v3 = C3 ^ k1;
    int end = off + (len & ~7);
    int i = off;
    for (; i < end; i += 8) {
      long m = Bytes.getLongLE(in, i);
      v3 ^= m;
      // one SIPROUND
      v0 += v1;
      v1 = Long.rotateLeft(v1, 13) ^ v0;
      v0 = Long.rotateLeft(v0, 32);
      v2 += v3;
      v3 = Long.rotateLeft(v3, 16) ^ v2;
      v0 += v3;
      v3 = Long.rotateLeft(v3, 21) ^ v0;
      v2 += v1;
      v1 = Long.rotateLeft(v1, 17) ^ v2;
      v2 = Long.rotateLeft(v2, 32);
      v0 ^= m;
    }
    long b = ((long) len) << 56;
    int tail = len & 7;
    if (tail != 0 && len >= 8) {
      // The tail is the top bytes of the last eight: one load instead of a byte loop.
      b |= Bytes.getLongLE(in, off + len - 8) >>> (64 - 8 * tail);
    } else {
      for (int j = 0; j < tail; j++) {
        b |= (in[i + j] & 0xFFL) << (8 * j);
      }
    }
    return finish(v0, v1, v2, v3, b);
  }

  /** SipHash-1-2 of the UTF-8 bytes of {@code s}, without encoding it into an array. */
  static long hashUtf8(long k0, long k1, String s) {
    long v0 = C0 ^ k0, v1 = C1 ^ k1, v2 = C2 ^ k0, v3 = C3 ^ k1;
    long m = 0;
    int shift = 0;
    long total = 0;
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (shift == 0 && i + 8 > n) {
        long w = asciiWord(s, i, n - i);
        if (w >= 0) { // an ASCII tail on a word boundary: it is the last partial word
          m = w;
          total += n - i;
          break;
        }
      }
      if (shift == 0 && i + 8 <= n) {
        long w = asciiWord(s, i, 8);
        if (w >= 0) { // eight ASCII chars on a word boundary: one compression, no byte loop
          total += 8;
          i += 7;
          v3 ^= w;
          v0 += v1;
          v1 = Long.rotateLeft(v1, 13) ^ v0;
          v0 = Long.rotateLeft(v0, 32);
          v2 += v3;
          v3 = Long.rotateLeft(v3, 16) ^ v2;
          v0 += v3;
          v3 = Long.rotateLeft(v3, 21) ^ v0;
          v2 += v1;
          v1 = Long.rotateLeft(v1, 17) ^ v2;
          v2 = Long.rotateLeft(v2, 32);
          v0 ^= w;
          continue;
        }
      }
      int c = s.charAt(i);
      int enc; // up to 4 UTF-8 bytes, first byte lowest
      int cnt;
      if (c < 0x80) {
        enc = c;
        cnt = 1;
      } else if (c < 0x800) {
        enc = (0xC0 | (c >>> 6)) | ((0x80 | (c & 0x3F)) << 8);
        cnt = 2;
      } else if (Character.isSurrogate((char) c)) {
        int cp = surrogatePair(s, i);
        if (cp < 0) {
          enc = '?';
          cnt = 1;
        } else {
          i++;
          enc =
              (0xF0 | (cp >>> 18))
                  | ((0x80 | ((cp >>> 12) & 0x3F)) << 8)
                  | ((0x80 | ((cp >>> 6) & 0x3F)) << 16)
                  | ((0x80 | (cp & 0x3F)) << 24);
          cnt = 4;
        }
      } else {
        enc =
            (0xE0 | (c >>> 12)) | ((0x80 | ((c >>> 6) & 0x3F)) << 8) | ((0x80 | (c & 0x3F)) << 16);
        cnt = 3;
      }
      total += cnt;
      for (int j = 0; j < cnt; j++, enc >>>= 8) {
        m |= (enc & 0xFFL) << shift;
        shift += 8;
        if (shift == 64) {
          v3 ^= m;
          v0 += v1;
          v1 = Long.rotateLeft(v1, 13) ^ v0;
          v0 = Long.rotateLeft(v0, 32);
          v2 += v3;
          v3 = Long.rotateLeft(v3, 16) ^ v2;
          v0 += v3;
          v3 = Long.rotateLeft(v3, 21) ^ v0;
          v2 += v1;
          v1 = Long.rotateLeft(v1, 17) ^ v2;
          v2 = Long.rotateLeft(v2, 32);
          v0 ^= m;
          m = 0;
          shift = 0;
        }
      }
    }
    return finish(v0, v1, v2, v3, m | (total << 56));
  }

  /** Chars i..i+len-1 (len &lt;= 8) as a little-endian word if all are ASCII, else -1. */
  private static long asciiWord(String s, int i, int len) {
    long w = 0;
    int any = 0;
    for (int j = 0; j < len; j++) {
      int c = s.charAt(i + j);
      any |= c;
      w |= (long) c << (8 * j);
    }
    return (any & 0xFF80) == 0 ? w : -1;
  }

  /** Code point of the valid surrogate pair starting at {@code i}, or -1 if unpaired. */
  private static int surrogatePair(String s, int i) {
    char hi = s.charAt(i);
    if (Character.isHighSurrogate(hi) && i + 1 < s.length()) {
      char lo = s.charAt(i + 1);
      if (Character.isLowSurrogate(lo)) {
        return Character.toCodePoint(hi, lo);
      }
    }
    return -1;
  }

  /** Last word (one round), then the two finalization rounds. */
  private static long finish(long v0, long v1, long v2, long v3, long b) {
    v3 ^= b;
    v0 += v1;
    v1 = Long.rotateLeft(v1, 13) ^ v0;
    v0 = Long.rotateLeft(v0, 32);
    v2 += v3;
    v3 = Long.rotateLeft(v3, 16) ^ v2;
    v0 += v3;
    v3 = Long.rotateLeft(v3, 21) ^ v0;
    v2 += v1;
    v1 = Long.rotateLeft(v1, 17) ^ v2;
    v2 = Long.rotateLeft(v2, 32);
    v0 ^= b;
    v2 ^= 0xff;
    for (int r = 0; r < 2; r++) {
      v0 += v1;
      v1 = Long.rotateLeft(v1, 13) ^ v0;
      v0 = Long.rotateLeft(v0, 32);
      v2 += v3;
      v3 = Long.rotateLeft(v3, 16) ^ v2;
      v0 += v3;
      v3 = Long.rotateLeft(v3, 21) ^ v0;
      v2 += v1;
      v1 = Long.rotateLeft(v1, 17) ^ v2;
      v2 = Long.rotateLeft(v2, 32);
    }
    return v0 ^ v1 ^ v2 ^ v3;
  }

  /**
   * SipHash-c-d with any round counts; slow, for tests and key derivation only (the standard 2-4
   * reference vectors).
   */
  static long hash(int c, int d, long k0, long k1, byte[] in) {
    long[] v = {C0 ^ k0, C1 ^ k1, C2 ^ k0, C3 ^ k1};
    int len = in.length;
    int end = len & ~7;
    for (int i = 0; i < end; i += 8) {
      long m = Bytes.getLongLE(in, i);
      v[3] ^= m;
      rounds(v, c);
      v[0] ^= m;
    }
    long b = ((long) len) << 56;
    for (int j = 0; end + j < len; j++) {
      b |= (in[end + j] & 0xFFL) << (8 * j);
    }
    v[3] ^= b;
    rounds(v, c);
    v[0] ^= b;
    v[2] ^= 0xff;
    rounds(v, d);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
  }

  /**
   * {@link #hash(int, int, long, long, byte[])} of one 8-byte message, the little-endian bytes of
   * {@code m}: the same value without a byte array or {@code Bytes}' VarHandles (whose set-up a
   * cold JVM pays ~4 ms for; deriving a new dict's key is all an empty server does with SipHash).
   */
  static long hashWord(int c, int d, long k0, long k1, long m) {
    long[] v = {C0 ^ k0, C1 ^ k1, C2 ^ k0, C3 ^ k1};
    v[3] ^= m;
    rounds(v, c);
    v[0] ^= m;
    long b = 8L << 56;
    v[3] ^= b;
    rounds(v, c);
    v[0] ^= b;
    v[2] ^= 0xff;
    rounds(v, d);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
  }

  private static void rounds(long[] v, int n) {
    for (int r = 0; r < n; r++) {
      v[0] += v[1];
      v[1] = Long.rotateLeft(v[1], 13) ^ v[0];
      v[0] = Long.rotateLeft(v[0], 32);
      v[2] += v[3];
      v[3] = Long.rotateLeft(v[3], 16) ^ v[2];
      v[0] += v[3];
      v[3] = Long.rotateLeft(v[3], 21) ^ v[0];
      v[2] += v[1];
      v[1] = Long.rotateLeft(v[1], 17) ^ v[2];
      v[2] = Long.rotateLeft(v[2], 32);
    }
  }
}
