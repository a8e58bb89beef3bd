package dev.redstruct.ziplist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.redstruct.core.RedisNumbers;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Tries to break the padded forward walk ({@code ZipListReader.forEachPadded}, one int load per
 * entry, two guessed headers per parity) and the cursor's padded {@code next()}: every walk
 * (forEachEntry, the byte-wise loop, the cursor forward, backward and zigzagging, on the padded
 * array, on the same bytes without a pad, and wrapped) is compared with a model {@code
 * List<byte[]>} of what was pushed, after random edit sequences, with the slack after zlbytes (the
 * read pad included) overwritten by header-like garbage before each walk.
 *
 * <p>Seeded; a failure names its seed, and {@code -Dziplist.adversarial.seed=N} replays one seed.
 */
class ZipListWalkAdversarialTest {

  /** Bytes that look like headers to a walk that reads past the 0xFF byte or trusts a guess. */
  private static final byte[] GARBAGE = {
    (byte) 0xFE, (byte) 0xC0, 0x00, 0x01, 0x0A, 0x3F, (byte) 0xFF, (byte) 0xF1, (byte) 0xFD, 0x40
  };

  // ------------------------------------------------------------------ values

  /**
   * One value of every kind the walk treats differently: immediates, INT_8B..INT_64B, 6-bit strings
   * of a few repeated lengths (so guesses hit and go stale), 14-bit strings of 64..700 bytes (the
   * next entry's 5-byte prevlen then has every low byte), rarely a 32-bit string.
   */
  static byte[] value(SplittableRandom r) {
    switch (r.nextInt(12)) {
      case 0:
        return ascii(Long.toString(r.nextInt(13))); // immediate
      case 1:
        return ascii(Long.toString(r.nextInt(-128, 128))); // INT_8B or immediate
      case 2:
      case 3:
        return ascii(Long.toString(r.nextInt(-32768, 32768))); // mostly INT_16B
      case 4:
        return ascii(Long.toString(r.nextInt(-8388608, 8388608))); // INT_24B mostly
      case 5:
        return ascii(Long.toString(r.nextLong() >> r.nextInt(64))); // any width
      case 6:
      case 7:
      case 8:
        return ZipListTestValues.fill(r, new int[] {0, 1, 2, 3, 10, 62, 63}[r.nextInt(7)]);
      case 9:
        return ZipListTestValues.fill(r, 64 + r.nextInt(640));
      case 10:
        return r.nextInt(40) == 0
            ? ZipListTestValues.fill(r, 16384 + r.nextInt(4))
            : ZipListTestValues.fill(r, 246 + r.nextInt(16));
      default:
        return ZipListTestValues.value(r);
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(US_ASCII);
  }

  /** Redis's zipTryEncoding: a 1..31-byte canonical int64 decimal is stored as an integer. */
  private static boolean storedAsInteger(byte[] v) {
    return v.length > 0 && v.length < 32 && RedisNumbers.isCanonicalLong(v, 0, v.length);
  }

  // ------------------------------------------------------------------ checks

  /** An entry seen by a walk: its bytes and whether it was delivered as an integer. */
  private record Seen(byte[] bytes, boolean integer) {}

  private static ZipListEntryConsumer into(List<Seen> out) {
    return new ZipListEntryConsumer() {
      @Override
      public void string(byte[] array, int offset, int length) {
        out.add(new Seen(Arrays.copyOfRange(array, offset, offset + length), false));
      }

      @Override
      public void integer(long value) {
        out.add(new Seen(ascii(Long.toString(value)), true));
      }
    };
  }

  private static void assertSeen(List<byte[]> model, List<Seen> seen, String where) {
    assertEquals(model.size(), seen.size(), where + ": entry count");
    for (int i = 0; i < model.size(); i++) {
      byte[] v = model.get(i);
      assertArrayEquals(v, seen.get(i).bytes(), where + ": entry " + i);
      assertEquals(storedAsInteger(v), seen.get(i).integer(), where + ": kind of entry " + i);
    }
  }

  /** The cursor on entry {@code i} agrees with the model in every accessor. */
  private static void assertCursorAt(ZipListCursor c, byte[] v, String where) {
    assertEquals(v.length, c.length(), where + ": length()");
    assertEquals(storedAsInteger(v), c.isInteger(), where + ": isInteger()");
    assertArrayEquals(v, c.toByteArray(), where + ": bytes");
    assertTrue(c.contentEquals(v), where + ": contentEquals");
    byte[] dst = new byte[v.length + 2];
    assertEquals(v.length, c.copyTo(dst, 1), where + ": copyTo");
    assertArrayEquals(v, Arrays.copyOfRange(dst, 1, 1 + v.length), where + ": copyTo bytes");
    if (storedAsInteger(v)) {
      assertEquals(Long.parseLong(new String(v, US_ASCII)), c.longValue(), where + ": longValue");
    }
  }

  private static void assertCursorWalks(
      ZipList z, List<byte[]> model, SplittableRandom r, String where) {
    ZipListCursor c = z.cursor();
    for (int i = 0; i < model.size(); i++) {
      assertTrue(c.next(), where + ": cursor next at " + i);
      assertCursorAt(c, model.get(i), where + ": cursor entry " + i);
    }
    assertFalse(c.next(), where + ": cursor past the end");
    assertFalse(c.next(), where + ": cursor stays past the end");
    for (int i = model.size() - 1; i >= 0; i--) {
      assertTrue(c.previous(), where + ": cursor previous at " + i);
      assertCursorAt(c, model.get(i), where + ": cursor back entry " + i);
    }
    assertFalse(c.previous(), where + ": cursor before the start");
    // zigzag: the length prediction must survive direction changes
    int i = -1;
    for (int step = 0; step < 3 * model.size() + 4; step++) {
      if (r.nextInt(3) != 0) {
        boolean moved = c.next();
        assertEquals(i + 1 < model.size(), moved, where + ": zigzag next from " + i);
        i = moved ? i + 1 : model.size();
      } else {
        boolean moved = c.previous();
        assertEquals(i > 0, moved, where + ": zigzag previous from " + i);
        i = moved ? i - 1 : -1;
      }
      if (i >= 0 && i < model.size()) {
        assertCursorAt(c, model.get(i), where + ": zigzag entry " + i);
      }
    }
  }

  /** Overwrites everything after zlbytes (the read pad and any slack) with header-like bytes. */
  private static void scribbleSlack(ZipList z, SplittableRandom r) {
    byte[] zl = z.array();
    for (int p = z.blobLength(); p < zl.length; p++) {
      zl[p] = GARBAGE[r.nextInt(GARBAGE.length)];
    }
  }

  /** The same bytes as a trusted list whose array has no pad: the byte-wise paths. */
  private static ZipList unpadded(ZipList z) throws ReflectiveOperationException {
    ZipList u = ZipList.copyOf(z.toByteArray());
    Field f = ZipList.class.getDeclaredField("zl");
    f.setAccessible(true);
    f.set(u, z.toByteArray());
    assertFalse(ZipListFormat.padded(u.array()));
    return u;
  }

  /** Every walk of {@code z} (and of its unpadded and wrapped twins) yields {@code model}. */
  static void assertAllWalks(ZipList z, List<byte[]> model, SplittableRandom r, String where)
      throws ReflectiveOperationException {
    z.checkInvariants();
    assertEquals(model.size(), z.size(), where + ": size");
    if (z.trusted()) {
      assertTrue(ZipListFormat.padded(z.array()), where + ": ZipList's own array keeps the pad");
    }
    scribbleSlack(z, r);
    List<Seen> seen = new ArrayList<>();
    z.forEachEntry(into(seen));
    assertSeen(model, seen, where + " forEachEntry");
    if (z.trusted()) {
      seen.clear();
      ZipListReader.forEachDecoded(z.array(), true, into(seen));
      assertSeen(model, seen, where + " forEachTrusted");
    }
    assertCursorWalks(z, model, r, where);

    ZipList u = unpadded(z);
    seen.clear();
    u.forEachEntry(into(seen));
    assertSeen(model, seen, where + " unpadded forEachEntry");
    assertCursorWalks(u, model, r, where + " unpadded");

    ZipList w = ZipList.wrap(z.toByteArray());
    seen.clear();
    w.forEachEntry(into(seen));
    assertSeen(model, seen, where + " wrapped forEachEntry");
    assertCursorWalks(w, model, r, where + " wrapped");
  }

  // ------------------------------------------------------------------ random edits

  private static long[] seeds(int n, long base) {
    String replay = System.getProperty("ziplist.adversarial.seed");
    if (replay != null) {
      return new long[] {Long.parseLong(replay)};
    }
    long[] s = new long[n];
    SplittableRandom r = new SplittableRandom(base);
    for (int i = 0; i < n; i++) {
      s[i] = r.nextLong();
    }
    return s;
  }

  /**
   * Random edits (pushes at both ends, inserts, deletes and range deletes that shrink the blob in
   * place, replacements of the same and other sizes, trimToSize, copyOf, merge, prevlens re-laid in
   * the 5-byte form) with every walk checked against the model after each edit.
   */
  @Test
  void everyWalkMatchesTheModelAcrossRandomEdits() throws Exception {
    for (long seed : seeds(12, 0x5EEDL)) {
      SplittableRandom r = new SplittableRandom(seed);
      ZipList z = ZipList.create();
      List<byte[]> model = new ArrayList<>();
      int steps = 160;
      for (int step = 0; step < steps; step++) {
        String where = "seed " + seed + " step " + step;
        try {
          edit(r, z, model);
          if (r.nextInt(8) == 0) {
            z = rebuilt(r, z, model);
          }
          assertAllWalks(z, model, r, where);
        } catch (AssertionError | RuntimeException e) {
          throw new AssertionError(where + " (replay: -Dziplist.adversarial.seed=" + seed + ")", e);
        }
      }
    }
  }

  private static void edit(SplittableRandom r, ZipList z, List<byte[]> model) {
    int n = model.size();
    int op = r.nextInt(n > 150 ? 14 : 10);
    if (op <= 2 || n == 0) {
      byte[] v = value(r);
      if (r.nextBoolean()) {
        z.pushTail(v);
        model.add(v);
      } else {
        z.pushHead(v);
        model.add(0, v);
      }
    } else if (op <= 4) {
      byte[] v = value(r);
      int i = r.nextInt(n + 1);
      z.insert(i, v);
      model.add(i, v);
    } else if (op == 5) {
      long v = r.nextLong() >> r.nextInt(64);
      z.pushTail(v);
      model.add(ascii(Long.toString(v)));
    } else if (op <= 7) {
      int i = r.nextInt(n);
      byte[] v = r.nextBoolean() ? value(r) : sameSize(r, model.get(i));
      z.replace(i, v);
      model.set(i, v);
    } else if (op == 8) {
      z.trimToSize();
    } else {
      int i = r.nextInt(n);
      int count = 1 + r.nextInt(Math.min(n - i, op >= 10 ? 40 : 3));
      if (count == 1 && r.nextBoolean()) {
        z.delete(i);
      } else {
        z.deleteRange(i, count);
      }
      model.subList(i, i + count).clear();
    }
  }

  /** A value stored in the same number of bytes as {@code v} (an in-place replacement). */
  private static byte[] sameSize(SplittableRandom r, byte[] v) {
    if (storedAsInteger(v)) {
      return v; // same integer: same encoding
    }
    byte[] s = v.clone();
    for (int k = 0; k < s.length; k++) {
      s[k] = (byte) ('a' + r.nextInt(26));
    }
    return s;
  }

  /** The same entries through another construction path; the model is unchanged. */
  private static ZipList rebuilt(SplittableRandom r, ZipList z, List<byte[]> model) {
    switch (r.nextInt(4)) {
      case 0:
        return ZipList.copyOf(z.toByteArray());
      case 1:
        return ZipList.copyOf(
            ZipListWalkPropertiesTest.widenPrevlens(z.toByteArray(), r.nextLong()));
      case 2:
        {
          // merge at a random seam: the seam's prevlen is fixed by a cascade
          int cut = r.nextInt(model.size() + 1);
          ZipList a = ZipList.create();
          ZipList b = ZipList.create();
          for (int i = 0; i < model.size(); i++) {
            (i < cut ? a : b).pushTail(model.get(i));
          }
          return ZipList.merge(a, b);
        }
      default:
        ZipList t = ZipList.copyOf(z.toByteArray());
        t.trimToSize();
        return t;
    }
  }

  // ------------------------------------------------------------------ targeted layouts

  /**
   * An entry whose 5-byte prevlen's low byte is each of 0..255 (a 14-bit string of 0x100 + t raw
   * bytes before it), so the second byte the padded walk tests is t: equal to a stale string guess,
   * to 0xC0 (INT_16B's), 0xFE (INT_8B's) or below 0x40. Followed by each kind of entry, at both
   * parities, last in the list or not.
   */
  @Test
  void fiveBytePrevlenWithEveryLowByteBeforeEveryKind() throws Exception {
    byte[][] kinds = {
      ascii("7"), // immediate
      ascii("-100"), // INT_8B
      ascii("1000"), // INT_16B
      ascii("100000"), // INT_24B
      ascii("2000000000"), // INT_32B
      ascii("9000000000"), // INT_64B
      new byte[0],
      ascii("aa"),
      ascii("abc"),
      ZipListTestValues.fill(new SplittableRandom(1), 63),
      ZipListTestValues.fill(new SplittableRandom(2), 64),
    };
    SplittableRandom r = new SplittableRandom(42);
    for (int t = 0; t < 256; t++) {
      for (int parity = 0; parity < 2; parity++) {
        for (byte[] kind : kinds) {
          List<byte[]> model = new ArrayList<>();
          for (int k = 0; k < 2 + parity; k++) {
            // guesses at both parities: lengths t & 0x3F and 2, so the big entry's low byte
            // (t) often equals a live guess
            model.add(k % 2 == 0 ? ZipListTestValues.fill(r, t & 0x3F) : ascii("zz"));
          }
          model.add(ZipListTestValues.fill(r, 0x100 + t - 3)); // raw 0x100 + t: prevlen 1 byte
          model.add(kind);
          ZipList z = ZipList.create();
          model.forEach(z::pushTail);
          String where = "t=" + t + " parity " + parity + " kind " + new String(kind, US_ASCII);
          int last = z.offsetOf(model.size() - 1);
          assertEquals(0xFE, z.array()[last] & 0xFF, where + ": a 5-byte prevlen");
          assertEquals(0x100 + t, ZipListFormat.readPrevlen(z.array(), last), where + ": prevlen");
          assertAllWalks(z, model, r, where + " last");
          model.add(ascii("zz"));
          z.pushTail(ascii("zz"));
          assertAllWalks(z, model, r, where + " not last");
        }
      }
    }
  }

  /**
   * Short strings all re-laid with 5-byte prevlens whose small values (6 + length of the previous
   * entry) equal other entries' lengths: the byte after 0xFE matches a live guess.
   */
  @Test
  void forcedLargePrevlensWhoseValueEqualsTheGuess() throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    for (int iter = 0; iter < 400; iter++) {
      List<byte[]> model = new ArrayList<>();
      ZipList z = ZipList.create();
      int n = r.nextInt(1, 24);
      for (int i = 0; i < n; i++) {
        byte[] v =
            r.nextInt(4) == 0
                ? ascii(Long.toString(r.nextInt(-40000, 40000)))
                : ZipListTestValues.fill(r, r.nextInt(0, 14));
        model.add(v);
        z.pushTail(v);
      }
      long wide = r.nextInt(3) == 0 ? -1L : r.nextLong();
      ZipList w = ZipList.copyOf(ZipListWalkPropertiesTest.widenPrevlens(z.toByteArray(), wide));
      assertAllWalks(w, model, r, "iter " + iter + " wide " + Long.toHexString(wide));
      // edits after the widening keep the 5-byte fields (Redis never shrinks them in a cascade)
      byte[] v = ascii(Long.toString(r.nextInt(-200, 200)));
      w.pushTail(v);
      model.add(v);
      assertAllWalks(w, model, r, "iter " + iter + " after push");
    }
  }

