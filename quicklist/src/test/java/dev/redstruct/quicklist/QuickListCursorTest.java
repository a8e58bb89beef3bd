package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Codec;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link QuickListCursor}: the same elements as a model in both directions and from any seek, no
 * node changed, fail-fast on element changes only, and no allocation per element, measured with
 * {@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes} (the bound allows a few hundred
 * bytes per node: a listpack cursor, and for a compressed node its inflated bytes, and nothing per
 * element; one allocation per element would be at least 16 bytes times 100,000).
 */
class QuickListCursorTest {
  private static final int N = 100_000;

  private static byte[] b(String s) {
    return s.getBytes(US_ASCII);
  }

  /** Short strings and integers, as the footprint benchmark's corpus; PLAIN nodes now and then. */
  private static QuickList build(
      SplittableRandom r, int n, int fill, int depth, List<byte[]> model) {
    QuickList ql = QuickList.create(fill, depth);
    ql.setPackedThreshold(2000);
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(100);
      byte[] v =
          kind < 40
              ? b(Long.toString(r.nextLong(-100_000, 100_000)))
              : kind == 99 && r.nextInt(50) == 0 ? new byte[2000 + r.nextInt(100)] : b("user:" + i);
      if (r.nextBoolean()) {
        ql.pushTail(v);
        model.add(v);
      } else {
        ql.pushHead(v);
        model.add(0, v);
      }
    }
    return ql;
  }

  @Test
  void walksAndSeeksLikeTheModelWithoutChangingNodes() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("QuickListCursorTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    for (int run = 0; run < 12; run++) {
      List<byte[]> model = new ArrayList<>();
      int fill = new int[] {-2, -1, 1, 5, 128}[r.nextInt(5)];
      QuickList ql = build(r, r.nextInt(3000), fill, r.nextInt(3), model);
      String shape = ql.shape();
      QuickListCursor c = ql.cursor();
      for (byte[] expected : model) {
        assertTrue(c.next(), "seed " + seed);
        assertArrayEquals(expected, c.toByteArray(), "seed " + seed);
      }
      assertFalse(c.next());
      for (int i = model.size() - 1; i >= 0; i--) {
        assertTrue(c.previous(), "seed " + seed);
        assertTrue(c.contentEquals(model.get(i)), "seed " + seed);
      }
      assertFalse(c.previous());
      for (int k = 0; k < 50 && !model.isEmpty(); k++) {
        int i = r.nextInt(model.size());
        assertTrue(c.seek(r.nextBoolean() ? i : i - model.size()));
        assertArrayEquals(model.get(i), c.toByteArray(), "seed " + seed + " seek " + i);
        if (c.next() && i + 1 < model.size()) {
          assertArrayEquals(model.get(i + 1), c.toByteArray(), "seed " + seed);
        }
      }
      assertFalse(c.seek(model.size()));
      assertEquals(shape, ql.shape(), "a cursor changes no node, seed " + seed);
    }
  }

  @Test
  void readsIntegersStringsAndPlainNodes() {
    QuickList ql = QuickList.create(-2, 0);
    ql.setPackedThreshold(10);
    ql.pushTail(b("12"));
    ql.pushTail(b("a-long-plain-element"));
    ql.pushTail(b("x"));
    QuickListCursor c = ql.cursor();
    assertThrows(NoSuchElementException.class, c::length);
    assertTrue(c.next());
    assertTrue(c.isInteger());
    assertEquals(12, c.longValue());
    assertEquals("12", c.decode(Codec.utf8()));
    assertTrue(c.next());
    assertFalse(c.isInteger());
    assertThrows(IllegalStateException.class, c::longValue);
    byte[] buf = new byte[c.length()];
    assertEquals(buf.length, c.copyTo(buf, 0));
    assertEquals("a-long-plain-element", new String(buf, US_ASCII));
    assertTrue(c.next());
    assertEquals("x", c.decode(Codec.utf8()));
    assertFalse(c.next());
    assertTrue(c.previous());
    assertTrue(c.contentEquals(b("x")));
  }

  @Test
  void failsFastOnElementChangesOnly() {
    QuickList ql = QuickList.create(2, 1);
    for (int i = 0; i < 40; i++) {
      ql.pushTail(b("element-number-" + i + "-with-some-repetition-repetition-repetition"));
    }
    QuickListCursor c = ql.cursor();
    assertTrue(c.next());
    ql.get(20); // LINDEX: may decompress and recompress a node, changes no element
    ql.range(10, 30);
    assertTrue(c.next());
    ql.pushHead(b("new"));
    assertThrows(ConcurrentModificationException.class, c::next);
    assertThrows(ConcurrentModificationException.class, c::toByteArray);
    Iterator<String> it = ql.asList(Codec.utf8()).iterator();
    it.next();
    ql.popTail();
    assertThrows(ConcurrentModificationException.class, it::next);
  }

  // ---------------------------------------------------------------- allocation

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  private static long walk(QuickList ql, byte[] buf) {
    long sum = 0;
    QuickListCursor c = ql.cursor();
    while (c.next()) {
      sum += c.isInteger() ? c.longValue() : c.copyTo(buf, 0) + buf[0];
    }
    return sum;
  }

  /** A codec whose decode allocates nothing, so that any allocation measured is the view's own. */
  private static final class SumCodec implements Codec<Object> {
    long sum;

    @Override
    public byte[] encode(Object value) {
      return ((String) value).getBytes(US_ASCII);
    }

    @Override
    public Object decode(byte[] src, int off, int len) {
      sum += len + src[off];
      return this;
    }
  }

  private static long viewWalk(QuickList ql, SumCodec codec) {
    long n = 0;
    for (Object o : ql.asList(codec)) {
      n += o == codec ? 1 : 0;
    }
    return n;
  }

  private static long inflatedBytes(QuickList ql) {
    long total = 0;
    for (QuickNode n = ql.nodes.head; n != null; n = n.next) {
      total += n.compressed() ? n.sz : 0;
    }
    return total;
  }

  @Test
  void stepsAndReadsAllocateNothingPerElement() {
    for (int depth : new int[] {0, 1}) {
      QuickList ql = build(new SplittableRandom(42), N, -2, depth, new ArrayList<>());
      byte[] buf = new byte[4096];
      SumCodec codec = new SumCodec();
      long sink = 0;
      allocatedBytes();
      for (int warm = 0; warm < 20; warm++) {
        sink += walk(ql, buf) + viewWalk(ql, codec);
      }
      long perNode = 400L * ql.nodeCount() + inflatedBytes(ql) + 8192;
      long t0 = allocatedBytes();
      sink += walk(ql, buf);
      long cursorBytes = allocatedBytes() - t0;
      t0 = allocatedBytes();
      long seen = viewWalk(ql, codec);
      long viewBytes = allocatedBytes() - t0;
      System.out.printf(
          "QuickListCursorTest depth %d: %d elements in %d nodes; cursor walk %d bytes, view"
              + " iteration %d bytes (bound %d)%n",
          depth, N, ql.nodeCount(), cursorBytes, viewBytes, perNode);
      assertEquals(N, seen);
      assertTrue(cursorBytes <= perNode, "cursor walk allocated " + cursorBytes + " " + sink);
      assertTrue(viewBytes <= perNode, "view iteration allocated " + viewBytes);
    }
  }
}
