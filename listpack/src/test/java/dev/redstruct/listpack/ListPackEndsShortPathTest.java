package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The end edits' short path ({@link ListPackEnds}) against the general insert and delete: every
 * string on each side of its tests (a digit or '-' first, 1..4 digits, the 13-bit range, 63/64
 * bytes, the empty string) pushed at either end of listpacks with and without room on that side,
 * and popped into buffers that fit exactly, are one byte short or start out of range. The expected
 * bytes are a listpack built by {@code insert} (lpInsert through ListPackWriter.insert, which the
 * short path never takes); the expected decimals are {@code Long.toString}.
 */
class ListPackEndsShortPathTest {
  /** Strings around the short path's integer test and its 6-bit string limit. */
  private static final String[] PALETTE = {
    "0",
    "-0",
    "00",
    "01",
    "-01",
    "-",
    "--1",
    "-a",
    "1a",
    "9",
    "10",
    "99",
    "100",
    "127",
    "128",
    "999",
    "1000",
    "4095",
    "4096",
    "-4096",
    "-4097",
    "9999",
    "-9999",
    "10000",
    "12345",
    "+1",
    " 1",
    "1 ",
    "",
    "a",
    "user:12345",
    "x".repeat(62),
    "y".repeat(63),
    "z".repeat(64),
    "1".repeat(63),
    "-" + "2".repeat(62),
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808"
  };

  @Test
  void pushesEqualTheGeneralInsertAtBothEnds() {
    for (String text : PALETTE) {
      byte[] v = ListPackTestValues.ascii(text);
      for (ListPack start : startingPoints()) {
        byte[] bytes = start.toByteArray();
        List<byte[]> model = new ArrayList<>(start.asList());
        for (int room : new int[] {0, 1, 2, 3, 4, 65, 66, 80}) {
          ListPack head = withRoom(bytes, room, 0);
          head.prepend(v);
          model.add(0, v);
          assertEquals(Bytes.hex(general(model)), Bytes.hex(head.toByteArray()), "prepend " + text);
          model.remove(0);
          ListPack tail = withRoom(bytes, 0, room);
          tail.append(v);
          model.add(v);
          assertEquals(Bytes.hex(general(model)), Bytes.hex(tail.toByteArray()), "append " + text);
          model.remove(model.size() - 1);
          head.checkInvariants();
          tail.checkInvariants();
        }
      }
    }
  }

  @Test
  void everyThirteenBitDecimalAndItsNeighboursTakeTheSameBytes() {
    for (int i = -10_001; i <= 10_001; i++) {
      byte[] v = ListPackTestValues.ascii(Integer.toString(i));
      ListPack fast = ListPack.create();
      fast.append(v);
      fast.prepend(v);
      fast.prepend((long) i);
      fast.append((long) i);
      assertArrayEquals(general(List.of(v, v, v, v)), fast.toByteArray(), "value " + i);
      byte[] out = new byte[8];
      assertEquals(v.length, fast.pollFirst(out, 1), "value " + i);
      assertArrayEquals(v, Arrays.copyOfRange(out, 1, 1 + v.length));
      assertEquals(v.length, fast.pollLast(out, 8 - v.length), "value " + i);
      assertArrayEquals(v, Arrays.copyOfRange(out, 8 - v.length, 8));
    }
  }

  @Test
  void popsFitExactlyOrThrowAndChangeNothing() {
    for (String text : PALETTE) {
      byte[] v = ListPackTestValues.ascii(text);
      for (boolean first : new boolean[] {true, false}) {
        ListPack lp = ListPack.create();
        lp.append(ListPackTestValues.ascii("before"));
        lp.append(v);
        lp.prepend(v);
        byte[] bytes = lp.toByteArray();
        if (v.length > 0) {
          assertThrows(
              IndexOutOfBoundsException.class, () -> poll(lp, first, new byte[v.length - 1], 0));
          assertArrayEquals(bytes, lp.toByteArray(), "a short buffer changes nothing: " + text);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> poll(lp, first, new byte[64], -1));
        assertThrows(IndexOutOfBoundsException.class, () -> poll(lp, first, new byte[64], 65));
        assertArrayEquals(bytes, lp.toByteArray(), "a bad offset changes nothing: " + text);
        byte[] out = new byte[v.length];
        assertEquals(v.length, poll(lp, first, out, 0));
        assertArrayEquals(v, out, text);
        List<byte[]> rest = new ArrayList<>(List.of(ListPackTestValues.ascii("before"), v));
        if (!first) {
          rest.add(0, v);
          rest.remove(2);
        }
        assertEquals(Bytes.hex(general(rest)), Bytes.hex(lp.toByteArray()), text);
        lp.checkInvariants();
      }
    }
  }

