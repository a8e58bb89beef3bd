package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.BIG_PREVLEN;
import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.IMM_MIN;
import static dev.redstruct.ziplist.ZipListLayout.INT_16B;
import static dev.redstruct.ziplist.ZipListLayout.INT_24B;
import static dev.redstruct.ziplist.ZipListLayout.INT_32B;
import static dev.redstruct.ziplist.ZipListLayout.INT_64B;
import static dev.redstruct.ziplist.ZipListLayout.INT_8B;
import static dev.redstruct.ziplist.ZipListLayout.STR_14B;
import static dev.redstruct.ziplist.ZipListLayout.STR_32B;
import static dev.redstruct.ziplist.ZipListLayout.STR_MASK;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ConcurrentModificationException;

/**
 * The forward walk behind {@link ZipList#forEachEntry}: Redis's {@code ziplistNext} loop, with the
 * entry decode written out inline so that a walk over a trusted list is one tight loop.
 */
final class ZipListWalk {
  /*
   * Implementation notes.
   *
   * A forward walk is a chain of dependent loads: the next entry's offset is known only once this
   * entry's prevlen size and encoding are decoded. The trusted loop keeps that chain off the
   * critical path by turning data dependences into predicted branches, which the CPU runs ahead
   * of:
   *
   * - Prevlen size: one compare on the first byte, written as a rarely taken branch that also
   *   holds the end test (a 5-byte prevlen is rare), so that the JIT keeps it a branch.
   * - 6-bit strings (the common small entry): `last` holds the length of the previous one, and an
   *   entry whose length byte equals it takes a branch where the next offset is h + 1 + last, a
   *   register, instead of h + 1 + b, the byte just loaded. Lists of like-sized strings (keys,
   *   ids) hit it on nearly every string; a miss costs one compare. Without it each string put a
   *   load (4-5 cycles) on the chain. Measured at n=128 (JMH, best of 10 iterations, two runs
   *   alternating with the previous loop): 3.9-4.0 walks/us against 3.6, ArrayList 8.0-8.7; at
   *   n=129 3.8 against 3.3-3.6; n=8 and n=512 unchanged; the bare walk (no-op consumer,
   *   scratch copy) 6.3 against 4.3.
   * - Integers: a switch on the encoding byte whose every case sets a constant size, so once
   *   predicted the next offset is h + constant. The earlier arithmetic size (branch-free) put a
   *   compare, a shift and a select on the chain of every integer: 1.8 walks/us against 2.9-3.1.
   *   Mispredictions remain when integer widths vary at random (the benchmark's 0..999 mixes
   *   INT_8B and INT_16B); with every integer INT_16B the walk gains only 4%, so they are not
   *   where the time goes.
   *
   * Two trusted loops share these ideas. forEachPadded runs when the array holds READ_PAD (3)
   * bytes past zlbytes, which every array ZipList allocates does (ZipList.paddedLength: create,
   * resize, copyOf, trimToSize, merge); forEachTrusted, the byte-wise loop described further down,
   * is the fallback for an array that could not be padded (a blob within 3 bytes of the largest
   * array, beyond the 1 GiB cap of lists ZipList builds), and tests walk it directly. The padded
   * loop:
   * - reads each entry's first 4 bytes with one little-endian int load (a byte-array view
   *   VarHandle; the pad makes the load legal at the 0xFF byte and at a 2-byte last entry):
   *   prevlen byte, encoding byte, and the whole content of INT_16B and INT_8B entries, so the
   *   common entries cost one load and one bounds check instead of two to four of each;
   * - compares the first two bytes with the guessed 6-bit string header in one range test
   *   (h - guess in [0, 254): prevlen byte below 0xFE and encoding byte == the guessed length),
   *   then with INT_16B's (h - 0xC000 in [0, 254)); only other entries extract the bytes and
   *   branch on them (5-byte prevlen, the end, a new string length, INT_8B, then rareEntry);
   * - is unrolled by two with one guess per parity (guessA, guessB, and skipA, skipB = 2 + the
   *   length, so a guessed string advances by one add): lists of pairs (hash fields and values,
   *   zset members and scores) alternate two kinds, and each half keeps its own guess; the
   *   safepoint poll is paid once per pair;
   * - runs to the 0xFF byte, tested off the guessed paths, so no counter and no per-entry exit
   *   compare.
   * Measured, step by step (JMH, benchmark data; `-f 1 -wi 3 -w 1s -r 1s -i 6` on scratch copies
   * of the loops in one run, or `java -cp benchmarks.jar org.openjdk.jmh.Main
   * 'ZipListIterateBenchmark.iterate_(arrayList|redstruct)$' -f 1 -wi 4 -w 1s -r 300ms -i 10 -p
   * n=128,129` on the old and the new jar alternated twice; walks/us, best iteration):
   * 1. int load, unrolled, parity guesses (scratch, n=128/129/512): 4.67/4.79/1.11 against the
   *    byte-wise loop's 3.6/3.4/0.92, ArrayList<String> 8.18/8.52/1.72.
   * 2. zl passed as a parameter: list.array() kept both the compressed and the decoded reference
   *    live and C2 spilled one of them on every entry; no spill left in the hot path.
   * 3. INT_16B tested before an unguessed short string, skip kept per parity (real walk, n=128/
   *    129): 4.71/4.69 to 4.83/4.91.
   * 4. the two range tests on the first two bytes: 4.78-4.82/4.82-4.87 to 4.90-4.94/5.09-5.11.
   * Result, `java -jar benchmarks.jar --full --include
   * 'ZipListIterateBenchmark.iterate_(redstruct|arrayList)$' --no-sections`, three consecutive
   * runs, ratio to ArrayList<String> at n=8/128/129/512: 0.56-0.70, 0.56-0.60, 0.57-0.58,
   * 0.67-0.68 (before: 0.70, 0.47, 0.44, 0.52). Under load from another build one size can drop to
   * 0.40-0.50 in a run; the lowest quiet run is the one to quote.
   * What lost, same methods:
   * - An explicit per-entry check (p <= length - 4, byte-wise read of the last entries) instead
   *   of the pad: 4.0-4.35 against 4.67-4.74 (still above the byte-wise loop): the compare and
   *   the extra live register it needs.
   * - Not unrolled: 2.6 (C2's code for that shape was poor; not pursued); one guess shared by
   *   both halves: 4.44 against 4.67; unrolled by four: 4.25 against 4.55.
   * - Branch-free INT_8B/INT_16B from the int (size and value by cmov): 3.3 against 4.2; the
   *   encoding byte is back on the offset chain, which costs more than the INT_8B mispredictions
   *   (about 8 per 128-entry walk) it removes.
   * - One guess per parity that may be a string or INT_16B, with a branch on the guess's kind
   *   after the range test: 3.3 against 4.4; C2 hoisted the integer's digit count above that
   *   branch and spilled. The fixed INT_16B test of step 4 has no such branch.
   * - Tail duplication (the second entry of a pair decoded once after each path of the first), so
   *   that C2 forwards the consumer's sum field from the first store to the second load: it does
   *   (one load per pair), but 2.2-2.6 against 3.4-3.6: the pair code is twice as large. Loads of
   *   a heap field across a merge of stores are not forwarded by C2 (only for non-escaping
   *   objects), so each entry's callback reloads what the previous one stored.
   * - The byte-wise loop as an uncounted loop (end byte in the rare branch): 3.8-3.9 against
   *   3.4-3.6 counted; its strip-mined counted form spills 2 registers per entry, the padded one
   *   needs no counter at all.
   * How the code was read: -XX:CompileCommand=print with the MachCode hex disassembled by objdump
   * (Debian's libhsdis0-fcml does not load into JDK 17: it lacks decode_instructions_virtual).
   * After step 2, a pair of the benchmark's entries (a 10-byte string, an INT_16B) ran about 57
   * instructions, 17 of them the consumer's digit count and about 6 its sum field load, add and
   * store; steps 3 and 4 drop a compare per INT_16B, an add per guessed string and the byte
   * extraction on both guessed paths. ZipListCursor.next uses the same int load for its end
   * test and header (next()+length(): 0.24 to 0.30-0.33 of ArrayList at n=128/129, quick runs).
   *
   * The byte-wise loop is counted by the header's zllen (exact below 65535 entries: I3's deep
   * check compares it with the entry count) rather than run until the 0xFF end byte: a counted int
   * loop lets C2 drop the per-entry safepoint poll and the loop exit no longer waits on the byte
   * load (3.4 walks/us against 3.1). An overflowed zllen (0xFFFF) falls back to the end byte,
   * which the rare branch still tests. Offsets, not objects, carry the state; nothing is written to
   * the heap per entry.
   *
   * Earlier findings, on the byte-wise loop (still the fallback):
   *
   * Where the time went (scratch copies of the loop, n=128, same run): the benchmark's
   * consumer, whose RedisNumbers.stringLength per integer entry costs a quarter of the walk (4.9
   * walks/us when it sums the raw value instead, 3.7 with stringLength), and the decode's
   * instruction count. The walk is no longer latency-bound, which is why the following lost:
   * - Two chains (forward from the head, backward from zltail via prevlen, both in one loop;
   *   the backward half's offsets kept in a scratch int[] and delivered after the chains meet):
   *   3.2-3.3 walks/us against 3.6-3.8 for the one predicted chain at n=128, 0.82 against 0.95
   *   at n=512 (without prediction too: 3.0-3.2 against 3.5). The backward chain (load prevlen,
   *   subtract) cannot be predicted and becomes the critical path, and the second pass stores,
   *   reloads and decodes again what the forward walk decodes once.
   * - Branch-free size and value for INT_8B/INT_16B (no mispredictions, the encoding byte back
   *   on the chain): 2.3 against 3.8. Unrolled by two: 2.8. Reading the prevlen and encoding
   *   bytes as one little-endian short, or INT_16B content as one: no gain measurable on the
   *   shared machine in this loop (an int load did win once the array is padded and the loop
   *   unrolled: the padded loop above). Testing INT_16B with one compare before the switch: 3.8
   *   against 4.0 (C2's lowering of the switch already serves the hot case well).
   * Also checked earlier and found costless or worse (do not retry): the layout-version check per
   * entry (C2 hoists it), a branch-free digit count in stringLength (C2 already selects without a
   * branch), one shared path for 8- and 16-bit integers, merging the two byte loads' bounds
   * checks. PrintInlining shows every call in the C2-compiled walk inlined.
   *
   * Trusted lists (built by ZipList or deep-validated) skip bounds checks beyond the JVM's own;
   * wrapped lists go through ZipList.decodeAt, which turns any lie into CorruptEncodingException.
   *
   * Invariant: the walk visits exactly the entries ziplistNext visits, in order; checked by
   * ZipListWalkPropertiesTest against the cursor walk and the pushed values.
   */

