package dev.redstruct.ziplist;

import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import java.util.List;
import java.util.ListIterator;
import java.util.random.RandomGenerator;

/**
 * Every public entry point of {@link ZipList}, its cursor, its visitor walk and its {@link
 * java.util.List} view, for the fuzz suites: {@link #run} applies one of them to a list made from
 * untrusted bytes, with arguments a careful caller would pass (indexes inside what {@code size()}
 * reports, fresh position tokens), so that the only exception allowed is {@link
 * CorruptEncodingException}. {@link #timed} adds the per-input time limit.
 */
final class ZipListEntryPoints {
  /** The number of operations {@link #run} knows. */
  static final int COUNT = 24;

  /** Per-input limit: a linear walk of a fuzz blob takes microseconds; this catches hangs. */
  static final long LIMIT_NANOS = Long.getLong("redstruct.fuzz.inputMillis", 2_000) * 1_000_000L;

  private ZipListEntryPoints() {}

  private static final ZipListVisitor ALL =
      new ZipListVisitor() {
        @Override
        public boolean string(long position, byte[] array, int offset, int length) {
          return true;
        }

        @Override
        public boolean integer(long position, long value) {
          return true;
        }
      };

  /**
   * Runs operation {@code op} (0 to {@link #COUNT} - 1) on {@code z} and returns whether it threw
   * CorruptEncodingException. When {@code valid} (the bytes passed deep validation) it must not
   * throw at all, and the bytes it leaves must pass deep validation again (I3).
   */
  static boolean run(ZipList z, int op, RandomGenerator r, boolean valid) {
    try {
      apply(z, op, r);
    } catch (CorruptEncodingException e) {
      if (valid) {
        throw new AssertionError("op " + op + " on valid bytes: " + e.getMessage(), e);
      }
      return true;
    }
    if (valid) {
      z.checkInvariants();
    }
    return false;
  }

  /** {@link #run}, failing if the input takes longer than {@link #LIMIT_NANOS}. */
  static boolean timed(byte[] blob, ZipList z, int op, RandomGenerator r, boolean valid) {
    long t0 = System.nanoTime();
    boolean corrupt;
    try {
      corrupt = run(z, op, r, valid);
    } catch (RuntimeException | AssertionError e) {
      throw new AssertionError("op " + op + " on " + dev.redstruct.core.Bytes.hex(blob), e);
    }
    long took = System.nanoTime() - t0;
    if (took > LIMIT_NANOS) {
      throw new AssertionError(
          "op "
              + op
              + " took "
              + took / 1_000_000
              + " ms on "
              + dev.redstruct.core.Bytes.hex(blob));
    }
    return corrupt;
  }

  private static int index(ZipList z, RandomGenerator r, boolean negativeToo) {
    int n = z.size();
    if (n == 0) {
      return 0;
    }
    return negativeToo && r.nextBoolean() ? -1 - r.nextInt(n) : r.nextInt(n);
  }

  private static void apply(ZipList z, int op, RandomGenerator r) {
    byte[] v = ZipListTestValues.value(r);
    switch (op) {
      case 0 -> z.size();
      case 1 -> {
        if (!z.isEmpty() && z.size() > 0) {
          z.get(index(z, r, true));
        }
      }
      case 2 -> {
        if (z.size() > 0) {
          int i = index(z, r, true);
          if (z.isInteger(i)) {
            z.getLong(i);
          }
          z.compare(i, v);
        }
      }
      case 3 -> z.find(v, 0, r.nextInt(3));
      case 4 -> z.pushHead(v);
      case 5 -> z.pushTail(v);
      case 6 -> z.pushTail(r.nextLong());
      case 7 -> z.insert(r.nextInt(z.size() + 1), v);
      case 8 -> {
        if (z.size() > 0) {
          z.replace(index(z, r, true), v);
        }
      }
      case 9 -> {
        if (z.size() > 0) {
          z.delete(index(z, r, true));
        }
      }
      case 10 -> {
        if (z.size() > 0) {
          int i = index(z, r, false);
          z.deleteRange(i, 1 + r.nextInt(3));
        }
      }
      case 11 -> ZipList.merge(z, ZipList.copyOf(ZipListMutations.validBlob(r, 3)));
      case 12 -> {
        z.trimToSize();
        z.toByteArray();
        z.blobLength();
        z.cascadeSteps();
      }
      case 13 -> {
        ZipListCursor c = z.cursor();
        while (c.next()) {
          c.toByteArray();
          c.length();
          c.contentEquals(v);
          if (c.isInteger()) {
            c.longValue();
          }
        }
        while (c.previous()) {
          c.copyTo(new byte[c.length()], 0);
        }
        c.toEnd();
        while (c.previous()) {
          c.length();
        }
      }
      case 14 -> z.forEachEntry(ZipListTest.collector(new java.util.ArrayList<>()));
      case 15 -> {
        long[] first = {-1};
        ZipListPositions.visit(
            z,
            new ZipListVisitor() {
              @Override
              public boolean string(long position, byte[] array, int offset, int length) {
                first[0] = first[0] < 0 ? position : first[0];
                return true;
              }

              @Override
              public boolean integer(long position, long value) {
                first[0] = first[0] < 0 ? position : first[0];
                return true;
              }
            });
        long at = first[0] >= 0 && r.nextBoolean() ? first[0] : ZipListPositions.endPosition(z);
        ZipListPositions.positionOffset(z, at);
        ZipListPositions.positionAt(z, ZipListPositions.positionOffset(z, at));
        ZipListPositions.insertAtPosition(z, at, v);
      }
      case 16 ->
          ZipListPositions.insertAtPosition(z, ZipListPositions.endPosition(z), r.nextLong());
      case 17 ->
          ZipListPositions.insertTwoAtPosition(z, ZipListPositions.endPosition(z), v, r.nextLong());
      case 18 -> ZipListPositions.insertTwoAtPosition(z, ZipListPositions.endPosition(z), v, v);
      case 19 -> {
        List<byte[]> l = z.asList(Codec.bytes());
        l.hashCode();
        l.toArray();
        if (!l.isEmpty()) {
          l.get(r.nextInt(l.size()));
        }
      }
      case 20 -> {
        ListIterator<byte[]> it = z.asList(Codec.bytes()).listIterator();
        while (it.hasNext()) {
          it.next();
          if (r.nextInt(4) == 0) {
            it.set(v);
          }
        }
        while (it.hasPrevious()) {
          it.previous();
        }
        it.add(v);
      }
      case 21 -> {
        List<byte[]> l = z.asList(Codec.bytes());
        l.add(v);
        l.add(0, v);
        l.remove(l.size() - 1);
      }
      case 22 -> {
        z.toString();
        long[] second = {-1};
        int[] seen = {0};
        ZipListPositions.visit(
            z,
            new ZipListVisitor() {
              @Override
              public boolean string(long position, byte[] array, int offset, int length) {
                return note(position);
              }

              @Override
              public boolean integer(long position, long value) {
                return note(position);
              }

              private boolean note(long position) {
                second[0] = position;
                return ++seen[0] < 2;
              }
            });
        ZipListPositions.visitFrom(
            z, second[0] >= 0 ? second[0] : ZipListPositions.endPosition(z), ALL);
      }
      default -> {
        z.insert(0, r.nextLong());
        z.replace(-1, r.nextLong());
      }
    }
  }
}
