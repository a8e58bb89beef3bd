package dev.redstruct.hll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The byte layout of a Redis HyperLogLog string value: constants, the header fields, and the dense
 * 6-bit register packing.
 *
 * <pre>
 *   offset  0      4     5         8                        16
 *          +------+-----+---------+------------------------+---------------------------+
 *          | HYLL | enc | unused  | cached cardinality     | registers                 |
 *          |      | 0/1 | 3 bytes | 8 bytes little-endian, | dense: 12288 bytes        |
 *          |      |     |         | bit 7 of byte 15 =     | sparse: opcodes, variable |
 *          |      |     |         | "cache is stale"       |                           |
 *          +------+-----+---------+------------------------+---------------------------+
 * </pre>
 *
 * <p>Dense body: 16384 registers of 6 bits, packed from the least significant bit of each byte
 * upwards and spilling into the next byte, so every 3 bytes hold 4 registers:
 *
 * <pre>
 *   byte   b0         b1         b2
 *   bits   11000000   22221111   33333322     (digit = register number within the group)
 * </pre>
 *
 * <p>Worked example (Redis 7.0.15: {@code PFADD k a b c}, {@code PFDEBUG TODENSE k}, {@code GET
 * k}): registers 8436=1, 12711=2 and 15780=1 give body byte 6327 = {@code 01}, byte 9533 = {@code
 * 08} and byte 11835 = {@code 01}; every other body byte is {@code 00}. This is checked by {@code
 * HyperLogLogTest}.
 */
final class HllLayout {
  /* Implementation notes.
   * Mirrors the constants and macros at the top of src/hyperloglog.c (Redis 7.0.15): struct hllhdr,
   * HLL_DENSE_GET_REGISTER / HLL_DENSE_SET_REGISTER, HLL_INVALIDATE_CACHE / HLL_VALID_CACHE.
   * Redis reads byte k+1 for every register and relies on the sds NUL terminator for the last one;
   * we branch on the bit shift instead (a shift of 0 or 2 keeps the register inside byte k), so a
   * dense array is exactly 12304 bytes and nothing is read past it.
   */

  private HllLayout() {}

  /** log2 of the register count. */
  static final int P = 14;

  /** Hash bits left after the index: the zero run is counted in these (Q + 1 = 51 at most). */
  static final int Q = 64 - P;

  static final int REGISTERS = 1 << P;
  static final int P_MASK = REGISTERS - 1;
  static final int BITS = 6;
  static final int REGISTER_MAX = (1 << BITS) - 1;

  static final int HDR_SIZE = 16;
  static final int DENSE_BODY = (REGISTERS * BITS + 7) / 8;
  static final int DENSE_SIZE = HDR_SIZE + DENSE_BODY;

  static final int ENCODING_OFFSET = 4;
  static final int CARD_OFFSET = 8;
  static final int CARD_FLAG_BYTE = 15;

  static final byte DENSE = 0;
  static final byte SPARSE = 1;
  static final int MAX_ENCODING = 1;

  /** {@code hll-sparse-max-bytes} default, src/config.c. */
  static final long DEFAULT_SPARSE_MAX_BYTES = 3000;

  static boolean hasMagic(byte[] s) {
    return s[0] == 'H' && s[1] == 'Y' && s[2] == 'L' && s[3] == 'L';
  }

  static void writeMagic(byte[] s) {
    s[0] = 'H';
    s[1] = 'Y';
    s[2] = 'L';
    s[3] = 'L';
  }

  /** Redis: HLL_VALID_CACHE. */
  static boolean isCacheValid(byte[] s) {
    return (s[CARD_FLAG_BYTE] & 0x80) == 0;
  }

  /** Redis: HLL_INVALIDATE_CACHE. Only the flag bit changes; the stale value stays. */
  static void invalidateCache(byte[] s) {
    s[CARD_FLAG_BYTE] |= (byte) 0x80;
  }

  static long readCard(byte[] s) {
    long v = 0;
    for (int i = 7; i >= 0; i--) {
      v = (v << 8) | (s[CARD_OFFSET + i] & 0xFF);
    }
    return v;
  }

