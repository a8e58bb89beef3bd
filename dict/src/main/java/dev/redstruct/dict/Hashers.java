package dev.redstruct.dict;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/** The built-in {@link Hasher}s and their per-instance key derivation. */
/* Implementation notes
 *
 * Redis draws one 16-byte seed per process (getRandomBytes at startup, dictSetHashFunctionSeed).
 * Here every hasher gets its own key, so two dicts never share bucket placement. Drawing 16 bytes
 * from SecureRandom per dict would make creating small dicts slow, so the process draws one
 * 128-bit secret from SecureRandom once and derives each key as SipHash-2-4(secret, counter) for
 * two counter values: unpredictable to anyone who does not know the secret, and cheap.
 */
final class Hashers {
  private Hashers() {}

  /** Fibonacci multiplier (2^64 / golden ratio); odd, so the multiply is a bijection. */
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  static final Hasher<Object> MIXED_HASH_CODE =
      new Hasher<>() {
        @Override
        public long hash(Object key) {
          return mix(key.hashCode());
        }

        @Override
        public String toString() {
          return "Hasher.mixedHashCode()";
        }
      };

  /**
   * Spreads a 32-bit hashCode over 64 bits. The multiply moves entropy only upwards, so the high
   * half is folded back into the low bits the bucket index uses.
   */
  static long mix(int hashCode) {
    long h = hashCode * GOLDEN;
    return h ^ (h >>> 29);
  }

  private static final class Secret {
    static final long K0;
    static final long K1;
    static final AtomicLong COUNTER = new AtomicLong();

    static {
      byte[] seed = seedBytes();
      long k0 = 0;
      long k1 = 0;
      for (int i = 0; i < 8; i++) {
        k0 = k0 << 8 | (seed[i] & 0xff);
        k1 = k1 << 8 | (seed[8 + i] & 0xff);
      }
      K0 = k0;
      K1 = k1;
    }

    /**
     * 16 bytes from /dev/urandom, as Redis's getRandomBytes reads them; SecureRandom where there is
     * no such file. Not SecureRandom first: its provider set-up costs a cold JVM ~30 ms, and the
     * first dict is created when a server starts.
     */
    private static byte[] seedBytes() {
      byte[] b = new byte[16];
      try (java.io.InputStream in = new java.io.FileInputStream("/dev/urandom")) {
        if (in.readNBytes(b, 0, 16) == 16) {
          return b;
        }
      } catch (java.io.IOException | SecurityException e) {
        // no /dev/urandom: fall through
      }
      new SecureRandom().nextBytes(b);
      return b;
    }
  }

  static long[] newKey() {
    long c = Secret.COUNTER.getAndAdd(2);
    return new long[] {derive(c), derive(c + 1)};
  }

  /** SipHash-2-4 of the counter's 8 little-endian bytes under the process's secret. */
  private static long derive(long counter) {
    return SipHash.hashWord(2, 4, Secret.K0, Secret.K1, counter);
  }

  static final class SipUtf8 implements Hasher<String> {
    final long k0;
    final long k1;

    SipUtf8(long k0, long k1) {
      this.k0 = k0;
      this.k1 = k1;
    }

    @Override
    public long hash(String key) {
      return SipHash.hashUtf8(k0, k1, key);
    }

    @Override
    public String toString() {
      return "Hasher.sipHashUtf8()";
    }
  }

  static final class SipBytes implements Hasher<byte[]> {
    final long k0;
    final long k1;

    SipBytes(long k0, long k1) {
      this.k0 = k0;
      this.k1 = k1;
    }

    @Override
    public long hash(byte[] key) {
      return SipHash.hash(k0, k1, key, 0, key.length);
    }

    @Override
    public boolean equivalent(byte[] a, byte[] b) {
      return Arrays.equals(a, b);
    }

    @Override
    public String toString() {
      return "Hasher.sipHashBytes()";
    }
  }
}
