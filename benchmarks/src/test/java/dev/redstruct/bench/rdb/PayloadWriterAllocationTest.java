package dev.redstruct.bench.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.rdb.PayloadWriter;
import dev.redstruct.rdb.RedisPayloads;
import dev.redstruct.skiplist.ZSet;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 31's second defect: {@link PayloadWriter} promises one reusable LZF compressor, yet its
 * {@code dump(QuickList)} and {@code dump(ZSet)} built each payload with a fresh writer and so a
 * fresh 256 KiB LZF table (264,168 B and 263,776 B per call, against 96 B for {@code
 * dump(byte[])}). Now the structures write their RDB body into the caller's writer; a call
 * allocates the payload it returns and little else (the JVM's per-thread allocation counter, after
 * warm-up).
 */
class PayloadWriterAllocationTest {
  /** Far below one LZF table (256 KiB): the payload, its copy and small change. */
  private static final long SLACK = 16 * 1024;

  @Test
  void dumpsReuseTheWritersCompressor() {
    QuickList list = QuickList.create();
    ZSet compact = ZSet.create();
    ZSet skiplist = ZSet.create();
    for (int i = 0; i < 200; i++) {
      list.pushTail(bytes("event:login:user-" + i + ":from-the-same-place"));
      skiplist.add("member:with:a:longer:name:" + i, i * 1.5);
      if (i < 100) {
        compact.add("m:" + i, i);
      }
    }
    PayloadWriter w = PayloadWriter.create(true);
    check("dump(QuickList)", () -> w.dump(list), RedisPayloads.dump(list, true));
    check("dump(ZSet) compact", () -> w.dump(compact), RedisPayloads.dump(compact, true));
    check("dump(ZSet) skiplist", () -> w.dump(skiplist), RedisPayloads.dump(skiplist, true));
  }

  private static void check(String what, Supplier<byte[]> dump, byte[] expected) {
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    long bytes = 0;
    byte[] last = null;
    for (int round = 0; round < 2_000; round++) {
      long before = mx.getThreadAllocatedBytes(self);
      last = dump.get();
      bytes = mx.getThreadAllocatedBytes(self) - before;
    }
    System.out.printf(
        "PayloadWriterAllocationTest: %s allocates %d B per call for a %d B payload%n",
        what, bytes, last.length);
    assertArrayEquals(expected, last, what + ": the same bytes as RedisPayloads.dump");
    assertTrue(bytes <= 2L * last.length + SLACK, what + " allocated " + bytes + " B");
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