  /**
   * Writes all 8 bytes, which also clears the stale flag, except for {@link HllEstimator#OVERFLOW}:
   * its top bit is the flag, so an overflowed count stays stale, as in Redis.
   */
  static void writeCard(byte[] s, long card) {
    for (int i = 0; i < 8; i++) {
      s[CARD_OFFSET + i] = (byte) (card >>> (8 * i));
    }
  }

  /** Redis: HLL_DENSE_GET_REGISTER. {@code base} is the offset of the first body byte. */
  static int denseGet(byte[] s, int base, int index) {
    int bit = index * BITS;
    int k = base + (bit >>> 3);
    switch (bit & 7) {
      case 0:
        return s[k] & REGISTER_MAX;
      case 2:
        return (s[k] & 0xFF) >>> 2;
      case 4:
        return (((s[k] & 0xFF) >>> 4) | (s[k + 1] << 4)) & REGISTER_MAX;
      default:
        return (((s[k] & 0xFF) >>> 6) | (s[k + 1] << 2)) & REGISTER_MAX;
    }
  }

  /**
   * {@link #denseGet} without the branch on the bit shift, for the add paths: the register is read
   * from a 16-bit window of bytes k and k + 1 (Redis's HLL_DENSE_GET_REGISTER reads the same two
   * bytes). The one register whose window would pass the end, the last one, has shift 2 and lies
   * inside byte k, so the second read is clamped to the last byte and its bits are shifted out. The
   * random shift of a random register made the switch mispredict on about half the adds
   * (HyperLogLogAddBenchmark).
   */
  static int denseGetBranchless(byte[] s, int base, int index) {
    int bit = index * BITS;
    int k = base + (bit >>> 3);
    int hi = s[Math.min(k + 1, s.length - 1)] & 0xFF;
    return (((s[k] & 0xFF) | (hi << 8)) >>> (bit & 7)) & REGISTER_MAX;
  }

  /** Redis: HLL_DENSE_SET_REGISTER. {@code value} must be in 0..63. */
  static void denseSet(byte[] s, int base, int index, int value) {
    int bit = index * BITS;
    int k = base + (bit >>> 3);
    int shift = bit & 7;
    s[k] = (byte) ((s[k] & ~(REGISTER_MAX << shift)) | (value << shift));
    if (shift > 2) {
      int spill = 8 - shift;
      s[k + 1] = (byte) ((s[k + 1] & ~(REGISTER_MAX >>> spill)) | (value >>> spill));
    }
  }

  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  /** The 48 bits of the 6-byte group at {@code k}: 8 registers, register j in bits 6j..6j+5. */
  private static long group(byte[] s, int k) {
    return ((int) INT_LE.get(s, k) & 0xFFFFFFFFL)
        | (((short) SHORT_LE.get(s, k + 4) & 0xFFFFL) << 32);
  }

  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  /**
   * Unpacks all dense registers into {@code max}, keeping the larger value per register. Redis:
   * hllMerge (dense branch), src/hyperloglog.c. This loop is the whole cost of merging dense
   * sketches, so it works on 8 registers at a time: the 48-bit group is spread into 8 byte lanes
   * and the byte-wise maximum is taken with one subtraction (every lane is below 64, so {@code (a |
   * 0x80) - b} never borrows across lanes and its bit 7 says whether a &gt;= b).
   */
  static void denseMaxInto(byte[] s, byte[] max) {
    int k = HDR_SIZE;
    for (int r = 0; r < REGISTERS; r += 8, k += 6) {
      long b = spread(group(s, k));
      long a = (long) LONG_LE.get(max, r);
      long aGreaterOrEqual = ((((a | HIGH_BITS) - b) & HIGH_BITS) >>> 7) * 0xFF;
      LONG_LE.set(max, r, (a & aGreaterOrEqual) | (b & ~aGreaterOrEqual));
    }
  }

  /** Lane 7..0 top bits of a 48-bit group: bit 6j + 5 for register j. */
  private static final long LANE_TOP = 0x820820820820L;

