package dev.redstruct.hll;

import java.util.random.RandomGenerator;

/**
 * Redis's {@code PFSELFTEST} (src/hyperloglog.c, pfselftestCommand): the dense registers keep what
 * is set in them without touching their neighbours, and over 10,000,000 distinct elements a dense
 * and a sparse sketch fed the same elements agree and stay within six standard errors of the true
 * cardinality at 1, 10, 100, ... elements, the sparse one sparse while small.
 */
final class HllSelfTest {
  /** Redis: HLL_TEST_CYCLES. */
  static final int CYCLES = 1000;

  /** Redis: the elements test 2 adds. */
  static final long ELEMENTS = 10_000_000;

  private HllSelfTest() {}

  /** The failure text (Redis's, after its "ERR " prefix), or null when every check passes. */
  static String run(RandomGenerator random) {
    String failed = registers(random);
    return failed != null ? failed : estimates(random.nextLong());
  }

  /** Test 1: random values set in every register read back the same. */
  private static String registers(RandomGenerator random) {
    byte[] s = new byte[HllLayout.DENSE_SIZE];
    int[] want = new int[HllLayout.REGISTERS];
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      for (int i = 0; i < want.length; i++) {
        want[i] = random.nextInt(HllLayout.REGISTER_MAX + 1);
        HllLayout.denseSet(s, HllLayout.HDR_SIZE, i, want[i]);
      }
      for (int i = 0; i < want.length; i++) {
        int got = HllLayout.denseGet(s, HllLayout.HDR_SIZE, i);
        if (got != want[i]) {
          return "TESTFAILED Register " + i + " should be " + want[i] + " but is " + got;
        }
      }
    }
    return null;
  }

  /**
   * Test 2: the elements {@code j ^ seed} (the 8 bytes of a little-endian uint64, as Redis hashes
   * them on x86-64) added to a dense and to a sparse sketch.
   */
  private static String estimates(long seed) {
    HyperLogLog dense = HyperLogLog.create();
    dense.toDense();
    HyperLogLog sparse = HyperLogLog.create();
    double relerr = 1.04 / Math.sqrt(HllLayout.REGISTERS);
    long checkpoint = 1;
    byte[] ele = new byte[8];
    for (long j = 1; j <= ELEMENTS; j++) {
      long e = j ^ seed;
      for (int b = 0; b < 8; b++) {
        ele[b] = (byte) (e >>> (8 * b));
      }
      long hash = MurmurHash64A.hash(ele, 0, 8, MurmurHash64A.SEED);
      dense.addHash(hash);
      sparse.addHash(hash);
      if (j != checkpoint) {
        continue;
      }
      if (j < sparse.sparseMaxBytes() / 2 && sparse.isDense()) {
        return "TESTFAILED sparse encoding not used";
      }
      long card = dense.redisCount();
      if (card != sparse.redisCount()) {
        return "TESTFAILED dense/sparse disagree";
      }
      long abserr = Math.abs(checkpoint - card);
      long maxerr = j == 10 ? 1 : (long) Math.ceil(relerr * 6 * checkpoint);
      if (abserr > maxerr) {
        return "TESTFAILED Too big error. card:" + checkpoint + " abserr:" + abserr;
      }
      checkpoint *= 10;
    }
    return null;
  }
}
