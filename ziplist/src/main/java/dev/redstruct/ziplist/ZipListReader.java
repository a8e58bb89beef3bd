package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListFormat.BIG_PREVLEN;
import static dev.redstruct.ziplist.ZipListFormat.END;
import static dev.redstruct.ziplist.ZipListFormat.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListFormat.IMM_MIN;
import static dev.redstruct.ziplist.ZipListFormat.INT_16B;
import static dev.redstruct.ziplist.ZipListFormat.INT_24B;
import static dev.redstruct.ziplist.ZipListFormat.INT_32B;
import static dev.redstruct.ziplist.ZipListFormat.INT_64B;
import static dev.redstruct.ziplist.ZipListFormat.INT_8B;
import static dev.redstruct.ziplist.ZipListFormat.STR_14B;
import static dev.redstruct.ziplist.ZipListFormat.STR_32B;
import static dev.redstruct.ziplist.ZipListFormat.STR_MASK;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipListFormat.Entry;

/**
 * Reading a ziplist: the forward walk behind {@code forEachEntry} and the position visit (Redis's
 * {@code ziplistNext} loop), the walk to an index ({@code ziplistIndex}), the entry count ({@code
 * ziplistLen}) and the search ({@code ziplistFind}). Every method reads the bytes it is given and
 * nothing else; entries are decoded by {@link ZipListFormat.Entry}, trusted or bounds-checked as
 * the caller says, so corrupt bytes can only raise {@code CorruptEncodingException}.
 */
final class ZipListReader {
  /*
   * Implementation notes.
   *
   * A forward walk is a chain of dependent loads: the next entry's offset is known only once this
   * entry's prevlen size and encoding are decoded. The decoders keep that chain short by turning
   * data dependences into predicted branches: the prevlen size is one rarely taken compare; a 6-bit
   * string whose length equals the last one's advances by a register (Entry's guess); an integer's
   * size comes from a switch of constants. The walks do not check for changes: ZipList refuses
   * every change while one of its walks runs (ConcurrentModificationException, nothing changed),
   * so the bytes a walk holds cannot move under it.
   *
   * forEachPadded is the one walk written out for speed, and the only copy of the decode outside
   * Entry: on a padded trusted array it reads each entry's first 4 bytes with one int load, tests
   * the two common headers (a guessed 6-bit string, INT_16B) with one range compare each, and is
   * unrolled by two with one guess per parity (lists of pairs alternate two kinds). Its
   * measurements and the variants that lost are in benchmarks/NOTES.md (ziplist); every other
   * walk, the fallback for an unpadded or wrapped array included, is the one loop over Entry.
   *
   * Invariant: every walk visits exactly the entries ziplistNext visits, in order; checked by
   * ZipListWalkPropertiesTest and ZipListWalkAdversarialTest against the cursor and a model.
   */

  private ZipListReader() {}

  /** An INT_16B entry's first two bytes, less its prevlen byte: {@code 0xC000}. */
  private static final int INT_16B_HEADER = INT_16B << 8;

  /** Redis: the {@code ziplistNext} loop of {@code src/ziplist.c}, delivering every entry. */
  static void forEach(byte[] zl, boolean trusted, ZipListEntryConsumer action) {
    if (trusted && ZipListFormat.padded(zl)) {
      forEachPadded(zl, action);
    } else {
      forEachDecoded(zl, trusted, action);
    }
  }

  /** The walk over {@link Entry}: unpadded or wrapped arrays; tests call it directly. */
  static void forEachDecoded(byte[] zl, boolean trusted, ZipListEntryConsumer action) {
    Entry e = new Entry();
    int size = ZipListFormat.zlbytesInt(zl);
    // p < zlbytes: the decode checked that the entry before it ends before the last byte
    for (int p = HEADER_SIZE; (zl[p] & 0xFF) != END; p = e.next()) {
      ZipListFormat.decode(e, zl, size, p, trusted);
      if (e.isString()) {
        action.string(zl, e.contentOffset(), (int) e.len);
      } else {
        action.integer(e.intValue(zl));
      }
    }
  }

  /**
   * The walk from the entry at offset {@code p} (or the end byte) that hands out position tokens
   * ({@code tag | offset}) and stops when the visitor says so. Redis: the {@code ziplistNext} loop
   * from an entry pointer.
   *
   * @return {@code false} if the visitor ended the walk
   */
  static boolean visit(byte[] zl, boolean trusted, long tag, int p, ZipListVisitor v) {
    Entry e = new Entry();
    int size = ZipListFormat.zlbytesInt(zl);
    boolean more = true;
    while (more && (zl[p] & 0xFF) != END) {
      ZipListFormat.decode(e, zl, size, p, trusted);
      long pos = tag | p;
      p = e.next();
      if (e.isString()) {
        more = v.string(pos, zl, e.contentOffset(), (int) e.len);
      } else {
        more = v.integer(pos, e.intValue(zl));
      }
    }
    return more;
  }