  /**
   * Raises every dense register of {@code d} to the maximum of itself and the same register of four
   * dense sketches (pass a sketch again to merge fewer; {@code d} may be one of them). Redis:
   * hllMerge's dense branch followed by hllDenseSet, which only raises. The maximum is taken on the
   * packed registers, 8 at a time in each 48-bit group, with no unpacking and no scratch array;
   * four sources per pass read and write the destination's group once per four. Sources are read 8
   * bytes at a time at the group's offset (the 2 bytes above the group only add bits above bit 47,
   * which no lane below sees, and are never written); the last group, whose 8 bytes would pass the
   * end, is read as 6. The five groups are combined as a tree (two source pairs, then the
   * destination), so each group's chain is three maxima deep instead of four: 3.25 to 3.65 merges
   * of 100 per ms (HyperLogLogMergeBenchmark, same run).
   */
  static void denseMaxPacked(byte[] d, byte[] s0, byte[] s1, byte[] s2, byte[] s3) {
    int last = DENSE_SIZE - 6;
    for (int k = HDR_SIZE; k < last; k += 6) {
      long x = max6((long) LONG_LE.get(s0, k), (long) LONG_LE.get(s1, k));
      long y = max6((long) LONG_LE.get(s2, k), (long) LONG_LE.get(s3, k));
      putGroup(d, k, max6(group(d, k), max6(x, y)));
    }
    long m = group(d, last);
    m = max6(max6(m, group(s0, last)), group(s1, last));
    m = max6(max6(m, group(s2, last)), group(s3, last));
    putGroup(d, last, m);
  }

  /**
   * The lane-wise maximum of eight packed 6-bit registers (bits 0..47; bits above are don't-care).
   * Without a spare bit per lane: (a | top) - (b &amp; ~top) compares the low 5 bits of each lane
   * without borrowing across lanes (its top bit says a's low bits &gt;= b's), and the top bits of a
   * and b decide where they differ.
   */
  static long max6(long a, long b) {
    long low = (a | LANE_TOP) - (b & ~LANE_TOP);
    long diff = a ^ b;
    long aGreaterOrEqual = ((a & ~b) | (low & ~diff)) & LANE_TOP;
    long mask = (aGreaterOrEqual >>> 5) * REGISTER_MAX;
    return b ^ (diff & mask);
  }

  private static void putGroup(byte[] s, int k, long g) {
    INT_LE.set(s, k, (int) g);
    SHORT_LE.set(s, k + 4, (short) (g >>> 32));
  }

  /** Moves the eight 6-bit fields of a 48-bit group into the low 6 bits of eight byte lanes. */
  static long spread(long w) {
    long x = (w & 0xFFFFFFL) | ((w & 0xFFFFFF000000L) << 8);
    x = (x & 0x00000FFF00000FFFL) | ((x & 0x00FFF00000FFF000L) << 4);
    return (x & 0x003F003F003F003FL) | ((x & 0x0FC00FC00FC00FC0L) << 2);
  }

  /**
   * Adds the dense registers to a 64-slot histogram. Redis: hllDenseRegHisto. Each 6-byte group is
   * read as one 8-byte word (the last one as 6 bytes, the word would pass the end). Two interleaved
   * histograms, {@code histo[0..64)} and {@code histo[64..128)} (summed into the first at the end),
   * break the store-to-load chain when neighbouring registers hold the same value (the common case:
   * most registers sit within a few values of log2(n/m)).
   *
   * @param histo 128 slots, the first 64 receive the counts
   */
  static void denseHisto(byte[] s, int[] histo) {
    int last = DENSE_SIZE - 6;
    for (int k = HDR_SIZE; k < last; k += 6) {
      histoGroup((long) LONG_LE.get(s, k), histo);
    }
    histoGroup(group(s, last), histo);
    for (int i = 0; i < 64; i++) {
      histo[i] += histo[64 + i];
    }
  }

  private static void histoGroup(long w, int[] histo) {
    histo[(int) w & 63]++;
    histo[64 + ((int) (w >>> 6) & 63)]++;
    histo[(int) (w >>> 12) & 63]++;
    histo[64 + ((int) (w >>> 18) & 63)]++;
    histo[(int) (w >>> 24) & 63]++;
    histo[64 + ((int) (w >>> 30) & 63)]++;
    histo[(int) (w >>> 36) & 63]++;
    histo[64 + ((int) (w >>> 42) & 63)]++;
  }
}