  /**
   * A short last entry (INT_8B: 3 bytes, INT_16B: 4, an immediate or empty string: 2) right before
   * the 0xFF byte, after a delete that shrank the blob in place, with every slack byte set to each
   * garbage value: the 4-byte load at the end reads only the pad.
   */
  @Test
  void shortLastEntryAfterShrinkWithGarbageInThePad() throws Exception {
    byte[][] lasts = {ascii("5"), ascii("-7"), ascii("300"), new byte[0], ascii("x")};
    SplittableRandom r = new SplittableRandom(3);
    for (byte[] last : lasts) {
      for (int before = 0; before < 3; before++) {
        for (byte g : GARBAGE) {
          ZipList z = ZipList.create();
          List<byte[]> model = new ArrayList<>();
          for (int i = 0; i < before; i++) {
            model.add(ascii("ab"));
          }
          model.add(last);
          model.forEach(z::pushTail);
          for (int i = 0; i < 30; i++) {
            z.pushTail(ZipListTestValues.fill(r, 300));
          }
          z.deleteRange(model.size(), 30); // shrinks in place: stale bytes after zlbytes
          byte[] zl = z.array();
          Arrays.fill(zl, z.blobLength(), zl.length, g);
          List<Seen> seen = new ArrayList<>();
          z.forEachEntry(into(seen));
          String where = "last " + new String(last, US_ASCII) + " before " + before + " pad " + g;
          assertSeen(model, seen, where);
          ZipListCursor c = z.cursor();
          for (byte[] v : model) {
            assertTrue(c.next(), where);
            assertCursorAt(c, v, where);
          }
          assertFalse(c.next(), where + ": end");
        }
      }
    }
  }

