package dev.redstruct.bench.dict;

import dev.redstruct.dict.Dict;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/** Shared inputs of the dict benchmarks: distinct String keys from a fixed seed. */
final class DictInputs {
  /** Lookups, removals or inserts per benchmark invocation. */
  static final int OPS = 1024;

  private DictInputs() {}

  /** {@code n} distinct keys shaped like Redis keys ("user:" + 16 hex digits). */
  static String[] keys(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] = "user:" + Long.toHexString(r.nextLong() | Long.MIN_VALUE);
    }
    return out;
  }

  /** {@code OPS} keys drawn from {@code keys}, in random order. */
  static String[] sample(String[] keys, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String[] out = new String[OPS];
    for (int i = 0; i < OPS; i++) {
      out[i] = new String(keys[r.nextInt(keys.length)]); // a distinct instance: no == shortcut
    }
    return out;
  }

  static <M extends Map<String, Integer>> M fill(M m, String[] keys) {
    for (int i = 0; i < keys.length; i++) {
      m.put(keys[i], i);
    }
    return m;
  }

  static Map<String, Integer> create(String variant) {
    return switch (variant) {
      case "redstruct" -> Dict.create();
      case "sipHash" -> Dict.forStrings();
      case "hashMap" -> new HashMap<>();
      case "linkedHashMap" -> new LinkedHashMap<>();
      default -> throw new IllegalArgumentException(variant);
    };
  }
}
