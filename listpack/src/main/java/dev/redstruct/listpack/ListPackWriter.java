package dev.redstruct.listpack;

import static dev.redstruct.listpack.ListPackFormat.EOF;
import static dev.redstruct.listpack.ListPackFormat.HEADER_SIZE;
import static dev.redstruct.listpack.ListPackFormat.MAX_SAFETY_SIZE;
import static dev.redstruct.listpack.ListPackFormat.NUMELE_UNKNOWN;

import dev.redstruct.core.RedisNumbers;

/**
 * The edits of a {@link ListPack}: insert before or after, replace, delete one or a range, and
 * merge. Each computes the new size first, refuses it past {@link ListPackFormat#MAX_SAFETY_SIZE}
 * before touching anything, then moves the bytes after the point once and writes the element.
 */
final class ListPackWriter {
  /* Implementation notes.
   * Mirrors lpInsert (with its wrappers lpInsertString, lpInsertInteger, lpAppend, lpPrepend,
   * lpReplace, lpDelete), lpDeleteRangeWithEntry, lpDeleteRange and lpMerge (src/listpack.c, Redis
   * 7.0.15). Elements never depend on their neighbours, so an edit moves the tail once and never
   * cascades. Where Redis reallocates to the exact size, the array here grows by half again (as
   * ArrayList does) and keeps its slack when shrinking; only buf[0, total-bytes) is the listpack.
   * A replace by an element of the same size rewrites it in place, as Redis's memmove by 0 does.
   * The header count moves by one per inserted or deleted element unless it is 65535 (unknown).
   *
   * Detached backlens. Validation (lpValidateIntegrity) decodes a backlen from its last byte
   * backwards until a byte with bit 7 clear, so it accepts a backlen whose first byte has bit 7 set
   * when the bytes read after it (the element's own bytes, or for a tiny first element even the
   * header) contribute zero bits. Such an element's backlen depends on bytes before the element;
   * an edit that changes those bytes (an insert before it, a new total or count in the header)
   * would leave a listpack that no longer validates, on which lpPrev goes wrong (Redis asserts or
   * worse). Before each edit, detach() rewrites the backlen of the element after the edit point
   * and of the first element in its canonical form of the same width (same value, same size) when
   * its decoding reaches before the element. Only blobs that Redis's writer never produces are
   * affected; their elements read back the same. The validator's walk tells whether a loaded blob
   * has any such backlen (ListPack.LOOSE); the writers here only write canonical ones, so for every
   * other listpack detach() does nothing and the end edits below skip the general path.
   *
   * Head room. The listpack is lp.buf[base, base + total-bytes); free space may lie on both sides.
   * An edit that changes the size of the bytes at [p, q) by delta moves the shorter of the two
   * parts around it, when the edit allows it (HEAD_OR_TAIL): the head part [base, p), header
   * included, by -delta (base moves), or the tail part [q, end) by delta. So a prepend writes its
   * element in front and rewrites the header delta bytes lower, and a head delete moves the header
   * up: both ends cost O(element). The bytes of the range are Redis's either way. The offset-based
   * edits for sibling modules (TAIL_ONLY) move only the tail, as their contract says. When the
   * chosen side lacks room, relayout() either re-centres the bytes in the same array, when the free
   * space is at least delta plus half the listpack (so a re-centring buys O(listpack) more edits
   * before the next: amortised O(1) per byte), or grows the array by half again (as before) and
   * gives all the new free space to the side that ran out, the other side keeping its slack. An
   * array only ever filled at the tail keeps base 0, exactly as before head room existed.
   */

  /** Edits may move the head part (header included) instead of the tail. */
  static final boolean HEAD_OR_TAIL = true;

  /** Edits move only the tail part: offsets before the edit point stay valid. */
  static final boolean TAIL_ONLY = false;

  static final int BEFORE = 0;
  static final int AFTER = 1;
  static final int REPLACE = 2;

  private ListPackWriter() {}

  /** Refuses a listpack that would pass 1 GiB. Redis: lpSafeToAdd. */
  static void checkSafeToAdd(long currentBytes, long add) {
    if (add > 0 && currentBytes + add > MAX_SAFETY_SIZE) {
      throw new IllegalStateException(
          "listpack would grow to "
              + (currentBytes + add)
              + " bytes, past the 1 GiB limit (lpSafeToAdd); nothing was changed");
    }
  }

