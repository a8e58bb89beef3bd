package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.hll.HyperLogLog;
import java.util.SplittableRandom;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;

/** Fixed-seed elements and pre-filled sketches shared by the hll benchmarks and sections. */
final class HllInputs {
  private HllInputs() {}

  /** Elements per benchmark invocation. */
  static final int BATCH = 4096;

  /** log2 of the register count every sketch uses (Redis's P). */
  static final int LG_K = 14;

  /** {@code n} distinct-with-high-probability random byte strings of {@code size} bytes. */
  static byte[][] elements(long seed, int n, int size) {
    SplittableRandom rnd = new SplittableRandom(seed);
    byte[][] out = new byte[n][size];
    for (byte[] e : out) {
      for (int i = 0; i < size; i++) {
        e[i] = (byte) rnd.nextInt(256);
      }
    }
    return out;
  }

  /** The 8 little-endian bytes of {@code x}: a cheap distinct element. */
  static byte[] le(long x) {
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (x >>> (8 * i));
    }
    return b;
  }

  static HyperLogLog redstruct(long seed, int n) {
    HyperLogLog h = HyperLogLog.create();
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      h.add(le(rnd.nextLong()));
    }
    return h;
  }

  static HllSketch dataSketches(long seed, int n, TgtHllType type) {
    HllSketch h = new HllSketch(LG_K, type);
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      h.update(le(rnd.nextLong()));
    }
    return h;
  }

  static HyperLogLogPlus streamLib(long seed, int n) {
    HyperLogLogPlus h = new HyperLogLogPlus(LG_K);
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      h.offer(le(rnd.nextLong()));
    }
    return h;
  }
}
