package dev.redstruct.core.rdb;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import java.util.Arrays;
import java.util.Objects;

/**
 * LZF compression exactly as Redis 7.0.15 builds it ({@code lzf_compress} in src/lzf_c.c with the
 * settings of src/lzfP.h), and bounds-checked decompression ({@code lzf_decompress}, src/lzf_d.c).
 *
 * <p><b>Stream format.</b> A sequence of items, each led by a control byte:
 *
 * <pre>
 *   000LLLLL  &lt;L+1 bytes&gt;            literal run of 1..32 bytes
 *   LLLooooo  oooooooo              back reference, L in 1..6: copy L+2 bytes (3..8)
 *   111ooooo  LLLLLLLL  oooooooo    back reference: copy 7+L+2 bytes (9..264)
 * </pre>
 *
 * The 13-bit offset {@code o} counts back from the output position: the copy starts {@code o + 1}
 * bytes behind it (1..8192) and may overlap the bytes it produces, which is how runs are written.
 * Worked example, from Redis 7.0.15 ({@code SET k <30 times 'a'>}, {@code DUMP k}): the 30 bytes
 * compress to {@code 01 61 61 e0 11 00 01 61 61}: the literal "aa", a reference {@code e0 11 00} of
 * 7+17+2 = 26 bytes at distance 1, and the literal "aa" (checked by {@code LzfTest}).
 *
 * <p><b>Determinism.</b> The compressor is deterministic: each {@link #compress} call behaves as if
 * its hash table started empty. Redis's does not quite: it is built with {@code INIT_HTAB 0}, so
 * its 65,536-slot table is uninitialised stack memory that still holds pointers from earlier calls,
 * and a stale pointer that happens to land inside the current input, before the current position
 * and on three equal bytes is taken as a match. Redis's output then differs from ours (both are
 * valid and decompress to the same bytes). This is rare: {@code LzfRedisIT} counts it.
 *
 * <p><b>Threads and memory.</b> An instance owns a 256 KiB hash table and is not thread-safe: use
 * one per thread (or per writer). Nothing is static or shared, so two instances never interfere.
 * {@link #decompress} is static and allocation-free; untrusted input makes it throw {@link
 * CorruptEncodingException} and nothing else, and it never reads or writes outside the ranges it is
 * given.
 */
public final class Lzf {
  /*
   * Implementation notes.
   * Compressor settings, from src/lzfP.h as Redis ships it: HLOG 16 (65,536 slots), VERY_FAST 1
   * (after a match only the last two positions it covered are hashed), ULTRA_FAST 0, INIT_HTAB 0,
   * CHECK_INPUT 1 (decompressor), and slots hold pointers (LZF_USE_OFFSETS 0).
   *
   * Hash: h rolls over the input, h = (h << 8) | next byte, so its low 24 bits are the three bytes
   * at the position; the slot is ((h >> 8) - h * 5) & 0xffff in 32-bit unsigned arithmetic (IDX
   * with VERY_FAST). Only the low 24 bits of h reach the slot, so a Java int reproduces it.
   *
   * A match needs: a slot filled during this call, at a position 0 < ref < ip (position 0 can never
   * be referenced: lzf_c.c tests ref > in_data), ip - ref - 1 < 8192, and three equal bytes. The
   * length extension is Redis's: when at most 16 bytes may follow, extend up to maxlen = min(bytes
   * left - 2, 264); otherwise bytes 3..18 are compared without the maxlen test (an unrolled loop)
   * and extension continues from 19, so a match of 19 bytes is possible where maxlen is 17 or 18.
   *
   * Fresh table without clearing it: a slot stores base + position, where base grows by the input
   * length at every call; a slot below the current base was written by an earlier call and counts
   * as empty. The table is zeroed only when base would overflow, once every 2 GiB of input.
   *
   * Output capacity: the checks are Redis's, conservative ones included (a match needs op + 4 <
   * end before it is written, the tail needs 3 spare bytes), because callers pass a capacity that
   * decides whether compression "succeeds" (rdbSaveLzfStringObject passes len - 4, the quicklist
   * passes the node size), and the verdict must be Redis's.
   */

  private static final int HLOG = 16;
  private static final int HSIZE = 1 << HLOG;
  private static final int MAX_LIT = 1 << 5;
  private static final int MAX_OFF = 1 << 13;
  private static final int MAX_REF = (1 << 8) + (1 << 3);

  /** The most bytes one compressed byte can produce: a 3-byte reference copies 264 bytes. */
  public static final int MAX_EXPANSION = MAX_REF / 3;

  private static final String FORMAT = "LZF";

  // I1: every slot is either < base (empty for this call) or base + a position already visited.
  private final int[] table = new int[HSIZE];
  private int nextBase = 1;

  private Lzf() {}

  /**
   * Creates a compressor with its own hash table.
   *
   * @return a new compressor
   */
  public static Lzf create() {
    return new Lzf();
  }

