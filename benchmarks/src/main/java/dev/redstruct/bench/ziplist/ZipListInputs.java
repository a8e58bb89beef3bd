package dev.redstruct.bench.ziplist;

import dev.redstruct.ziplist.ZipList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fixed-seed list contents for the ziplist benchmarks: entries alternate a {@code user:NNNNN} key
 * (a 10-byte string entry) and a small integer 0..999 (an integer entry of 2 or 3 bytes), the two
 * kinds of small values Redis lists of this size hold.
 */
final class ZipListInputs {
  private ZipListInputs() {}

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

  static ZipList zipList(byte[][] values) {
    ZipList z = ZipList.create();
    for (byte[] v : values) {
      z.pushTail(v);
    }
    return z;
  }

  static ArrayList<byte[]> arrayListBytes(byte[][] values) {
    ArrayList<byte[]> out = new ArrayList<>();
    for (byte[] v : values) {
      out.add(v.clone());
    }
    return out;
  }

  static ArrayList<String> arrayList(String[] values) {
    ArrayList<String> out = new ArrayList<>();
    for (String v : values) {
      out.add(new String(v));
    }
    return out;
  }

  static LinkedList<String> linkedList(String[] values) {
    LinkedList<String> out = new LinkedList<>();
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