  private ZipListWalk() {}

  /**
   * Bytes a trusted array keeps after zlbytes so that the padded walk may read 4 bytes at any entry
   * start, the 0xFF byte included. ZipList's own allocations keep them (see {@link
   * ZipList#paddedLength}); an array without them takes the byte-wise loop.
   */
  static final int READ_PAD = 3;

  /** An INT_16B entry's first two bytes, less its prevlen byte: {@code 0xC000}. */
  private static final int INT_16B_HEADER = INT_16B << 8;

  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /** Redis: the {@code ziplistNext} loop of {@code src/ziplist.c}, trusted or bounds-checked. */
  static void forEach(ZipList list, ZipListEntryConsumer action) {
    byte[] zl = list.array();
    if (!list.trusted()) {
      forEachChecked(list, action);
    } else if (padded(zl)) {
      forEachPadded(list, zl, action);
    } else {
      forEachTrusted(list, action);
    }
  }

  /** The 4 bytes at {@code p}, little endian; for padded arrays (see {@link #padded}). */
  static int intAt(byte[] zl, int p) {
    return (int) INT_LE.get(zl, p);
  }

  /** Whether a trusted array has {@link #READ_PAD} bytes after zlbytes. */
  static boolean padded(byte[] zl) {
    return zl.length - ZipListLayout.zlbytesInt(zl) >= READ_PAD;
  }