  /**
   * Counts the entries by walking them (zllen saturated at 65535). Redis: {@code ziplistLen}'s slow
   * path.
   */
  static int count(byte[] zl) {
    Entry e = new Entry();
    int size = ZipListFormat.zlbytesInt(zl);
    int n = 0;
    for (int p = HEADER_SIZE; (zl[p] & 0xFF) != END; p = e.next()) {
      ZipListFormat.decodeChecked(e, zl, size, p, false);
      n++;
    }
    return n;
  }

  /**
   * Redis: {@code ziplistIndex}. Returns the offset of entry {@code index} (negative counting from
   * the tail through the prevlen fields), decoded into {@code e}, or -1 when there is none.
   */
  static int offsetOf(byte[] zl, Entry e, int index) {
    int size = ZipListFormat.zlbytesInt(zl);
    if (index < 0) {
      long back = -(long) index - 1;
      int p = ZipListFormat.tailEntryOffset(zl);
      if (p < 0) {
        return -1;
      }
      long prevlen = ZipListFormat.decodeChecked(e, zl, size, p, true).prevRawLen;
      while (prevlen > 0 && back > 0) {
        back--;
        p -= (int) prevlen;
        prevlen = ZipListFormat.decodeChecked(e, zl, size, p, true).prevRawLen;
      }
      return back > 0 ? -1 : p;
    }
    int p = HEADER_SIZE;
    while (index > 0 && (zl[p] & 0xFF) != END) {
      index--;
      p = ZipListFormat.decodeChecked(e, zl, size, p, false).next();
    }
    if ((zl[p] & 0xFF) == END || index > 0) {
      return -1;
    }
    ZipListFormat.decodeChecked(e, zl, size, p, true);
    return p;
  }

  /**
   * Redis: {@code ziplistFind}. Compares the entry at {@code p} (index {@code index}) and every
   * {@code skip + 1}-th after it with {@code v}; returns the index of the first equal one, or -1.
   * Whether the needle is an integer is worked out once, when the first integer entry is met.
   */
  static int find(byte[] zl, Entry e, int p, int index, byte[] v, int skip) {
    int size = ZipListFormat.zlbytesInt(zl);
    int skipcnt = 0;
    int needleKind = 0; // 0 unknown, 1 integer, 2 not an integer
    long needle = 0;
    while ((zl[p] & 0xFF) != END) {
      ZipListFormat.decodeChecked(e, zl, size, p, true);
      if (skipcnt == 0) {
        if (e.isString()) {
          if (e.contentEquals(zl, v, 0, v.length)) {
            return index;
          }
        } else {
          if (needleKind == 0) {
            boolean isInt = ZipListFormat.isIntegerCandidate(v, 0, v.length);
            needleKind = isInt ? 1 : 2;
            needle = isInt ? RedisNumbers.parseCanonicalLong(v, 0, v.length) : 0;
          }
          if (needleKind == 1 && e.intValue(zl) == needle) {
            return index;
          }
        }
        skipcnt = skip;
      } else {
        skipcnt--;
      }
      p = e.next();
      index++;
    }
    return -1;
  }

  /**
   * The trusted walk over a padded array: one little-endian int load per entry gives the prevlen
   * byte, the encoding byte and, for INT_8B and INT_16B entries, the value. The first two bytes are
   * compared at once (one range test: prevlen byte below 0xFE and encoding byte as guessed) with
   * the guessed 6-bit string header, then with INT_16B's; anything else is decoded byte by byte.
   * Unrolled by two, with one string guess per parity (see the notes); ends at the 0xFF byte,
   * tested only off the guessed paths. Past 60 lines because both halves must stay in one loop body
   * for C2. This loop and its second guess per parity stay only because ZipListIterateBenchmark's
   * forward-iteration goal needs them: 0.56-0.70 of ArrayList against 0.44-0.52 for the one-guess
   * byte-wise loop ({@code benchmarks/NOTES.md}, ziplist).
   */
  private static void forEachPadded(byte[] zl, ZipListEntryConsumer action) {
    int p = HEADER_SIZE;
    int guessA = 0x10000; // the last 6-bit string length at an even position, shifted left 8
    int guessB = 0x10000; // ... at an odd position; 0x10000 matches no header
    int skipA = 1; // 2 + that length, the whole entry
    int skipB = 1;
    int x;
    int h;
    while (true) {
      x = ZipListFormat.intAt(zl, p);
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
      // the first half again with guessB/skipB: the unroll by two that ZipListIterateBenchmark pays
      x = ZipListFormat.intAt(zl, p);
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
        v = ZipListFormat.readInt(zl, c, INT_32B);
        next = c + 4;
        break;
      case INT_64B:
        v = ZipListFormat.readInt(zl, c, INT_64B);
        next = c + 8;
        break;
      default:
        if (b >= IMM_MIN) { // trusted bytes: 0xF1..0xFD, the immediates
          v = (b & 0x0F) - 1;
          next = c;
          break;
        }
        int len = (int) ZipListFormat.readStringLength(zl, h, b & STR_MASK);
        int off = h + (b < STR_32B ? 2 : 5);
        action.string(zl, off, len);
        return off + len;
    }
    action.integer(v);
    return next;
  }
}