  /**
   * Inserts or replaces with the string {@code s[off, off + len)}, stored as an integer when
   * lpStringToInt64 accepts it. Returns the new element's offset. Redis: lpInsertString.
   */
  static int insertString(
      ListPack lp, int p, int where, byte[] s, int off, int len, boolean sides) {
    if (ListPackFormat.isIntegerString(s, off, len)) {
      long v = RedisNumbers.parseCanonicalLong(s, off, len);
      return insert(lp, p, where, null, 0, len, v, sides);
    }
    return insert(lp, p, where, s, off, len, 0, sides);
  }

  /** Inserts or replaces with an integer. Returns the new element's offset. lpInsertInteger. */
  static int insertInteger(ListPack lp, int p, int where, long v, boolean sides) {
    return insert(lp, p, where, null, 0, 0, v, sides);
  }

  /**
   * lpInsert for a value: a string when {@code s} is non-null, else the integer {@code v}; {@code
   * sides} is {@link #HEAD_OR_TAIL} or {@link #TAIL_ONLY}.
   */
  private static int insert(
      ListPack lp, int p, int where, byte[] s, int off, int len, long v, boolean sides) {
    byte[] b = lp.buf;
    ListPackFormat.Element e = new ListPackFormat.Element();
    if (where == AFTER) {
      p = ListPackReader.skip(b, p, e);
      where = BEFORE;
    }
    long encoded =
        s != null ? ListPackFormat.stringEncodedSize(len) : ListPackFormat.intEncodedSize(v);
    int backlen = ListPackFormat.backlenSize(encoded);
    int total = (int) ListPackFormat.totalBytes(b, lp.base);
    int replaced = where == REPLACE ? ListPackFormat.decode(b, p, e).size : 0;
    long delta = encoded + backlen - replaced;
    checkSafeToAdd(total, delta);
    int newTotal = (int) (total + delta);
    detach(lp, lp.base + HEADER_SIZE, e);
    detach(lp, p + replaced, e);
    p = resize(lp, p, p + replaced, (int) delta, sides);
    b = lp.buf;
    int w =
        p
            + (s != null
                ? ListPackFormat.writeString(b, p, s, off, len)
                : ListPackFormat.writeInt(b, p, v));
    ListPackFormat.writeBacklen(b, w, (int) encoded);
    if (where != REPLACE) {
      addToCount(lp, 1);
    }
    ListPackFormat.setTotalBytes(b, lp.base, newTotal);
    lp.modCount += ListPack.MOD_STEP;
    return p;
  }

  /**
   * Pushes the string {@code s} at the head or the tail, stored as an integer when lpStringToInt64
   * accepts it (tested and parsed in one pass). Redis: lpPrepend / lpAppend.
   */
  static void pushString(ListPack lp, byte[] s, boolean head) {
    int len = s.length;
    long m =
        len <= RedisNumbers.MAX_LONG_CHARS
            ? RedisNumbers.negatedCanonicalMagnitude(s, 0, len)
            : 1; // longer than any int64 decimal: a string
    if (m <= 0) {
      push(lp, head, null, s[0] == '-' ? m : -m);
    } else {
      push(lp, head, s, 0);
    }
  }

  /** lpPrepend / lpAppend of an integer: {@link ListPackEnds#push}, else {@link #push}. */
  static void pushInteger(ListPack lp, boolean head, long v) {
    if (ListPackEnds.push(lp, head, null, v) == ListPackEnds.GENERAL) {
      push(lp, head, null, v);
    }
  }

  /**
   * lpPrepend / lpAppend of the string {@code s}, or of the integer {@code v} when {@code s} is
   * null: the bytes of {@link #insert} at the first element or the EOF byte, written directly. The
   * new element goes into the head room (the header is written afresh {@code delta} bytes lower) or
   * over the EOF byte (the EOF written after it); only when that side is full does {@link #resize}
   * move anything. A LOOSE listpack takes {@link #insert}, which rewrites detached backlens first.
   */
  static void push(ListPack lp, boolean head, byte[] s, long v) {
    // The rare branches (a LOOSE listpack, a full side) are calls, so that push stays under C2's
    // inlining size (FreqInlineSize, 325 bytecodes) and inlines into QuickList's pushes.
    if (lp.loose()) {
      pushGeneral(lp, head, s, v);
      return;
    }
    long encoded =
        s != null ? ListPackFormat.stringEncodedSize(s.length) : ListPackFormat.intEncodedSize(v);
    byte[] b = lp.buf;
    int base = lp.base;
    int total = (int) ListPackFormat.totalBytes(b, base);
    int numele = ListPackFormat.numElements(b, base);
    long delta = encoded + ListPackFormat.backlenSize(encoded);
    checkSafeToAdd(total, delta);
    int d = (int) delta;
    int p;
    if (head && base >= d) {
      base -= d;
      lp.base = base;
      p = base + HEADER_SIZE;
    } else if (!head && b.length - (base + total) >= d) {
      p = base + total - 1; // the EOF byte
      b[p + d] = (byte) EOF;
    } else {
      p = makeRoom(lp, head, d);
      b = lp.buf;
      base = lp.base;
    }
    int w =
        p
            + (s != null
                ? ListPackFormat.writeString(b, p, s, 0, s.length)
                : ListPackFormat.writeInt(b, p, v));
    ListPackFormat.writeBacklen(b, w, (int) encoded);
    ListPackFormat.setTotalBytes(b, base, total + d);
    ListPackFormat.setNumElements(b, base, numele == NUMELE_UNKNOWN ? numele : numele + 1);
    lp.modCount += ListPack.MOD_STEP;
  }

