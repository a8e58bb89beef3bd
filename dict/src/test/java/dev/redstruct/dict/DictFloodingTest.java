package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hash flooding: Strings built from the blocks "Aa" and "BB" (which have equal {@code hashCode}, 31
 * * 'A' + 'a' == 31 * 'B' + 'B') all share one {@code String.hashCode()}. Keyed SipHash over the
 * bytes spreads them; the plain hashCode dict cannot.
 */
class DictFloodingTest {
  static final int N = 50_000;

  /** {@code n} distinct Strings of 16 blocks, all with the same {@code String.hashCode()}. */
  static List<String> collidingStrings(int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      StringBuilder sb = new StringBuilder(32);
      for (int bit = 15; bit >= 0; bit--) {
        sb.append(((i >>> bit) & 1) == 0 ? "Aa" : "BB");
      }
      out.add(sb.toString());
    }
    return out;
  }

  static int longestChain(Dict<?, ?> d) {
    d.rehashSteps(Integer.MAX_VALUE);
    int longest = 0;
    for (int b = 0; b <= d.mask0; b++) {
      int len = 0;
      for (Node<?, ?> e = Buckets.get(d.t0, b); e != null; e = e.next) {
        len++;
      }
      longest = Math.max(longest, len);
    }
    return longest;
  }

  @Test
  void keysReallyCollide() {
    List<String> keys = collidingStrings(N);
    assertEquals(N, new HashSet<>(keys).size());
    int h = keys.get(0).hashCode();
    assertTrue(keys.stream().allMatch(k -> k.hashCode() == h));
  }

  @Test
  void sipHashDictKeepsChainsShort() {
    Dict<String, Integer> d = Dict.forStrings();
    List<String> keys = collidingStrings(N);
    for (int i = 0; i < N; i++) {
      d.put(keys.get(i), i);
    }
    d.checkInvariants();
    // 50,000 keys in 65,536 buckets: the longest chain of a random hash is about 8-10; one
    // bucket holding them all would be 50,000.
    int longest = longestChain(d);
    assertTrue(longest <= 16, "longest chain " + longest);
  }

  /**
   * {@code Dict.create()} cannot spread equal hashCodes, but the one long chain they make is kept
   * sorted and indexed (DictTreeBins), as HashMap turns such a bucket into a tree.
   */
  @Test
  void plainHashCodeDictIndexesTheOneLongChain() {
    Dict<String, Integer> d = Dict.create();
    List<String> keys = collidingStrings(2_000);
    for (int i = 0; i < keys.size(); i++) {
      d.put(keys.get(i), i);
    }
    assertEquals(2_000, longestChain(d), "equal hashCodes share one bucket");
    for (int i = 0; i < keys.size(); i++) {
      assertEquals(i, d.get(keys.get(i)));
    }
    assertEquals(1, d.trees0.all().size(), "that bucket is indexed");
    d.checkInvariants();
  }

  /** Constant hashCode; compareTo by {@code rank}, equals by {@code id}. */
  record Ranked(int id, int rank) implements Comparable<Ranked> {
    @Override
    public int hashCode() {
      return 7;
    }

    @Override
    public int compareTo(Ranked o) {
      return Integer.compare(rank, o.rank);
    }
  }

  /** Same hashCode as {@link Ranked}, another class. */
  record Other(int id) implements Comparable<Other> {
    @Override
    public int hashCode() {
      return 7;
    }

    @Override
    public int compareTo(Other o) {
      return Integer.compare(id, o.id);
    }
  }

  /**
   * A chain that cannot stay indexed (a key of another class arrives; a key compares equal to one
   * it does not equal) drops its index and answers by walking, still exactly.
   */
  @Test
  void indexedChainFallsBackToWalkingWhenKeysDoNotFit() {
    Dict<Object, Integer> d = Dict.create();
    Map<Object, Integer> m = new HashMap<>();
    for (int i = 0; i < 40; i++) {
      d.put(new Ranked(i, i), i);
      m.put(new Ranked(i, i), i);
    }
    assertEquals(40, d.get(new Ranked(39, 39)) + 1);
    assertEquals(1, d.trees0.all().size(), "indexed");
    d.put(new Other(1), -1); // another class: the index goes
    m.put(new Other(1), -1);
    assertNull(d.trees0);
    d.checkInvariants();
    assertEquals(-1, d.remove(new Other(1)));
    m.remove(new Other(1));
    assertEquals(38, d.get(new Ranked(38, 38)));
    assertEquals(1, d.trees0.all().size(), "indexed again by a long lookup");
    d.put(new Ranked(100, 5), 100); // compares equal to Ranked(5, 5), is not equal: the index goes
    m.put(new Ranked(100, 5), 100);
    assertNull(d.trees0);
    d.checkInvariants();
    assertEquals(100, d.get(new Ranked(100, 5)), "found by walking: the chain cannot be indexed");
    assertEquals(5, d.get(new Ranked(5, 5)));
    assertNull(d.get(new Ranked(101, 5)));
    assertNull(d.trees0);
    assertEquals(m, d);
    d.checkInvariants();
  }
}
