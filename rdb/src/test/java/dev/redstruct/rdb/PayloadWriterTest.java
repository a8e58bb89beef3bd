package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A reused PayloadWriter gives the bytes of the static RedisPayloads.dump, value after value. */
class PayloadWriterTest {
  @Test
  void reusedWriterMatchesTheStaticDumps() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (boolean compression : new boolean[] {true, false}) {
      PayloadWriter w = PayloadWriter.create(compression);
      for (int i = 0; i < 2_000; i++) {
        Object v = Samples.random(rnd, "k").value();
        byte[] expected;
        byte[] got;
        if (v instanceof HyperLogLog h) {
          expected = RedisPayloads.dump(h, compression);
          got = w.dump(h);
        } else if (v instanceof Bitmap b) {
          expected = RedisPayloads.dump(b, compression);
          got = w.dump(b);
        } else if (v instanceof ZSet z) {
          expected = RedisPayloads.dump(z, compression);
          got = w.dump(z);
        } else if (v instanceof RedisHash hash) {
          expected = RedisPayloads.dump(hash, compression);
          got = w.dump(hash);
        } else if (v instanceof RedisSet set) {
          expected = RedisPayloads.dump(set, compression);
          got = w.dump(set);
        } else if (v instanceof QuickList q) {
          expected = RedisPayloads.dump(q, compression);
          got = w.dump(q);
        } else {
          expected = RedisPayloads.dump((byte[]) v, compression);
          got = w.dump((byte[]) v);
        }
        assertArrayEquals(expected, got);
      }
    }
  }
}