  /**
   * The array length for a blob never drops bytes. Before the fix paddedLength capped at {@code
   * Integer.MAX_VALUE - 32} even for longer blobs, so for a valid blob of {@code Integer.MAX_VALUE
   * - 10} bytes (one 32-bit string entry; checked once by hand with -Xmx7g, too big for the suite)
   * {@code ZipList.copyOf} threw ArrayIndexOutOfBoundsException (index 2147483636, length
   * 2147483615) and {@code wrap(blob).trimToSize()} truncated the list (I1: zlbytes 2147483637,
   * capacity 2147483615); merge with an empty second list copied it the same way.
   */
  @Test
  void paddedLengthNeverTruncates() {
    int cap = Integer.MAX_VALUE - 32;
    for (long n :
        new long[] {
          ZipListFormat.EMPTY_SIZE,
          1L << 30,
          cap - 4,
          cap - 3,
          cap - 2,
          cap - 1,
          cap,
          cap + 1L,
          Integer.MAX_VALUE - 10L,
          Integer.MAX_VALUE - 2L
        }) {
      int len = ZipListFormat.paddedLength(n);
      assertTrue(len >= n, "paddedLength(" + n + ") = " + len + " drops bytes");
      assertEquals(
          n + ZipListFormat.READ_PAD <= cap ? n + ZipListFormat.READ_PAD : Math.max(n, cap), len);
    }
  }