  /**
   * The trusted walk over a padded array: one little-endian int load per entry gives the prevlen
   * byte, the encoding byte and, for INT_8B and INT_16B entries, the value. The first two bytes are
   * compared at once (one range test: prevlen byte below 0xFE and encoding byte as guessed) with
   * the guessed 6-bit string header, then with INT_16B's; anything else is decoded byte by byte.
   * Unrolled by two, with one string guess per parity (see the notes); ends at the 0xFF byte,
   * tested only off the guessed paths. Past 60 lines because both halves must stay in one loop body
   * for C2.
   */
  private static void forEachPadded(ZipList list, byte[] zl, ZipListEntryConsumer action) {
    // zl is a parameter, not list.array(): C2 then keeps one register for it, not two (the
    // compressed reference as well as the address), and spills nothing in the loop
    int version = list.layoutVersion;
    int p = HEADER_SIZE;
    int guessA = 0x10000; // the last 6-bit string length at an even position, shifted left 8
    int guessB = 0x10000; // ... at an odd position; 0x10000 matches no header
    int skipA = 1; // 2 + that length, the whole entry
    int skipB = 1;
    int x;
    int h;
    while (true) {
      x = (int) INT_LE.get(zl, p);
      h = x & 0xFFFF; // prevlen byte | encoding byte << 8
      if (h - guessA >= 0 && h - guessA < BIG_PREVLEN) { // small prevlen, guessed encoding
        p += skipA;
        action.string(zl, p - skipA + 2, skipA - 2);
      } else if (h - INT_16B_HEADER >= 0 && h - INT_16B_HEADER < BIG_PREVLEN) {
        p += 4;
        action.integer(x >> 16);
      } else {
        int b = (x >>> 8) & 0xFF;
        if ((x & 0xFF) >= BIG_PREVLEN) { // rare: a 5-byte prevlen or the end
          if ((x & 0xFF) == END) {
            return;
          }
          p = rareEntry(zl, p, action);
        } else if (b < STR_14B) {
          p += 2 + b;
          guessA = b << 8;
          skipA = 2 + b;
          action.string(zl, p - b, b);
        } else if (b == INT_8B) {
          p += 3;
          action.integer((x << 8) >> 24);
        } else {
          p = rareEntry(zl, p, action);
        }
      }
      if (list.layoutVersion != version) {
        throw new ConcurrentModificationException("ziplist changed during forEachEntry");
      }
      x = (int) INT_LE.get(zl, p);
      h = x & 0xFFFF; // prevlen byte | encoding byte << 8
      if (h - guessB >= 0 && h - guessB < BIG_PREVLEN) {
        p += skipB;
        action.string(zl, p - skipB + 2, skipB - 2);
      } else if (h - INT_16B_HEADER >= 0 && h - INT_16B_HEADER < BIG_PREVLEN) {
        p += 4;
        action.integer(x >> 16);
      } else {
        int b = (x >>> 8) & 0xFF;
        if ((x & 0xFF) >= BIG_PREVLEN) { // rare: a 5-byte prevlen or the end
          if ((x & 0xFF) == END) {
            return;
          }
          p = rareEntry(zl, p, action);
        } else if (b < STR_14B) {
          p += 2 + b;
          guessB = b << 8;
          skipB = 2 + b;
          action.string(zl, p - b, b);
        } else if (b == INT_8B) {
          p += 3;
          action.integer((x << 8) >> 24);
        } else {
          p = rareEntry(zl, p, action);
        }
      }
      if (list.layoutVersion != version) {
        throw new ConcurrentModificationException("ziplist changed during forEachEntry");
      }
    }
  }

