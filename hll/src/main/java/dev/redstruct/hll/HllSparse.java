package dev.redstruct.hll;

import static dev.redstruct.hll.HllLayout.HDR_SIZE;
import static dev.redstruct.hll.HllLayout.REGISTERS;

/**
 * The sparse encoding: a run-length sequence of opcodes after the 16-byte header.
 *
 * <pre>
 *   ZERO   00xxxxxx            run of (x + 1) zero registers, 1..64
 *   XZERO  01xxxxxx yyyyyyyy   run of (x * 256 + y + 1) zero registers, 1..16384
 *   VAL    1vvvvvxx            run of (x + 1) registers, 1..4, each holding (v + 1), 1..32
 * </pre>
 *
 * <p>Opcodes carry no register numbers: a register's position is the sum of the runs before it, and
 * the runs of a well-formed body add up to exactly 16384.
 *
 * <p>Worked example (Redis 7.0.15: {@code PFADD k a b c}, {@code GET k}): the body is {@code 60 F3
 * 80 50 B1 84 4B FB 80 42 5A}, that is XZERO:8436 VAL:1,1 XZERO:4274 VAL:2,1 XZERO:3068 VAL:1,1
 * ZERO:603 (PFDEBUG DECODE prints {@code Z:8436 v:1,1 Z:4274 v:2,1 Z:3068 v:1,1 z:603}). The empty
 * sketch is the single XZERO:16384, {@code 7F FF}. Both are checked by {@code HyperLogLogTest}.
 */
final class HllSparse {
  /* Implementation notes.
   * Redis: hllSparseSet, hllSparseToDense, hllSparseRegHisto and the sparse branch of hllMerge,
   * src/hyperloglog.c (7.0.15). set() edits the bytes exactly as hllSparseSet does (same split, same
   * 5-opcode merge window starting at the previous opcode, same promotion test on the whole string
   * length including the header), because the bytes are the contract: Redis never canonicalises a
   * sparse body, so any other edit order would drift from the server's bytes.
   *
   * The walkers here trust their input: HyperLogLog validates every foreign byte[] with validate()
   * before keeping it (Redis instead checks lazily, at PFCOUNT/PFMERGE/PFADD time). validate() keeps
   * a long register counter and stops as soon as it passes 16384, which rules out the int overflow
   * of CVE-2025-32023 (a long chain of XZERO opcodes wrapping Redis's int counter).
   *
   * Notation: s = the string (header included), p = offset of an opcode, end = string length,
   * first = first register covered by the opcode at p, span = its run.
   */

  private HllSparse() {}

  static final String FORMAT = "hyperloglog";

  static final int VAL_MAX_VALUE = 32;
  static final int VAL_MAX_LEN = 4;
  static final int ZERO_MAX_LEN = 64;
  static final int XZERO_MAX_LEN = 16384;

  static boolean isZero(int b) {
    return (b & 0xC0) == 0;
  }

  static boolean isXZero(int b) {
    return (b & 0xC0) == 0x40;
  }

  static boolean isVal(int b) {
    return (b & 0x80) != 0;
  }

  static int valValue(int b) {
    return ((b >>> 2) & 0x1F) + 1;
  }

  static int valLen(int b) {
    return (b & 3) + 1;
  }

  static byte val(int value, int len) {
    return (byte) (0x80 | ((value - 1) << 2) | (len - 1));
  }

  /** The run of the opcode at {@code p} (reads the second byte of an XZERO). */
  static int span(byte[] s, int p) {
    int b = s[p] & 0xFF;
    if (isZero(b)) {
      return (b & 0x3F) + 1;
    } else if (isVal(b)) {
      return (b & 3) + 1;
    }
    return (((b & 0x3F) << 8) | (s[p + 1] & 0xFF)) + 1;
  }

  static int opLength(byte[] s, int p) {
    return isXZero(s[p] & 0xFF) ? 2 : 1;
  }

  /** Writes the empty body, one XZERO:16384. Redis: createHLLObject. */
  static int writeEmpty(byte[] s) {
    s[HDR_SIZE] = (byte) (0x40 | ((XZERO_MAX_LEN - 1) >>> 8));
    s[HDR_SIZE + 1] = (byte) ((XZERO_MAX_LEN - 1) & 0xFF);
    return HDR_SIZE + 2;
  }

