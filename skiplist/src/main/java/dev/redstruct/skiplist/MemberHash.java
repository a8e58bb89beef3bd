package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.dict.Hasher;

/**
 * The keyed 64-bit hash of a skiplist set's members ({@link MemberTable}): a multiply-fold hash of
 * the wyhash family (Wang Yi's wyhash, whose descendant rapidhash keeps its shape) reading 8 bytes
 * at a time, under a random key of each table's own. Written here from the family's published
 * description, not from its code: each 16 bytes of input are folded into the state by one 64 x 64
 * to 128-bit multiply of (word XOR secret) by (word XOR state), whose high and low halves are
 * XORed; a member of up to 16 bytes is two overlapping reads and two multiplies in all.
 *
 * <p>Not a cryptographic PRF as SipHash is (Redis's choice): its resistance to chosen collisions
 * rests on the secret key (an attacker who does not know it cannot aim the multiplies at zero), and
 * where it fails anyway {@link MemberTable} bounds the damage as {@code java.util.HashMap} does: a
 * bucket chain past a bound is indexed in member order, so colliding members cost O(log n). The key
 * comes from the dict module's per-hasher SipHash key (a process secret from SecureRandom and a
 * counter): four SipHash outputs under a fresh key, so no two tables share one.
 */
class MemberHash {
  /* Implementation notes
   *
   * fold(a, b) is the family's "mum": the 128-bit product of a and b with its halves XORed. Java 17
   * has no unsigned multiplyHigh (Java 18 adds it), so the high half is the signed one: a
   * different, equally mixing function (the fold of a product), one intrinsic instruction.
   *
   * Layout of the reads, by length (p = the member, n = its length):
   *   n == 0: a = b = 0
   *   n < 4:  a = p[0], p[n/2], p[n-1] as three bytes; b = 0
   *   n <= 16: a = two 4-byte reads from the front (at 0 and at 4 * (n / 8)), b = two from the back
   *           (at n-4 and n-4 - 4 * (n / 8)): every byte is read at least once
   *   n <= 32: fold(front 16 bytes) and fold(back 16 bytes), independent, then one fold of the
   *           two with the length (returns early: two multiplies deep)
   *   n > 32: 16 bytes at a time folded into the state (three independent lanes for each 48 when
   *           n > 48), then a = the 8 bytes at n-16, b = the last 8
   * then fold(a ^ s1, b ^ state) once more with the length, as the family finishes.
   */

  private final long seed;
  private final long s0;
  private final long s1;
  private final long s2;

  /** A hasher with a fresh random key. */
  MemberHash() {
    Hasher<byte[]> sip = Hasher.sipHashBytes(); // a fresh random SipHash key
    this.s0 = sip.hash(new byte[] {0}) | 1;
    this.s1 = sip.hash(new byte[] {1}) | 1;
    this.s2 = sip.hash(new byte[] {2}) | 1;
    this.seed = fold(sip.hash(new byte[] {3}) ^ s0, s1);
  }

  /** A hasher with the given key (tests: a fixed key gives fixed hashes). */
  MemberHash(long k0, long k1, long k2, long k3) {
    this.s0 = k0 | 1;
    this.s1 = k1 | 1;
    this.s2 = k2 | 1;
    this.seed = fold(k3 ^ s0, s1);
  }

  /** The 128-bit product of {@code a} and {@code b}, its two halves XORed. */
  static long fold(long a, long b) {
    return a * b ^ Math.multiplyHigh(a, b);
  }

  /**
   * The keyed hash of {@code member}. Tests override it to force collisions.
   *
   * @param member the member bytes
   * @return the 64-bit hash; the table uses its low bits
   */
  long hash(byte[] member) {
    int n = member.length;
    long a;
    long b;
    long state = seed;
    if (n <= 16) {
      if (n >= 4) {
        int q = (n >>> 3) << 2;
        a = (long) Bytes.getIntLE(member, 0) << 32 | (Bytes.getIntLE(member, q) & 0xffffffffL);
        b =
            (long) Bytes.getIntLE(member, n - 4) << 32
                | (Bytes.getIntLE(member, n - 4 - q) & 0xffffffffL);
      } else if (n > 0) {
        a = (member[0] & 0xffL) << 16 | (member[n >>> 1] & 0xffL) << 8 | (member[n - 1] & 0xffL);
        b = 0;
      } else {
        a = 0;
        b = 0;
      }
    } else if (n <= 32) {
      // Two independent folds (the front 16 bytes and the back 16, overlapping below 32) and the
      // final one: two multiplies deep where the loop below is three.
      long x = fold(Bytes.getLongLE(member, 0) ^ s0, Bytes.getLongLE(member, 8) ^ state);
      long y = fold(Bytes.getLongLE(member, n - 16) ^ s1, Bytes.getLongLE(member, n - 8) ^ s2);
      return fold(x ^ s2 ^ n, y ^ s1);
    } else {
      int i = 0;
      if (n > 48) {
        long lane1 = state;
        long lane2 = state;
        do {
          state = fold(Bytes.getLongLE(member, i) ^ s0, Bytes.getLongLE(member, i + 8) ^ state);
          lane1 =
              fold(Bytes.getLongLE(member, i + 16) ^ s1, Bytes.getLongLE(member, i + 24) ^ lane1);
          lane2 =
              fold(Bytes.getLongLE(member, i + 32) ^ s2, Bytes.getLongLE(member, i + 40) ^ lane2);
          i += 48;
        } while (n - i > 48);
        state ^= lane1 ^ lane2;
      }
      while (n - i > 16) {
        state = fold(Bytes.getLongLE(member, i) ^ s0, Bytes.getLongLE(member, i + 8) ^ state);
        i += 16;
      }
      a = Bytes.getLongLE(member, n - 16);
      b = Bytes.getLongLE(member, n - 8);
    }
    a ^= s0;
    b ^= state;
    long lo = a * b;
    long hi = Math.multiplyHigh(a, b);
    return fold(lo ^ s2 ^ n, hi ^ s1);
  }
}
