package dev.redstruct.bench;

import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Fixed-seed list contents shared by the ziplist, listpack and quicklist benchmarks: elements
 * alternate a {@code user:NNNNN} key (a 10-byte string) and a small integer 0..999, the two kinds
 * of small values Redis list nodes, hashes and sorted sets of this size hold; and the builders of
 * each structure and baseline from them.
 */
public final class ListInputs {
  private ListInputs() {}

  /** The seed of {@link #strings(int)} and {@link #probes(int, int)}. */
  public static final long SEED = 0x21915L;

  /**
   * {@code n} fresh (not interned) strings from {@link #SEED}, so footprints count each element's
   * own objects.
   *
   * @param n how many
   * @return the strings
   */
  public static String[] strings(int n) {
    return strings(SEED, n);
  }

  /**
   * {@code n} fresh strings alternating {@code user:NNNNN} and 0..999, from {@code seed}.
   *
   * @param seed the random seed
   * @param n how many
   * @return the strings
   */
  public static String[] strings(long seed, int n) {
    SplittableRandom r = new SplittableRandom(seed);
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      out[i] =
          (i & 1) == 0
              ? new String("user:" + (10000 + r.nextInt(90000)))
              : new String(Integer.toString(r.nextInt(1000)));
    }
    return out;
  }

  /**
   * The strings' ASCII bytes.
   *
   * @param strings the strings
   * @return one array each
   */
  public static byte[][] bytes(String[] strings) {
    byte[][] out = new byte[strings.length][];
    for (int i = 0; i < strings.length; i++) {
      out[i] = strings[i].getBytes(StandardCharsets.US_ASCII);
    }
    return out;
  }

  /**
   * A ziplist of the values, pushed at the tail.
   *
   * @param values the values
   * @return the ziplist
   */
  public static ZipList zipList(byte[][] values) {
    ZipList z = ZipList.create();
    for (byte[] v : values) {
      z.pushTail(v);
    }
    return z;
  }

  /**
   * A listpack of the values, appended.
   *
   * @param values the values
   * @return the listpack
   */
  public static ListPack listPack(byte[][] values) {
    ListPack lp = ListPack.create();
    for (byte[] v : values) {
      lp.append(v);
    }
    return lp;
  }

  /**
   * An {@code ArrayList} of copies of the values.
   *
   * @param values the values
   * @return the list
   */
  public static ArrayList<byte[]> arrayListBytes(byte[][] values) {
    ArrayList<byte[]> out = new ArrayList<>();
    for (byte[] v : values) {
      out.add(v.clone());
    }
    return out;
  }

  /**
   * An {@code ArrayList} of fresh copies of the strings.
   *
   * @param values the strings
   * @return the list
   */
  public static ArrayList<String> arrayList(String[] values) {
    ArrayList<String> out = new ArrayList<>();
    for (String v : values) {
      out.add(new String(v));
    }
    return out;
  }

  /**
   * A {@code LinkedList} of fresh copies of the strings.
   *
   * @param values the strings
   * @return the list
   */
  public static LinkedList<String> linkedList(String[] values) {
    LinkedList<String> out = new LinkedList<>();
    for (String v : values) {
      out.add(new String(v));
    }
    return out;
  }

  /**
   * {@code count} fixed-seed indexes in {@code [0, n)}.
   *
   * @param n the bound
   * @param count how many
   * @return the indexes
   */
  public static int[] probes(int n, int count) {
    SplittableRandom r = new SplittableRandom(SEED + n);
    int[] out = new int[count];
    for (int i = 0; i < count; i++) {
      out[i] = r.nextInt(n);
    }
    return out;
  }

  /**
   * The sum of the strings' lengths: a result that reads every element.
   *
   * @param list the strings
   * @return the sum
   */
  public static long lengths(List<String> list) {
    long sum = 0;
    for (String s : list) {
      sum += s.length();
    }
    return sum;
  }
}
