package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random action sequences against {@code ArrayList<byte[]>}, with {@code checkInvariants()}
 * and a full walk both ways after every step. The seed is printed in the failure message; replay
 * with {@code -Dredstruct.seed=<seed>}; {@code -Dredstruct.runs} changes the number of sequences.
 */
class ListPackModelTest {
  private static final int STEPS = 250;

  @Test
  void randomActionsMatchArrayList() {
    String fixed = System.getProperty("redstruct.seed");
    int runs = Integer.getInteger("redstruct.runs", 60);
    long base = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    System.out.println("ListPackModelTest seed " + base);
    for (int run = 0; run < (fixed != null ? 1 : runs); run++) {
      long seed = base + run;
      try {
        runSequence(seed);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("replay with -Dredstruct.seed=" + seed + ": " + e, e);
      }
    }
  }

  private static void runSequence(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    ListPack lp = ListPack.create();
    List<byte[]> model = new ArrayList<>();
    for (int step = 0; step < STEPS; step++) {
      lp = act(r, lp, model);
      lp.checkInvariants();
      assertSame(model, lp);
    }
  }

  private static ListPack act(SplittableRandom r, ListPack lp, List<byte[]> model) {
    int n = model.size();
    byte[] v = ListPackTestValues.value(r);
    switch (r.nextInt(13)) {
      case 0:
        lp.prepend(v);
        model.add(0, v);
        break;
      case 1:
        lp.append(v);
        model.add(v);
        break;
      case 2:
        int at = r.nextInt(n + 1);
        lp.insert(at, v);
        model.add(at, v);
        break;
      case 3:
        long l = r.nextLong() >> r.nextInt(64);
        int at2 = r.nextInt(n + 1);
        lp.insert(at2, l);
        model.add(at2, ListPackTestValues.ascii(Long.toString(l)));
        break;
      case 4:
        if (n > 0) {
          int d = r.nextInt(n);
          lp.delete(r.nextBoolean() ? d : d - n);
          model.remove(d);
        }
        break;
      case 5:
        int from = r.nextInt(n + 2) - (r.nextBoolean() ? n + 1 : 0);
        int count = r.nextInt(5);
        lp.deleteRange(from, count);
        int start = from < 0 ? from + n : from;
        if (start >= 0 && start < n) {
          model.subList(start, Math.min(n, start + count)).clear();
        }
        break;
      case 6:
        if (n > 0) {
          int i = r.nextInt(n);
          lp.replace(i - (r.nextBoolean() ? n : 0), v);
          model.set(i, v);
        }
        break;
      case 7:
        return r.nextBoolean()
            ? ListPack.copyOf(lp.toByteArray())
            : ListPack.wrap(lp.toByteArray());
      case 8:
        if (n > 0) {
          byte[] needle = model.get(r.nextInt(n));
          int skip = r.nextInt(2);
          int expected = -1;
          for (int k = 0; k < n && expected < 0; k += skip + 1) {
            if (Arrays.equals(model.get(k), needle)) {
              expected = k;
            }
          }
          assertEquals(expected, lp.find(needle, 0, skip));
        }
        break;
      case 9:
        ListPack other = ListPack.create();
        List<byte[]> more = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
          byte[] w = ListPackTestValues.value(r);
          other.append(w);
          more.add(w);
        }
        model.addAll(more);
        return ListPack.merge(lp, other);
      case 10:
        if (n > 0) {
          ListPackCursor c = lp.cursor();
          int i = r.nextInt(n);
          c.seek(i);
          switch (r.nextInt(4)) {
            case 0:
              c.insertBefore(v);
              model.add(i, v);
              break;
            case 1:
              c.insertAfter(v);
              model.add(i + 1, v);
              break;
            case 2:
              c.replace(v);
              model.set(i, v);
              break;
            default:
              c.remove();
              model.remove(i);
          }
        }
        break;
      case 11:
        lp.trimToSize();
        break;
      default:
        if (n > 0) {
          int i = r.nextInt(n);
          assertArrayEquals(model.get(i), lp.get(i - (r.nextBoolean() ? n : 0)));
        }
    }
    return lp;
  }

  private static void assertSame(List<byte[]> model, ListPack lp) {
    assertEquals(model.size(), lp.size());
    ListPackCursor c = lp.cursor();
    for (byte[] expected : model) {
      c.next();
      assertArrayEquals(expected, c.toByteArray());
    }
    assertEquals(false, c.next());
    for (int i = model.size() - 1; i >= 0; i--) {
      c.previous();
      assertArrayEquals(model.get(i), c.toByteArray());
    }
    assertEquals(false, c.previous());
  }
}