  /** lpPrepend / lpAppend by the general {@link #insert}, for a LOOSE listpack. */
  private static void pushGeneral(ListPack lp, boolean head, byte[] s, long v) {
    int p = head ? lp.base + HEADER_SIZE : lp.eofOffset();
    insert(lp, p, BEFORE, s, 0, s == null ? 0 : s.length, v, HEAD_OR_TAIL);
  }

  /**
   * {@link #push} when the side it writes has fewer than {@code d} free bytes: {@link #resize} at
   * the first element or the EOF byte; returns where the new element goes.
   */
  private static int makeRoom(ListPack lp, boolean head, int d) {
    int base = lp.base;
    if (head) {
      return resize(lp, base + HEADER_SIZE, base + HEADER_SIZE, d, HEAD_OR_TAIL);
    }
    int eof = base + (int) ListPackFormat.totalBytes(lp.buf, base) - 1;
    return resize(lp, eof, eof, d, TAIL_ONLY);
  }

  /**
   * Deletes the first or the last element, decoded in {@code e}: the bytes of lpDelete at that
   * element. The first: the header is written afresh at the element's end (base moves up); the
   * last: the EOF byte is written at its start. Nothing else moves. A LOOSE listpack takes {@link
   * #deleteFrom}.
   */
  static void removeEnd(ListPack lp, ListPackFormat.Element e, boolean first) {
    if (lp.loose()) {
      deleteFrom(lp, e.start, 1, HEAD_OR_TAIL);
      return;
    }
    byte[] b = lp.buf;
    int base = lp.base;
    int total = (int) ListPackFormat.totalBytes(b, base);
    int numele = ListPackFormat.numElements(b, base);
    int size = e.size;
    if (first) {
      base += size;
      lp.base = base;
    } else {
      b[e.start] = (byte) EOF;
    }
    ListPackFormat.setTotalBytes(b, base, total - size);
    ListPackFormat.setNumElements(b, base, numele == NUMELE_UNKNOWN ? numele : numele - 1);
    lp.modCount += ListPack.MOD_STEP;
  }

  /**
   * Inserts two values before {@code p} with one move of the tail: the bytes of inserting {@code
   * second} and then {@code first} before {@code p} (Redis: two lpInsert calls, as zzlInsertAt
   * makes them for a member and its score). {@code second} is the string {@code secondText}, or the
   * integer {@code secondInt} when that is null; strings that are canonical integers are stored as
   * integers (lpStringToInt64).
   */
  static void insertTwo(ListPack lp, int p, byte[] first, byte[] secondText, long secondInt) {
    boolean firstInt = ListPackFormat.isIntegerString(first, 0, first.length);
    long firstVal = firstInt ? RedisNumbers.parseCanonicalLong(first, 0, first.length) : 0;
    boolean secondIsInt =
        secondText == null || ListPackFormat.isIntegerString(secondText, 0, secondText.length);
    long secondVal =
        secondText == null
            ? secondInt
            : secondIsInt ? RedisNumbers.parseCanonicalLong(secondText, 0, secondText.length) : 0;
    long enc1 =
        firstInt
            ? ListPackFormat.intEncodedSize(firstVal)
            : ListPackFormat.stringEncodedSize(first.length);
    long enc2 =
        secondIsInt
            ? ListPackFormat.intEncodedSize(secondVal)
            : ListPackFormat.stringEncodedSize(secondText.length);
    long delta = enc1 + ListPackFormat.backlenSize(enc1) + enc2 + ListPackFormat.backlenSize(enc2);
    byte[] b = lp.buf;
    int total = (int) ListPackFormat.totalBytes(b, lp.base);
    checkSafeToAdd(total, delta);
    ListPackFormat.Element e = new ListPackFormat.Element();
    detach(lp, lp.base + HEADER_SIZE, e);
    detach(lp, p, e);
    p = resize(lp, p, p, (int) delta, TAIL_ONLY);
    b = lp.buf;
    int w = p + (firstInt ? ListPackFormat.writeInt(b, p, firstVal) : writeAll(b, p, first));
    w += ListPackFormat.writeBacklen(b, w, (int) enc1);
    w += secondIsInt ? ListPackFormat.writeInt(b, w, secondVal) : writeAll(b, w, secondText);
    ListPackFormat.writeBacklen(b, w, (int) enc2);
    addToCount(lp, 1); // one at a time, as two lpInserts: a count reaching 65535 stays "unknown"
    addToCount(lp, 1);
    ListPackFormat.setTotalBytes(b, lp.base, (int) (total + delta));
    lp.modCount += ListPack.MOD_STEP;
  }