  /**
   * Deep check of a sparse body: complete opcodes whose runs add up to exactly 16384. Redis does
   * the same sum in hllSparseRegHisto / hllMerge, reporting {@code INVALIDOBJ}.
   */
  static void validate(byte[] s, int end) {
    long idx = 0;
    int p = HDR_SIZE;
    while (p < end) {
      int b = s[p] & 0xFF;
      if (isXZero(b) && p + 1 >= end) {
        throw HyperLogLog.corrupted(s, p, "XZERO opcode cut off by the end of the string");
      }
      idx += span(s, p);
      if (idx > REGISTERS) {
        throw HyperLogLog.corrupted(s, p, "opcode runs past register " + (REGISTERS - 1));
      }
      p += opLength(s, p);
    }
    if (idx != REGISTERS) {
      throw HyperLogLog.corrupted(
          s, end, "opcodes cover " + idx + " registers, expected " + REGISTERS);
    }
  }

  /** Value of one register. */
  static int get(byte[] s, int end, int index) {
    int first = 0;
    for (int p = HDR_SIZE; p < end; p += opLength(s, p)) {
      int span = span(s, p);
      if (index < first + span) {
        int b = s[p] & 0xFF;
        return isVal(b) ? valValue(b) : 0;
      }
      first += span;
    }
    throw new AssertionError("sparse body does not cover register " + index);
  }

  /** Adds the registers to a 64-slot histogram. Redis: hllSparseRegHisto. */
  static void histo(byte[] s, int end, int[] histo) {
    for (int p = HDR_SIZE; p < end; ) {
      int b = s[p] & 0xFF;
      if (isVal(b)) {
        histo[valValue(b)] += valLen(b);
        p++;
      } else {
        histo[0] += span(s, p);
        p += opLength(s, p);
      }
    }
  }

  /** Raises {@code max[i]} to each register's value. Redis: hllMerge (sparse branch). */
  static void maxInto(byte[] s, int end, byte[] max) {
    int i = 0;
    for (int p = HDR_SIZE; p < end; ) {
      int b = s[p] & 0xFF;
      if (isVal(b)) {
        int v = valValue(b);
        for (int n = valLen(b); n > 0; n--, i++) {
          if (v > max[i]) {
            max[i] = (byte) v;
          }
        }
        p++;
      } else {
        i += span(s, p);
        p += opLength(s, p);
      }
    }
    assert i == REGISTERS;
  }

  /**
   * Raises each register of the dense string {@code d} to this sparse body's value for it. Redis:
   * hllMerge (sparse branch) followed by hllDenseSet, which only raises.
   */
  static void raiseDense(byte[] s, int end, byte[] d) {
    int i = 0;
    for (int p = HDR_SIZE; p < end; ) {
      int b = s[p] & 0xFF;
      if (isVal(b)) {
        int v = valValue(b);
        for (int n = valLen(b); n > 0; n--, i++) {
          if (v > HllLayout.denseGet(d, HDR_SIZE, i)) {
            HllLayout.denseSet(d, HDR_SIZE, i, v);
          }
        }
        p++;
      } else {
        i += span(s, p);
        p += opLength(s, p);
      }
    }
    assert i == REGISTERS;
  }

  /**
   * Returns the dense string for a sparse one: header copied (cache and unused bytes included),
   * encoding set to dense. Redis: hllSparseToDense.
   */
  static byte[] toDense(byte[] s, int end) {
    byte[] d = new byte[HllLayout.DENSE_SIZE];
    System.arraycopy(s, 0, d, 0, HDR_SIZE);
    d[HllLayout.ENCODING_OFFSET] = HllLayout.DENSE;
    int idx = 0;
    for (int p = HDR_SIZE; p < end; ) {
      int b = s[p] & 0xFF;
      if (isVal(b)) {
        int v = valValue(b);
        for (int n = valLen(b); n > 0; n--) {
          HllLayout.denseSet(d, HDR_SIZE, idx++, v);
        }
        p++;
      } else {
        idx += span(s, p);
        p += opLength(s, p);
      }
    }
    assert idx == REGISTERS;
    return d;
  }

