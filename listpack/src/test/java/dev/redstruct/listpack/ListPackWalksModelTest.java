package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The consumer walks ({@link ListPack#forEach}, {@link ListPack#forEachBackward}), whose loops keep
 * a guessed string header or backlen per parity, against the list they were built from and against
 * the cursor's decode: seeded lists drawn from a small palette of element kinds per list (every
 * encoding: 7/13-bit, 16/24/32/64-bit integers, 6/12/32-bit strings, backlens of 1..3 bytes), laid
 * out in runs, in alternating pairs, or at random, so that the guesses hit, miss and change at both
 * parities. The seed is printed in the failure message; replay with {@code
 * -Dredstruct.seed=<seed>}.
 */
class ListPackWalksModelTest {
  private static final int LISTS = 300;

  @Test
  void bothWalksMatchTheModelInEveryLayout() {
    String fixed = System.getProperty("redstruct.seed");
    long base = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    System.out.println("ListPackWalksModelTest seed " + base);
    int[] kinds = new int[2];
    for (int run = 0; run < (fixed != null ? 1 : LISTS); run++) {
      long seed = base + run;
      try {
        check(seed, kinds);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("replay with -Dredstruct.seed=" + seed + ": " + e, e);
      }
    }
    if (fixed == null) {
      assertTrue(kinds[0] > 0 && kinds[1] > 0, "strings and integers were walked");
    }
  }

  private static void check(long seed, int[] kinds) {
    SplittableRandom r = new SplittableRandom(seed);
    byte[][] palette = new byte[1 + r.nextInt(4)][];
    for (int i = 0; i < palette.length; i++) {
      palette[i] = paletteValue(r);
    }
    int n = r.nextInt(r.nextInt(8) == 0 ? 600 : 40);
    int layout = r.nextInt(3); // 0 runs, 1 alternating pairs, 2 random
    List<byte[]> model = new ArrayList<>();
    int current = 0;
    for (int i = 0; i < n; i++) {
      if (layout == 0 && r.nextInt(6) == 0) {
        current = r.nextInt(palette.length);
      }
      int k = layout == 0 ? current : layout == 1 ? i % palette.length : r.nextInt(palette.length);
      if (r.nextInt(10) == 0) {
        model.add(paletteValue(r)); // an odd one out: the guess misses and changes
      } else {
        model.add(palette[k]);
      }
    }
    // Prepended up to a split point and appended from it: the list sits at a base offset.
    ListPack lp = ListPack.create();
    int split = model.isEmpty() ? 0 : r.nextInt(model.size() + 1);
    for (int i = split - 1; i >= 0; i--) {
      lp.prepend(model.get(i));
    }
    for (int i = split; i < model.size(); i++) {
      lp.append(model.get(i));
    }
    for (ListPack l : new ListPack[] {lp, ListPack.copyOf(lp.toByteArray())}) {
      assertWalks(model, l, kinds);
    }
  }

  private static void assertWalks(List<byte[]> model, ListPack lp, int[] kinds) {
    Capture forward = new Capture();
    lp.forEach(forward);
    assertEquals(model.size(), forward.all.size(), "forward count");
    for (int i = 0; i < model.size(); i++) {
      assertArrayEquals(model.get(i), forward.all.get(i), "forward element " + i);
    }
    Capture backward = new Capture();
    lp.forEachBackward(backward);
    assertEquals(model.size(), backward.all.size(), "backward count");
    for (int i = 0; i < model.size(); i++) {
      assertArrayEquals(
          model.get(model.size() - 1 - i), backward.all.get(i), "backward element " + i);
    }
    // The cursor's decode (ListPackFormat.decode for every element) agrees on the kinds.
    ListPackCursor c = lp.cursor();
    for (int i = 0; i < model.size(); i++) {
      assertTrue(c.next());
      assertEquals(c.isInteger(), forward.integer.get(i), "kind of element " + i);
    }
    kinds[0] += forward.strings;
    kinds[1] += forward.all.size() - forward.strings;
  }

  /** A value of a random encoding: the listpack boundaries, short strings and small integers. */
  private static byte[] paletteValue(SplittableRandom r) {
    switch (r.nextInt(6)) {
      case 0:
        return ascii(
            Long.toString(
                ListPackTestValues.INT_BOUNDARIES[
                    r.nextInt(ListPackTestValues.INT_BOUNDARIES.length)]));
      case 1:
        return ascii(Integer.toString(r.nextInt(1000)));
      case 2:
        {
          byte[] s = new byte[r.nextInt(12)];
          Arrays.fill(s, (byte) ('a' + r.nextInt(26)));
          return s;
        }
      case 3:
        {
          int[] lengths = ListPackTestValues.STRING_BOUNDARIES;
          byte[] s = new byte[lengths[r.nextInt(lengths.length)]];
          Arrays.fill(s, (byte) ('a' + r.nextInt(26)));
          return s;
        }
      case 4:
        return ascii("user:" + (10000 + r.nextInt(90000)));
      default:
        return ListPackTestValues.value(r);
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** Walks of a blob with a multi-byte backlen that reads into the bytes before its element. */
  @Test
  void guessedStepsAndLooseBacklensMix() {
    // 6-bit "" with backlen 81 (bit 7 set: lpDecodeBacklen reads on through the encoding byte
    // 0x80 into the header's 0x00, as ListPackEndsModelTest's loose blob), then 7-bit 1, 2, 3:
    // backward, the guesses hit and the last step takes lpPrev's general path.
    ListPack lp =
        ListPack.copyOf(Bytes.fromHex("0f0000000400" + "8081" + "0101" + "0201" + "0301" + "ff"));
    List<byte[]> model = List.of(new byte[0], ascii("1"), ascii("2"), ascii("3"));
    assertWalks(model, lp, new int[2]);
  }

  /** Keeps a copy of what it receives, and whether it came as an integer. */
  private static final class Capture implements ListPack.ElementConsumer {
    final List<byte[]> all = new ArrayList<>();
    final List<Boolean> integer = new ArrayList<>();
    int strings;

    @Override
    public void string(byte[] array, int offset, int length) {
      all.add(Arrays.copyOfRange(array, offset, offset + length));
      integer.add(false);
      strings++;
    }

    @Override
    public void integer(long value) {
      all.add(RedisNumbers.ll2string(value));
      integer.add(true);
    }
  }
}