  private static int writeAll(byte[] b, int off, byte[] s) {
    return ListPackFormat.writeString(b, off, s, 0, s.length);
  }

  /**
   * Rewrites the backlen of the element at {@code p} (if {@code p} is an element) canonically when
   * its backward decoding reaches before the element; see the implementation notes.
   */
  static void detach(ListPack lp, int p, ListPackFormat.Element e) {
    if (lp.loose() && reachesBefore(lp.buf, lp.base, p, e)) {
      ListPackFormat.writeBacklen(lp.buf, e.end() - backlenWidth(e), e.encodedSize);
    }
  }

  /**
   * Whether the element at {@code p} (decoded into {@code e}) of the listpack at {@code base} has a
   * backlen that decodes from bytes before the element; false for the EOF byte.
   */
  private static boolean reachesBefore(byte[] b, int base, int p, ListPackFormat.Element e) {
    if ((b[p] & 0xFF) == EOF) {
      return false;
    }
    ListPackFormat.decode(b, p, e);
    int field = e.end() - backlenWidth(e);
    if ((b[field] & 0x80) == 0) {
      return false; // a canonical first byte: decoding stops inside the field
    }
    int q = e.end() - 1;
    while (q >= base && (b[q] & 0x80) != 0) {
      q--;
    }
    return q < p;
  }

  private static int backlenWidth(ListPackFormat.Element e) {
    return e.size - e.encodedSize;
  }

  /**
   * Makes the bytes {@code [p, q)} of the listpack {@code delta} bytes longer (or shorter, when
   * negative) by moving the head part {@code [base, p)} or the tail part {@code [q, end)}, and
   * returns where {@code p} is afterwards; total-bytes is not updated. See the implementation
   * notes.
   */
  static int resize(ListPack lp, int p, int q, int delta, boolean sides) {
    byte[] b = lp.buf;
    int base = lp.base;
    int end = base + (int) ListPackFormat.totalBytes(b, base);
    boolean head = sides == HEAD_OR_TAIL && p - base < end - q;
    if (delta <= 0 || (head ? base >= delta : b.length - end >= delta)) {
      if (delta == 0) {
        return p;
      }
      if (head) {
        System.arraycopy(b, base, b, base - delta, p - base);
        lp.base = base - delta;
        return p - delta;
      }
      System.arraycopy(b, q, b, q + delta, end - q);
      return p;
    }
    return relayout(lp, p, q, delta, head);
  }

  /**
   * {@link #resize} when the side to move has no room: re-centre the bytes in the same array when
   * the free space is at least {@code delta} plus half the listpack, else copy them into an array
   * half again as long (at least the new size), the new free space on the side that ran out.
   */
  private static int relayout(ListPack lp, int p, int q, int delta, boolean head) {
    byte[] b = lp.buf;
    int base = lp.base;
    int end = base + (int) ListPackFormat.totalBytes(b, base);
    int newTotal = end - base + delta;
    int free = b.length - (end - base);
    int newBase;
    byte[] out = b;
    if (free >= delta + (end - base) / 2) {
      newBase = (free - delta) / 2;
    } else {
      int grown = (int) Math.min(Integer.MAX_VALUE - 8L, b.length + (b.length >> 1));
      int keep = head ? b.length - end : base; // the other side's slack stays
      int cap = Math.max(newTotal + keep, grown);
      out = new byte[cap];
      newBase = head ? cap - keep - newTotal : keep;
    }
    int newQ = newBase + (p - base) + (q - p) + delta;
    if (newBase <= base) { // head part moves down (or stays): move it first, then the tail
      System.arraycopy(b, base, out, newBase, p - base);
      System.arraycopy(b, q, out, newQ, end - q);
    } else {
      System.arraycopy(b, q, out, newQ, end - q);
      System.arraycopy(b, base, out, newBase, p - base);
    }
    lp.buf = out;
    lp.base = newBase;
    return newBase + (p - base);
  }