  /**
   * Delivers the entry at {@code p} that the padded walk's fast cases do not cover (a 5-byte
   * prevlen, an immediate, a 24/32/64-bit integer, a 14/32-bit string) and returns the next offset.
   */
  private static int rareEntry(byte[] zl, int p, ZipListEntryConsumer action) {
    int h = (zl[p] & 0xFF) >= BIG_PREVLEN ? p + 5 : p + 1;
    int b = zl[h] & 0xFF;
    if (b < STR_14B) {
      action.string(zl, h + 1, b);
      return h + 1 + b;
    }
    return integerOrLongString(zl, h, b, action);
  }

  /** The byte-wise trusted loop: the fallback of {@link #forEach}; tests call it directly. */
  static void forEachTrusted(ZipList list, ZipListEntryConsumer action) {
    byte[] zl = list.array();
    int version = list.layoutVersion;
    int p = HEADER_SIZE;
    int n = ZipListLayout.zllen(zl);
    if (n == ZipListLayout.UNKNOWN_LENGTH) {
      n = Integer.MAX_VALUE;
    }
    int last = -1; // the last 6-bit string's length: a predicted guess, see the notes
    for (int i = 0; i < n; i++) {
      int h = p + 1;
      int b0 = zl[p] & 0xFF;
      if (b0 >= BIG_PREVLEN) { // rare, and kept a branch: see the notes
        if (b0 == END) { // reached only when zllen overflowed
          return;
        }
        h = p + 5;
      }
      int b = zl[h] & 0xFF;
      if (b == last) { // the next offset adds a register, not the byte just loaded
        p = h + 1 + last;
        action.string(zl, h + 1, last);
      } else if (b < STR_14B) {
        p = h + 1 + b;
        last = b;
        action.string(zl, h + 1, b);
      } else {
        p = integerOrLongString(zl, h, b, action);
      }
      if (list.layoutVersion != version) {
        throw new ConcurrentModificationException("ziplist changed during forEachEntry");
      }
    }
  }