  /**
   * Raises register {@code index} to {@code count} if it is lower, editing the opcodes in place, or
   * promotes {@code h} to dense. Returns whether the register changed. Redis: hllSparseSet.
   */
  static boolean set(HyperLogLog h, int index, int count) {
    if (count > VAL_MAX_VALUE) {
      return promote(h, index, count);
    }
    byte[] s = h.buf;
    int end = h.len;
    // Step 1: find the opcode covering index, and the one before it.
    int p = HDR_SIZE;
    int prev = -1;
    int first = 0;
    int span = 0;
    while (p < end) {
      span = span(s, p);
      if (index <= first + span - 1) {
        break;
      }
      prev = p;
      p += opLength(s, p);
      first += span;
    }
    if (span == 0 || p >= end) {
      throw new AssertionError("sparse body does not cover register " + index);
    }
    int b = s[p] & 0xFF;
    if (isVal(b)) {
      if (valValue(b) >= count) {
        return false; // Case A: nothing to do.
      }
      if (valLen(b) == 1) {
        s[p] = val(count, 1); // Case B: a VAL covering only this register.
        mergeAdjacent(h, prev);
        return true;
      }
    } else if (isZero(b) && span == 1) {
      s[p] = val(count, 1); // Case C: a ZERO covering only this register.
      mergeAdjacent(h, prev);
      return true;
    }
    return split(h, p, prev, first, span, index, count);
  }

  /** Case D of hllSparseSet: replaces the opcode at p by up to three opcodes (at most 5 bytes). */
  private static boolean split(
      HyperLogLog h, int p, int prev, int first, int span, int index, int count) {
    byte[] s = h.buf;
    int b = s[p] & 0xFF;
    boolean zero = !isVal(b);
    int last = first + span - 1;
    int leftLen = index - first;
    int rightLen = last - index;
    int seqLen = pieceLength(zero, leftLen) + 1 + pieceLength(zero, rightLen);
    int oldLen = isXZero(b) ? 2 : 1;
    int delta = seqLen - oldLen;
    if (delta > 0 && (long) h.len + delta > h.sparseMaxBytes) {
      return promote(h, index, count);
    }
    int next = p + oldLen;
    if (delta != 0) {
      if (delta > 0) {
        h.ensureCapacity(h.len + delta);
        s = h.buf;
      }
      if (next < h.len) {
        System.arraycopy(s, next, s, next + delta, h.len - next);
      }
      h.len += delta;
    }
    int curVal = zero ? 0 : valValue(b);
    int n = writePiece(s, p, zero, curVal, leftLen);
    s[n++] = val(count, 1);
    writePiece(s, n, zero, curVal, rightLen);
    mergeAdjacent(h, prev);
    return true;
  }

  private static int pieceLength(boolean zero, int len) {
    if (len == 0) {
      return 0;
    }
    return zero && len > ZERO_MAX_LEN ? 2 : 1;
  }

  /**
   * Writes a run of {@code len} registers (zero or {@code value}) at n; returns the next offset.
   */
  private static int writePiece(byte[] s, int n, boolean zero, int value, int len) {
    if (len == 0) {
      return n;
    }
    if (!zero) {
      s[n] = val(value, len);
      return n + 1;
    }
    if (len > ZERO_MAX_LEN) {
      s[n] = (byte) (0x40 | ((len - 1) >>> 8));
      s[n + 1] = (byte) ((len - 1) & 0xFF);
      return n + 2;
    }
    s[n] = (byte) (len - 1);
    return n + 1;
  }

  /**
   * Step 4 of hllSparseSet: scanning at most 5 opcodes from {@code prev} (or the first), joins two
   * adjacent VALs of equal value whose runs fit in one VAL. Also marks the cache stale.
   */
  private static void mergeAdjacent(HyperLogLog h, int prev) {
    byte[] s = h.buf;
    int end = h.len;
    int p = prev >= 0 ? prev : HDR_SIZE;
    int scan = 5;
    while (p < end && scan-- > 0) {
      int b = s[p] & 0xFF;
      if (isXZero(b)) {
        p += 2;
        continue;
      } else if (isZero(b)) {
        p++;
        continue;
      }
      if (p + 1 < end && isVal(s[p + 1] & 0xFF)) {
        int b1 = s[p + 1] & 0xFF;
        int v = valValue(b);
        int len = valLen(b) + valLen(b1);
        if (v == valValue(b1) && len <= VAL_MAX_LEN) {
          s[p + 1] = val(v, len);
          System.arraycopy(s, p + 1, s, p, end - p - 1);
          end--;
          continue; // Try again with the opcode now at p and its new right neighbour.
        }
      }
      p++;
    }
    h.len = end;
    HllLayout.invalidateCache(s);
  }

  /** The promote label of hllSparseSet: convert, then set the register in the dense form. */
  private static boolean promote(HyperLogLog h, int index, int count) {
    h.buf = toDense(h.buf, h.len);
    h.len = HllLayout.DENSE_SIZE;
    assert HllLayout.denseGet(h.buf, HDR_SIZE, index) < count;
    HllLayout.denseSet(h.buf, HDR_SIZE, index, count);
    return true;
  }
}
