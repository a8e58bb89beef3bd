package dev.redstruct.bench.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.redstruct.skiplist.LexRange;
import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ZSet;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 31's third defect: the compact (listpack) counts walk the listpack in place instead of
 * decoding every pair. At 128 members {@code ZSet.count} allocated 5,616 B per call when it decoded
 * the pairs (member copies, the score array, the member array); walked in place it allocates
 * nothing it keeps (measured with the JVM's per-thread allocation counter, after warm-up). The
 * bound leaves room for the walk's own cursors when the JIT has not yet removed them (a CI run
 * under load saw 144 B for lexCount where a quiet one sees 72 B): it separates walking in place
 * from decoding the pairs, which costs thousands of bytes, not one JIT state from another.
 */
class ZSetCompactReadAllocationTest {
  private static final long MOST_BYTES = 1024; // the decoded pairs cost 5,616 B

  @Test
  void compactCountsDoNotDecodeThePairs() {
    ZSet byScore = ZSet.create();
    ZSet byLex = ZSet.create();
    for (int i = 0; i < 128; i++) {
      byScore.add("member:" + i, i);
      byLex.add(String.format("member:%03d", i), 0);
    }
    assertEquals(ZSet.Encoding.COMPACT, byScore.encoding());
    assertEquals(ZSet.Encoding.COMPACT, byLex.encoding());
    ScoreRange scores = ScoreRange.closed(10, 100);
    LexRange lex = LexRange.parse(bytes("[member:010"), bytes("(member:100"));
    long count = allocation(() -> byScore.count(scores));
    long lexCount = allocation(() -> byLex.lexCount(lex));
    System.out.printf(
        "ZSetCompactReadAllocationTest: count %d B, lexCount %d B per call at 128 members%n",
        count, lexCount);
    assertEquals(91, byScore.count(scores));
    assertEquals(90, byLex.lexCount(lex));
    assertTrue(count <= MOST_BYTES, "count allocated " + count + " B");
    assertTrue(lexCount <= MOST_BYTES, "lexCount allocated " + lexCount + " B");
  }

  /**
   * The fewest bytes allocated by one of the last 5,000 of 20,000 calls (the first ones warm up).
   */
  static long allocation(LongSupplier call) {
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    long bytes = Long.MAX_VALUE;
    long sink = 0;
    for (int round = 0; round < 20_000; round++) {
      long before = mx.getThreadAllocatedBytes(self);
      sink += call.getAsLong();
      long used = mx.getThreadAllocatedBytes(self) - before;
      if (round >= 15_000) {
        bytes = Math.min(bytes, used);
      }
    }
    assertTrue(sink >= 0);
    return bytes;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