  /** The header count by {@code delta}, while it is known. */
  private static void addToCount(ListPack lp, int delta) {
    int numele = ListPackFormat.numElements(lp.buf, lp.base);
    if (numele != NUMELE_UNKNOWN) {
      ListPackFormat.setNumElements(lp.buf, lp.base, numele + delta);
    }
  }

  /**
   * Deletes up to {@code num} elements from {@code p}, stopping at EOF; returns the offset of the
   * element after the range or {@link ListPackReader#NONE} if the range reached the end. Redis:
   * lpDeleteRangeWithEntry (lpDelete for num = 1).
   */
  static int deleteFrom(ListPack lp, int p, long num, boolean sides) {
    byte[] b = lp.buf;
    ListPackFormat.Element e = new ListPackFormat.Element();
    int tail = p;
    int deleted = 0;
    while (num-- > 0) {
      deleted++;
      tail = ListPackReader.skip(b, tail, e);
      if ((b[tail] & 0xFF) == EOF) {
        break;
      }
    }
    if (deleted == 0) {
      return p;
    }
    int total = (int) ListPackFormat.totalBytes(b, lp.base);
    detach(lp, lp.base + HEADER_SIZE, e);
    detach(lp, tail, e);
    int next = resize(lp, p, tail, p - tail, sides);
    ListPackFormat.setTotalBytes(b, lp.base, total - (tail - p));
    addToCount(lp, -deleted);
    lp.modCount += ListPack.MOD_STEP;
    return (b[next] & 0xFF) == EOF ? ListPackReader.NONE : next;
  }

  /**
   * Deletes {@code num} elements from {@code index} (negative counts from the end); nothing when
   * the index is out of range. Redis: lpDeleteRange, including its shortcut when the range reaches
   * the end and the count is known (EOF written at the start of the range, count set to the index).
   */
  static void deleteRange(ListPack lp, long index, long num) {
    byte[] b = lp.buf;
    int base = lp.base;
    if (num <= 0) {
      return;
    }
    ListPackFormat.Element e = new ListPackFormat.Element();
    int p = ListPackReader.seek(b, base, index, e);
    if (p == ListPackReader.NONE) {
      return;
    }
    int numele = ListPackFormat.numElements(b, base);
    if (numele != NUMELE_UNKNOWN && index < 0) {
      index += numele;
    }
    if (numele != NUMELE_UNKNOWN && numele - index <= num) {
      detach(lp, base + HEADER_SIZE, e);
      b[p] = (byte) EOF;
      ListPackFormat.setTotalBytes(b, base, p + 1 - base);
      ListPackFormat.setNumElements(b, base, (int) index);
      lp.modCount += ListPack.MOD_STEP;
    } else {
      deleteFrom(lp, p, num, HEAD_OR_TAIL);
    }
  }

  /**
   * The elements of {@code first} then those of {@code second}, in a new array; the header count is
   * the sum, capped at 65535. Redis: lpMerge (whose byte result does not depend on which input it
   * reallocates).
   */
  static byte[] merge(ListPack first, int firstCount, ListPack second, int secondCount) {
    int fb = first.base;
    int sb = second.base;
    long a = ListPackFormat.totalBytes(first.buf, fb);
    long bytes = ListPackFormat.totalBytes(second.buf, sb);
    checkSafeToAdd(a, bytes - HEADER_SIZE - 1);
    int total = (int) (a + bytes - HEADER_SIZE - 1);
    byte[] out = new byte[total];
    System.arraycopy(first.buf, fb, out, 0, (int) a - 1);
    System.arraycopy(second.buf, sb + HEADER_SIZE, out, (int) a - 1, (int) bytes - HEADER_SIZE);
    ListPackFormat.Element e = new ListPackFormat.Element();
    if (first.loose() && reachesBefore(first.buf, fb, fb + HEADER_SIZE, e)) {
      ListPackFormat.writeBacklen(out, e.end() - fb - backlenWidth(e), e.encodedSize);
    }
    if (second.loose() && reachesBefore(second.buf, sb, sb + HEADER_SIZE, e)) {
      int shift = (int) a - 1 - HEADER_SIZE - sb;
      ListPackFormat.writeBacklen(out, shift + e.end() - backlenWidth(e), e.encodedSize);
    }
    ListPackFormat.setTotalBytes(out, total);
    ListPackFormat.setNumElements(out, Math.min(firstCount + secondCount, NUMELE_UNKNOWN));
    return out;
  }
}