  /**
   * Delivers the integer or 14/32-bit string entry whose encoding byte {@code b} is at {@code h}
   * and returns the next entry's offset. One predicted branch per encoding gives both the value and
   * a constant size, so the walk's next load waits for no arithmetic on {@code b} (see the notes);
   * Redis: {@code zipIntSize} and {@code zipLoadInteger} fused.
   */
  private static int integerOrLongString(byte[] zl, int h, int b, ZipListEntryConsumer action) {
    int c = h + 1;
    long v;
    int next;
    switch (b) {
      case INT_16B:
        v = (short) ((zl[c] & 0xFF) | zl[c + 1] << 8);
        next = c + 2;
        break;
      case INT_8B:
        v = zl[c];
        next = c + 1;
        break;
      case INT_24B:
        v = (zl[c] & 0xFF) | (zl[c + 1] & 0xFF) << 8 | zl[c + 2] << 16;
        next = c + 3;
        break;
      case INT_32B:
        v = ZipListLayout.readInt(zl, c, INT_32B);
        next = c + 4;
        break;
      case INT_64B:
        v = ZipListLayout.readInt(zl, c, INT_64B);
        next = c + 8;
        break;
      default:
        if (b >= IMM_MIN) { // trusted bytes: 0xF1..0xFD, the immediates
          v = (b & 0x0F) - 1;
          next = c;
          break;
        }
        int len = (int) ZipListLayout.readStringLength(zl, h, b & STR_MASK);
        int off = h + (b < STR_32B ? 2 : 5);
        action.string(zl, off, len);
        return off + len;
    }
    action.integer(v);
    return next;
  }

  private static void forEachChecked(ZipList list, ZipListEntryConsumer action) {
    byte[] zl = list.array();
    int version = list.layoutVersion;
    ZipListEntry e = new ZipListEntry(); // wrapped lists only; small and short-lived
    int p = HEADER_SIZE;
    while ((zl[p] & 0xFF) != END) { // p < zlbytes: decodeSafe checked the entry before it
      list.decodeAt(e, p, true);
      p += e.rawLength();
      if (e.isString()) {
        action.string(zl, e.contentOffset(), (int) e.len);
      } else {
        action.integer(e.intValue(zl));
      }
      if (list.layoutVersion != version) {
        throw new ConcurrentModificationException("ziplist changed during forEachEntry");
      }
    }
  }
}