  /**
   * Compresses {@code in[inOff, inOff+inLen)} into {@code out[outOff, outOff+outLen)} and returns
   * the compressed length, or 0 when the result does not fit (Redis: {@code lzf_compress}, with a
   * fresh hash table). An empty input or capacity gives 0. Bytes of the output range past the
   * returned length may be overwritten.
   *
   * @param in the input
   * @param inOff first input byte
   * @param inLen input length
   * @param out the output array
   * @param outOff first output byte
   * @param outLen output capacity, as Redis's {@code out_len}
   * @return the compressed length, or 0
   * @throws IndexOutOfBoundsException if a range is outside its array
   */
  public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    Objects.checkFromIndexSize(inOff, inLen, in.length);
    Objects.checkFromIndexSize(outOff, outLen, out.length);
    if (inLen == 0 || outLen == 0) {
      return 0;
    }
    int base = startCall(inLen) - inOff; // a slot holds base + absolute input index
    return compress(in, inOff, inOff + inLen, out, outOff, outOff + outLen, base);
  }

  /**
   * Compresses all of {@code in} as Redis's RDB writer does ({@code rdbSaveLzfStringObject}): with
   * an output capacity of {@code in.length - 4}, so the result saves at least 4 bytes.
   *
   * @param in the input
   * @return the compressed bytes, or {@code null} if Redis would store {@code in} uncompressed
   */
  public byte[] compressForRdb(byte[] in) {
    if (in.length <= 4) {
      return null;
    }
    byte[] out = new byte[in.length - 4];
    int n = compress(in, 0, in.length, out, 0, out.length);
    return n == 0 ? null : Arrays.copyOf(out, n);
  }

  private int startCall(int inLen) {
    if (nextBase > Integer.MAX_VALUE - inLen) {
      Arrays.fill(table, 0);
      nextBase = 1;
    }
    int base = nextBase;
    nextBase += inLen;
    return base;
  }

  private static int slot(int h) {
    return ((h >>> (3 * 8 - HLOG)) - h * 5) & (HSIZE - 1);
  }

  /** The main loop of lzf_compress; long because it is the hot loop, kept as one piece. */
  private int compress(byte[] in, int ip, int inEnd, byte[] out, int outOff, int outEnd, int base) {
    final int[] htab = table;
    final int fresh = base + ip; // slots below this were written by earlier calls
    final int first = ip;
    int op = outOff + 1; // reserve the header of the first literal run
    int lit = 0;
    int h = inEnd - ip >= 2 ? ((in[ip] & 0xff) << 8) | (in[ip + 1] & 0xff) : 0;
    while (ip < inEnd - 2) {
      h = (h << 8) | (in[ip + 2] & 0xff);
      int s = slot(h);
      int e = htab[s];
      htab[s] = base + ip;
      int ref = e - base;
      int off = ip - ref - 1;
      if (e >= fresh && off < MAX_OFF && ref > first && sameThree(in, ref, ip, inEnd)) {
        int maxlen = Math.min(inEnd - ip - 2, MAX_REF);
        if (op + 4 >= outEnd && op - (lit == 0 ? 1 : 0) + 4 >= outEnd) {
          return 0;
        }
        out[op - lit - 1] = (byte) (lit - 1); // close the literal run
        if (lit == 0) {
          op--; // drop the empty run's header
        }
        // lzf_c.c compares bytes 3..18 unrolled when maxlen > 16, so such a match reaches 19
        int len =
            matchLength(in, ref, ip, maxlen > 16 ? Math.max(maxlen, 19) : Math.max(maxlen, 3));
        int l = len - 2;
        if (l < 7) {
          out[op++] = (byte) ((off >>> 8) + (l << 5));
        } else {
          out[op++] = (byte) ((off >>> 8) + (7 << 5));
          out[op++] = (byte) (l - 7);
        }
        out[op++] = (byte) off;
        lit = 0;
        op++; // reserve the next run's header
        ip += len;
        if (ip >= inEnd - 2) {
          break;
        }
        ip -= 2; // VERY_FAST: hash the last two positions of the match
        h = ((in[ip] & 0xff) << 8) | (in[ip + 1] & 0xff);
        h = (h << 8) | (in[ip + 2] & 0xff);
        htab[slot(h)] = base + ip;
        ip++;
        h = (h << 8) | (in[ip + 2] & 0xff);
        htab[slot(h)] = base + ip;
        ip++;
      } else {
        if (op >= outEnd) {
          return 0;
        }
        lit++;
        out[op++] = in[ip++];
        if (lit == MAX_LIT) {
          out[op - lit - 1] = (byte) (lit - 1);
          lit = 0;
          op++;
        }
      }
    }
    if (op + 3 > outEnd) {
      return 0;
    }
    // the main loop's literal copy again, as in lzf_c.c: it moves three locals, so no helper
    while (ip < inEnd) {
      lit++;
      out[op++] = in[ip++];
      if (lit == MAX_LIT) {
        out[op - lit - 1] = (byte) (lit - 1);
        lit = 0;
        op++;
      }
    }
    out[op - lit - 1] = (byte) (lit - 1);
    if (lit == 0) {
      op--;
    }
    return op - outOff;
  }

  /** Whether the three bytes at ref and ip are equal; one int compare when 4 bytes are left. */
  private static boolean sameThree(byte[] in, int ref, int ip, int inEnd) {
    if (inEnd - ip >= 4) {
      return ((Bytes.getIntLE(in, ref) ^ Bytes.getIntLE(in, ip)) & 0xffffff) == 0;
    }
    return in[ref] == in[ip] && in[ref + 1] == in[ip + 1] && in[ref + 2] == in[ip + 2];
  }

  /**
   * The smallest k in [3, limit) with {@code in[ref+k] != in[ip+k]}, or limit: 8 bytes at a time
   * (LzfBenchmark compress). The caller guarantees {@code ip + limit <= inEnd} and ref &lt; ip.
   */
  private static int matchLength(byte[] in, int ref, int ip, int limit) {
    int k = 3;
    for (; limit - k >= 8; k += 8) {
      long x = Bytes.getLongLE(in, ref + k) ^ Bytes.getLongLE(in, ip + k);
      if (x != 0) {
        return k + (Long.numberOfTrailingZeros(x) >>> 3);
      }
    }
    while (k < limit && in[ref + k] == in[ip + k]) {
      k++;
    }
    return k;
  }

  /**
   * Decompresses {@code in[inOff, inOff+inLen)} into {@code out[outOff, outOff+outLen)} and returns
   * the number of bytes produced (Redis: {@code lzf_decompress}). Where Redis returns 0 with {@code
   * errno} set, this throws. Bytes of the output range past the returned count may be overwritten
   * (8-byte word copies), and are also undefined after a throw; nothing outside the range is.
   *
   * @param in the compressed bytes (untrusted)
   * @param inOff first compressed byte
   * @param inLen compressed length
   * @param out the output array
   * @param outOff first output byte
   * @param outLen output capacity
   * @return the number of bytes written, at most {@code outLen}
   * @throws CorruptEncodingException if an item would write past the capacity (Redis: E2BIG), reads
   *     past the input, or refers before the start of the output (EINVAL); the offset is the index
   *     in {@code in} of the item's control byte
   * @throws IndexOutOfBoundsException if a range is outside its array
   */
  public static int decompress(
      byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    Objects.checkFromIndexSize(inOff, inLen, in.length);
    Objects.checkFromIndexSize(outOff, outLen, out.length);
    int ip = inOff;
    int inEnd = inOff + inLen;
    int op = outOff;
    int outEnd = outOff + outLen;
    while (ip < inEnd) {
      int at = ip;
      int ctrl = in[ip++] & 0xff;
      if (ctrl < MAX_LIT) {
        int run = ctrl + 1;
        if (run > outEnd - op) {
          throw corrupt(in, at, "literal run of %d overflows the output", run);
        }
        if (run > inEnd - ip) {
          throw corrupt(in, at, "literal run of %d overruns the input", run);
        }
        if (outEnd - op >= run + 7 && inEnd - ip >= run + 7) {
          wordCopy(in, ip, out, op, run); // may write up to 7 bytes past the run, inside the range
        } else {
          System.arraycopy(in, ip, out, op, run);
        }
        ip += run;
        op += run;
      } else {
        int len = ctrl >>> 5;
        if (ip >= inEnd) {
          throw corrupt(in, at, "truncated back reference", 0);
        }
        if (len == 7) {
          len += in[ip++] & 0xff;
          if (ip >= inEnd) {
            throw corrupt(in, at, "truncated back reference", 0);
          }
        }
        int ref = op - ((ctrl & 0x1f) << 8) - 1 - (in[ip++] & 0xff);
        len += 2;
        if (len > outEnd - op) {
          throw corrupt(in, at, "back reference of %d overflows the output", len);
        }
        if (ref < outOff) {
          throw corrupt(in, at, "back reference before the start of the output", 0);
        }
        int distance = op - ref;
        if (distance >= 8 && outEnd - op >= len + 8) {
          wordCopy(out, ref, out, op, len); // each word is read after it was written
        } else if (distance == 1) {
          Arrays.fill(out, op, op + len, out[ref]);
        } else {
          for (int i = 0; i < len; i++) {
            out[op + i] = out[ref + i]; // overlapping: byte by byte, as lzf_d.c
          }
        }
        op += len;
      }
    }
    return op - outOff;
  }

  /**
   * Copies {@code len} bytes forward in whole 8-byte words, so up to 7 bytes past {@code to + len}
   * are written too: callers check there is room in the output range. LzfBenchmark decompress:
   * short literal runs and references dominate, where this is much faster than System.arraycopy.
   */
  private static void wordCopy(byte[] src, int from, byte[] dst, int to, int len) {
    Bytes.putLongLE(dst, to, Bytes.getLongLE(src, from));
    for (int i = 8; i < len; i += 8) {
      Bytes.putLongLE(dst, to + i, Bytes.getLongLE(src, from + i));
    }
  }

  /** Builds the exception out of line, so the decoder's loop stays small (%d: the length). */
  private static CorruptEncodingException corrupt(byte[] in, int at, String reason, int length) {
    return new CorruptEncodingException(FORMAT, at, String.format(reason, length), in);
  }
}