  @Test
  void emptyListsFromEveryPath() throws Exception {
    SplittableRandom r = new SplittableRandom(5);
    List<byte[]> none = List.of();
    ZipList a = ZipList.create();
    assertAllWalks(a, none, r, "create");
    a.pushTail(ascii("1000"));
    a.delete(0);
    assertAllWalks(a, none, r, "after delete");
    a.trimToSize();
    assertAllWalks(a, none, r, "trimmed");
    assertAllWalks(ZipList.copyOf(a.toByteArray()), none, r, "copyOf");
    assertAllWalks(ZipList.merge(a, ZipList.create()), none, r, "merge");
  }

  /**
   * Past 65535 entries zllen saturates: the padded walk runs to the 0xFF byte, the byte-wise loop
   * switches to it; both, and the cursor both ways, still see every entry, also after deletes take
   * the count back below 65535 (zllen stays saturated) and after a merge across the boundary.
   */
  @Test
  void saturatedZllen() throws Exception {
    int n = 65_540;
    ZipList z = ZipList.create();
    List<byte[]> model = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      byte[] v = i % 3 == 0 ? ascii(Integer.toString(i % 30000)) : ascii("k" + (i & 7));
      z.pushTail(v);
      model.add(v);
    }
    assertEquals(ZipListFormat.UNKNOWN_LENGTH, ZipListFormat.zllen(z.array()));
    List<Seen> seen = new ArrayList<>();
    z.forEachEntry(into(seen));
    assertSeen(model, seen, "saturated forEachEntry");
    seen.clear();
    ZipListReader.forEachDecoded(z.array(), true, into(seen));
    assertSeen(model, seen, "saturated forEachTrusted");
    ZipListCursor c = z.cursor().toEnd();
    for (int i = n - 1; i >= 0; i--) {
      assertTrue(c.previous());
      assertArrayEquals(model.get(i), c.toByteArray(), "back " + i);
    }
    z.deleteRange(100, 10);
    model.subList(100, 110).clear();
    seen.clear();
    ZipListReader.forEachDecoded(z.array(), true, into(seen));
    assertSeen(model, seen, "after delete, forEachTrusted");
    seen.clear();
    z.forEachEntry(into(seen));
    assertSeen(model, seen, "after delete, forEachEntry");

