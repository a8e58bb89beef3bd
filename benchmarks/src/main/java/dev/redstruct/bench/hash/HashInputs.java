package dev.redstruct.bench.hash;

import dev.redstruct.hash.RedisHash;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.SplittableRandom;

/** Shared inputs of the hash benchmarks: ~10-byte fields and ~20-byte values, seeded. */
final class HashInputs {
  /** Operations per benchmark invocation. */
  static final int OPS = 1024;

  private HashInputs() {}

  /** Distinct fields like {@code "user:0042"} (10 bytes), shuffled by the seed. */
  static String[] fields(int n, long seed) {
    String[] out = new String[n];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      out[i] = String.format("fld:%06d", i) + (char) ('a' + r.nextInt(26));
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      String t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }

  /** A 20-byte value derived from the index. */
  static String value(int i) {
    return String.format("value-%014d", i);
  }

  /** Indexes in [0, n), seeded. */
  static int[] picks(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] out = new int[OPS];
    for (int i = 0; i < OPS; i++) {
      out[i] = r.nextInt(n);
    }
    return out;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static RedisHash redisHash(String[] fields) {
    RedisHash h = RedisHash.create();
    for (int i = 0; i < fields.length; i++) {
      h.put(utf8(fields[i]), utf8(value(i)));
    }
    return h;
  }

  static HashMap<String, String> hashMap(String[] fields) {
    HashMap<String, String> m = new HashMap<>();
    for (int i = 0; i < fields.length; i++) {
      m.put(fields[i], value(i));
    }
    return m;
  }
}
