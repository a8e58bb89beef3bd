package dev.redstruct.quicklist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The non-allocating pops ({@code popHead(byte[], int)}, {@code popHead(ElementConsumer)} and their
 * tail forms) against the owning ones: two quicklists take the same seeded queue work at both ends
 * (fills -5..128, depths 0..3, PLAIN nodes now and then), one popping with {@code popHead()}/{@code
 * popTail()} (whose DUMP bytes the differential ITs hold to Redis's), the other with the new forms;
 * after every step both hold the {@code ArrayDeque} model's elements and their DUMP payloads are
 * equal. Seed printed; replay with {@code -Dredstruct.seed=<seed>}.
 */
class QuickListPopModelTest {
  private static final int[] FILLS = {-5, -2, -1, 1, 2, 5, 128};

  @Test
  void bufferAndConsumerPopsLeaveTheBytesOfOwningPops() {
    String fixed = System.getProperty("redstruct.seed");
    long base = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    System.out.println("QuickListPopModelTest seed " + base);
    int runs = fixed != null ? 1 : Integer.getInteger("redstruct.runs", 30);
    for (int run = 0; run < runs; run++) {
      long seed = base + run;
      try {
        runSequence(seed);
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError("replay with -Dredstruct.seed=" + seed + ": " + e, e);
      }
    }
  }

  private static byte[] value(SplittableRandom r) {
    int kind = r.nextInt(10);
    if (kind < 4) {
      return Long.toString(r.nextLong(-70000, 70000)).getBytes();
    }
    int len = kind < 9 ? r.nextInt(30) : r.nextInt(900);
    byte[] v = new byte[len];
    for (int i = 0; i < len; i++) {
      v[i] = (byte) (r.nextBoolean() ? 'x' : 'a' + r.nextInt(3));
    }
    return v;
  }

  private static void runSequence(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int fill = FILLS[r.nextInt(FILLS.length)];
    int depth = r.nextInt(4);
    QuickList owning = QuickList.create(fill, depth);
    QuickList lean = QuickList.create(fill, depth);
    if (r.nextBoolean()) {
      owning.setPackedThreshold(500);
      lean.setPackedThreshold(500);
    }
    ArrayDeque<byte[]> model = new ArrayDeque<>();
    byte[] buf = new byte[1000];
    int pushBias = 3 + r.nextInt(4);
    for (int step = 0; step < 600; step++) {
      if (step % 150 == 0) {
        pushBias = 2 + r.nextInt(6); // out of 8: the list grows, shrinks or holds steady
      }
      if (r.nextInt(8) < pushBias) {
        byte[] v = value(r);
        boolean head = r.nextBoolean();
        push(owning, head, v);
        push(lean, head, v);
        if (head) {
          model.addFirst(v);
        } else {
          model.addLast(v);
        }
      } else {
        boolean head = r.nextBoolean();
        byte[] expected = head ? model.pollFirst() : model.pollLast();
        assertArrayEquals(expected, head ? owning.popHead() : owning.popTail());
        assertArrayEquals(expected, leanPop(r, lean, head, buf));
      }
      lean.checkInvariants();
      assertEquals(model.size(), lean.size());
      assertEquals(
          Bytes.hex(owning.toRdbPayload(false)), Bytes.hex(lean.toRdbPayload(false)), "DUMP");
    }
    int i = 0;
    for (byte[] e : model) {
      assertArrayEquals(e, lean.get(i++));
    }
  }

  private static void push(QuickList ql, boolean head, byte[] v) {
    if (head) {
      ql.pushHead(v);
    } else {
      ql.pushTail(v);
    }
  }

  /** Pops with a buffer or a consumer; returns a copy of the element, or null when empty. */
  private static byte[] leanPop(SplittableRandom r, QuickList ql, boolean head, byte[] buf) {
    if (r.nextBoolean()) {
      int off = r.nextInt(10);
      int n = head ? ql.popHead(buf, off) : ql.popTail(buf, off);
      return n < 0 ? null : Arrays.copyOfRange(buf, off, off + n);
    }
    byte[][] got = new byte[1][];
    ListPack.ElementConsumer c =
        new ListPack.ElementConsumer() {
          @Override
          public void string(byte[] array, int offset, int length) {
            got[0] = Arrays.copyOfRange(array, offset, offset + length);
          }

          @Override
          public void integer(long value) {
            got[0] = RedisNumbers.ll2string(value);
          }
        };
    boolean popped = head ? ql.popHead(c) : ql.popTail(c);
    assertEquals(popped, got[0] != null);
    return got[0];
  }

  @Test
  void aBufferTooSmallChangesNothing() {
    QuickList ql = QuickList.create();
    ql.pushTail("hello".getBytes());
    ql.setPackedThreshold(10);
    ql.pushTail("a plain element".getBytes());
    byte[] before = ql.toRdbPayload(false);
    assertThrows(IndexOutOfBoundsException.class, () -> ql.popHead(new byte[4], 0));
    assertThrows(IndexOutOfBoundsException.class, () -> ql.popTail(new byte[20], 6));
    assertArrayEquals(before, ql.toRdbPayload(false));
    assertEquals(2, ql.size());
    byte[] out = new byte[15];
    assertEquals(15, ql.popTail(out, 0));
    assertArrayEquals("a plain element".getBytes(), out);
    assertEquals(5, ql.popHead(out, 0));
    assertEquals(-1, ql.popHead(out, 0));
    assertEquals(false, ql.popTail(new ListPackNoop()));
  }

  @Test
  void aNodeEmptiedByPopsLendsItsArrayToTheNextNewNode() {
    QuickList queue = QuickList.create(2, 0); // two elements per node
    for (String v : List.of("a", "b", "c", "d")) {
      queue.pushHead(v.getBytes());
    }
    ListPack tailListPack = queue.nodes.tail.lp;
    assertArrayEquals("a".getBytes(), queue.popTail());
    assertArrayEquals("b".getBytes(), queue.popTail()); // the tail node is empty and unlinked
    queue.pushHead("e".getBytes());
    queue.pushHead("f".getBytes()); // the head node is full: a new node takes the spare listpack
    assertSame(tailListPack, queue.nodes.head.lp);
    queue.checkInvariants();
    QuickList fresh = QuickList.create(2, 0);
    for (String v : List.of("c", "d", "e", "f")) {
      fresh.pushHead(v.getBytes());
    }
    assertEquals(Bytes.hex(fresh.toRdbPayload(false)), Bytes.hex(queue.toRdbPayload(false)));
    while (queue.popHead() != null) {
      queue.checkInvariants();
    }
    queue.pushTail("g".getBytes()); // an emptied list keeps no spare
    assertNotSame(tailListPack, queue.nodes.head.lp);
  }

  /** A consumer that ignores what it gets. */
  private static final class ListPackNoop implements ListPack.ElementConsumer {
    @Override
    public void string(byte[] array, int offset, int length) {}

    @Override
    public void integer(long value) {}
  }
}
