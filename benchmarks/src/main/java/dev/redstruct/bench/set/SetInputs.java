package dev.redstruct.bench.set;

import dev.redstruct.set.RedisSet;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.SplittableRandom;

/** Fixed-seed members for the set benchmarks: distinct integers and distinct short strings. */
final class SetInputs {
  /** Probes per invocation. */
  static final int OPS = 1024;

  private SetInputs() {}

  /** n distinct integers in [-10^6, 10^6] (int32 intset elements), seeded. */
  static long[] integers(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    HashSet<Long> seen = new HashSet<>();
    long[] out = new long[n];
    for (int i = 0; i < n; ) {
      long v = r.nextLong(-1_000_000, 1_000_000);
      if (seen.add(v)) {
        out[i++] = v;
      }
    }
    return out;
  }

  /** n distinct strings {@code "member:<hex>:<i>"}, seeded. */
  static String[] strings(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = "member:" + Integer.toHexString(r.nextInt()) + ":" + i;
    }
    return out;
  }

  /** OPS indexes below n, seeded. */
  static int[] picks(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] out = new int[OPS];
    for (int i = 0; i < OPS; i++) {
      out[i] = r.nextInt(n);
    }
    return out;
  }

  static RedisSet redisSet(String[] members) {
    RedisSet s = RedisSet.create();
    for (String m : members) {
      s.add(utf8(m));
    }
    return s;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
