package dev.redstruct.bench.listpack;

import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fixed-seed list contents for the listpack benchmarks, the same shape as the ziplist ones:
 * elements alternate a {@code user:NNNNN} key (a 10-byte string) and a small integer 0..999, the
 * two kinds of small values Redis list nodes, hashes and sorted sets of this size hold.
 */
final class ListPackInputs {
  private ListPackInputs() {}

  static final long SEED = 0x21915L;

  /** Fresh (not interned) strings, so footprints count each element's own objects. */
  static String[] strings(int n) {
    SplittableRandom r = new SplittableRandom(SEED);
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] =
          (i & 1) == 0
              ? new String("user:" + (10000 + r.nextInt(90000)))
              : new String(Integer.toString(r.nextInt(1000)));
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

  static ListPack listPack(byte[][] values) {
    ListPack lp = ListPack.create();
    for (byte[] v : values) {
      lp.append(v);
    }
    return lp;
  }

  static ZipList zipList(byte[][] values) {
    ZipList z = ZipList.create();
    for (byte[] v : values) {
      z.pushTail(v);
    }
    return z;
  }

  static ArrayList<String> arrayList(String[] values) {
    ArrayList<String> out = new ArrayList<>();
    for (String v : values) {
      out.add(new String(v));
    }
    return out;
  }

  /** {@code count} fixed-seed indexes in {@code [0, n)}. */
  static int[] probes(int n, int count) {
    SplittableRandom r = new SplittableRandom(SEED + n);
    int[] out = new int[count];
    for (int i = 0; i < count; i++) {
      out[i] = r.nextInt(n);
    }
    return out;
  }

  static long lengths(List<String> list) {
    long sum = 0;
    for (String s : list) {
      sum += s.length();
    }
    return sum;
  }
}
