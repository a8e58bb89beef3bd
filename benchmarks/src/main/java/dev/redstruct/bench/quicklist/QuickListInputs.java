package dev.redstruct.bench.quicklist;

import dev.redstruct.bench.ListInputs;
import dev.redstruct.quicklist.QuickList;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Fixed-seed element corpora for the quicklist benchmarks. */
final class QuickListInputs {
  private QuickListInputs() {}

  static final long SEED = 0x16L;

  /**
   * "Short strings and integers": fresh (not interned) strings alternating user:NNNNN and integers
   * 0..999, so footprints count each element's own objects.
   */
  static String[] shortStrings(int n) {
    return ListInputs.strings(SEED, n);
  }

  /** "Random short strings": 8 to 24 random lowercase letters. */
  static String[] randomStrings(int n) {
    SplittableRandom r = new SplittableRandom(SEED + 1);
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      char[] c = new char[8 + r.nextInt(17)];
      for (int j = 0; j < c.length; j++) {
        c[j] = (char) ('a' + r.nextInt(26));
      }
      out[i] = new String(c);
    }
    return out;
  }

  /** "Repetitive JSON records": event records sharing their keys and most values. */
  static String[] jsonRecords(int n) {
    SplittableRandom r = new SplittableRandom(SEED + 2);
    String[] kinds = {"click", "view", "purchase", "signup"};
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] =
          new String(
              "{\"id\":"
                  + (1_000_000 + i)
                  + ",\"user\":\"user:"
                  + (10000 + r.nextInt(500))
                  + "\",\"event\":\""
                  + kinds[r.nextInt(kinds.length)]
                  + "\",\"source\":\"web\",\"ok\":true}");
    }
    return out;
  }

  static byte[][] bytes(String[] strings) {
    byte[][] out = new byte[strings.length][];
    for (int i = 0; i < strings.length; i++) {
      out[i] = strings[i].getBytes(StandardCharsets.US_ASCII);
    }
    return out;
  }

  /** A list built by RPUSH with Redis's default fill (-2) and the given depth. */
  static QuickList quickList(byte[][] values, int depth) {
    QuickList ql = QuickList.create(QuickList.DEFAULT_FILL, depth);
    for (byte[] v : values) {
      ql.pushTail(v);
    }
    return ql;
  }
}