    ZipList small = ZipList.create();
    small.pushTail(ascii("300"));
    small.pushTail(ascii("k1"));
    ZipList m = ZipList.merge(small, z);
    List<byte[]> merged = new ArrayList<>(List.of(ascii("300"), ascii("k1")));
    merged.addAll(model);
    seen.clear();
    m.forEachEntry(into(seen));
    assertSeen(merged, seen, "merged forEachEntry");
    seen.clear();
    ZipListReader.forEachDecoded(m.array(), true, into(seen));
    assertSeen(merged, seen, "merged forEachTrusted");
    assertEquals(merged.size(), m.size());
  }

  // ------------------------------------------------------------------ concurrent modification

  /**
   * A consumer that changes the list at entry k: the change is refused with
   * ConcurrentModificationException before anything moves, so forEachEntry (padded and decoded)
   * delivers exactly entries 0..k, correctly, and stops with that exception; never an index
   * exception or a wrong entry. The list still holds the model's entries, and a cursor opened
   * before the walk still reads them.
   */
  @Test
  void mutationDuringWalkIsRefusedAndChangesNothing() throws Exception {
    List<Consumer<ZipList>> mutations =
        List.of(
            z -> z.pushTail(ascii("abc")),
            z -> z.pushHead(ZipListTestValues.fill(new SplittableRandom(9), 400)),
            z -> z.delete(0),
            z -> z.delete(z.size() - 1),
            z -> z.deleteRange(0, z.size()),
            z -> z.replace(0, z.get(0)), // in place, same bytes
            z -> z.replace(z.size() - 1, ZipListTestValues.fill(new SplittableRandom(8), 500)),
            z -> z.insert(1, 7L));
    SplittableRandom r = new SplittableRandom(13);
    for (int iter = 0; iter < 60; iter++) {
      List<byte[]> model = new ArrayList<>();
      int n = r.nextInt(2, 12);
      for (int i = 0; i < n; i++) {
        model.add(value(r));
      }
      for (int mi = 0; mi < mutations.size(); mi++) {
        for (int k = 0; k < n; k++) {
          for (int way = 0; way < 2; way++) {
            ZipList built = ZipList.create();
            model.forEach(built::pushTail);
            // way 0: the padded walk; way 1: wrapped bytes, the decoded walk
            ZipList z = way == 0 ? built : ZipList.wrap(built.toByteArray());
            Consumer<ZipList> mutation = mutations.get(mi);
            int at = k;
            List<Seen> seen = new ArrayList<>();
            ZipListEntryConsumer inner = into(seen);
            ZipListEntryConsumer mutating =
                new ZipListEntryConsumer() {
                  @Override
                  public void string(byte[] array, int offset, int length) {
                    inner.string(array, offset, length);
                    maybeMutate();
                  }

                  @Override
                  public void integer(long value) {
                    inner.integer(value);
                    maybeMutate();
                  }

                  private void maybeMutate() {
                    if (seen.size() == at + 1) {
                      mutation.accept(z);
                    }
                  }
                };
            String where = "iter " + iter + " mutation " + mi + " at " + k + " way " + way;
            ZipListCursor c = z.cursor();
            assertTrue(c.next());
            byte[] before = z.toByteArray();
            try {
              z.forEachEntry(mutating);
              fail(where + ": no ConcurrentModificationException");
            } catch (ConcurrentModificationException expected) {
              // the contract
            }
            assertSeen(model.subList(0, k + 1), seen, where);
            assertArrayEquals(before, z.toByteArray(), where + ": the refused change moved bytes");
            z.checkInvariants();
            assertArrayEquals(model.get(0), c.toByteArray(), where + " cursor");
            z.pushTail(ascii("after")); // changes are accepted again once the walk is over
            assertThrows(ConcurrentModificationException.class, c::next, where + " cursor");
          }
        }
      }
    }
  }
}