  @Test
  void anUnknownCountStaysUnknown() {
    // 65535 elements: the header count reads 65535 ("unknown") after the last push, as lpInsert
    // leaves it; pushes and pops at both ends keep it so while the general path would.
    ListPack lp = ListPack.create();
    ListPack general = ListPack.create();
    byte[] one = ListPackTestValues.ascii("1");
    for (int i = 0; i < 65_535; i++) {
      lp.append(one);
    }
    general.insert(0, one);
    for (int i = 1; i < 65_535; i++) {
      general.insert(i, one); // lpInsert at the EOF byte, one at a time
    }
    assertEquals(0xFFFF, ListPackFormat.numElements(lp.buf, lp.base));
    assertArrayEquals(general.toByteArray(), lp.toByteArray());
    byte[] out = new byte[4];
    lp.prepend(ListPackTestValues.ascii("ab"));
    assertEquals(2, lp.pollFirst(out, 0));
    assertEquals(1, lp.pollLast(out, 0));
    assertEquals(0xFFFF, ListPackFormat.numElements(lp.buf, lp.base));
    general.deleteRange(-1, 1);
    assertArrayEquals(general.toByteArray(), lp.toByteArray());
  }

  @Test
  void shortDecimalsFormatAsLongToString() {
    byte[] out = new byte[8];
    for (int v = -4096; v <= 4095; v++) {
      int n = ListPackEnds.formatShort(v, out, 2);
      assertEquals(
          Long.toString(v), new String(out, 2, n, java.nio.charset.StandardCharsets.US_ASCII));
      assertArrayEquals(RedisNumbers.ll2string(v), Arrays.copyOfRange(out, 2, 2 + n));
    }
    assertEquals(-1, ListPackEnds.formatShort(-4096, new byte[5], 1), "no room: nothing written");
  }

  @Test
  void seededQueuesMatchArrayDequeAndAFreshListPack() {
    // Queues of the benchmark's kind of values (short strings and small integers, every edit on
    // the short path) with runs that grow and shrink the head room; the seed replays with
    // -Dredstruct.seed=.
    String fixed = System.getProperty("redstruct.seed");
    long seed = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    System.out.println("ListPackEndsShortPathTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    ListPack lp = ListPack.create();
    ArrayDeque<byte[]> model = new ArrayDeque<>();
    byte[] out = new byte[64];
    for (int step = 0; step < 4000; step++) {
      int lean = (step / 200) % 4;
      int action = r.nextInt(10) < 6 ? lean : r.nextInt(4);
      byte[] v = PALETTE_BYTES[r.nextInt(PALETTE_BYTES.length)];
      try {
        switch (action) {
          case 0 -> {
            lp.prepend(v);
            model.addFirst(v);
          }
          case 1 -> {
            byte[] e = model.pollFirst();
            assertEquals(e == null ? -1 : e.length, lp.pollFirst(out, 0));
            if (e != null) {
              assertArrayEquals(e, Arrays.copyOf(out, e.length));
            }
          }
          case 2 -> {
            lp.append(v);
            model.addLast(v);
          }
          default -> {
            byte[] e = model.pollLast();
            assertEquals(e == null ? -1 : e.length, lp.pollLast(out, 0));
            if (e != null) {
              assertArrayEquals(e, Arrays.copyOf(out, e.length));
            }
          }
        }
        assertEquals(Bytes.hex(general(new ArrayList<>(model))), Bytes.hex(lp.toByteArray()));
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("step " + step + ", replay with -Dredstruct.seed=" + seed, e);
      }
    }
    lp.checkInvariants();
  }

  private static final byte[][] PALETTE_BYTES =
      Arrays.stream(PALETTE).map(ListPackTestValues::ascii).toArray(byte[][]::new);

  private static int poll(ListPack lp, boolean first, byte[] dst, int off) {
    return first ? lp.pollFirst(dst, off) : lp.pollLast(dst, off);
  }

  /** Listpacks with no room on either side, with head room, and with room after the end. */
  private static List<ListPack> startingPoints() {
    List<ListPack> out = new ArrayList<>();
    out.add(ListPack.create());
    ListPack mixed = ListPack.create();
    for (String s : new String[] {"a", "12", "-300", "x".repeat(70), "5000"}) {
      mixed.append(ListPackTestValues.ascii(s));
    }
    mixed.trimToSize();
    out.add(mixed);
    ListPack roomy = ListPack.create();
    for (int i = 0; i < 40; i++) {
      roomy.prepend(ListPackTestValues.ascii("p" + i));
    }
    for (int i = 0; i < 30; i++) {
      roomy.pollLast(new byte[8], 0);
    }
    assertTrue(roomy.base > 0, "head room");
    out.add(roomy);
    return out;
  }

  /** A listpack over a copy of {@code bytes} with {@code before} and {@code after} free bytes. */
  private static ListPack withRoom(byte[] bytes, int before, int after) {
    ListPack lp = ListPack.copyOf(bytes);
    byte[] b = new byte[before + bytes.length + after];
    System.arraycopy(bytes, 0, b, before, bytes.length);
    lp.buf = b;
    lp.base = before;
    return lp;
  }

  /** The listpack of {@code elements} built by the general insert only. */
  private static byte[] general(List<byte[]> elements) {
    ListPack f = ListPack.create();
    for (byte[] e : elements) {
      f.insert(f.size(), e);
    }
    return f.toByteArray();
  }
}
