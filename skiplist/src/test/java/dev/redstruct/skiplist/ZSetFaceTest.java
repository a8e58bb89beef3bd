package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.testing.IteratorFeature;
import com.google.common.collect.testing.IteratorTester;
import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java face of {@link ZSet} (issue 18 item 5), once per encoding: the iterator against the
 * {@code Iterator} contract (guava-testlib's {@link IteratorTester}, {@code remove} included), the
 * (member, score) overloads, {@code rank(String, reverse)}, {@code addAll} and the bounded {@code
 * toString}. Expected orders come from the set's own {@code rangeByRank(0, -1, false)} (ZRANGE),
 * which {@code ZSetRedisIT} checks against Redis.
 */
class ZSetFaceTest {
  private static ZSet filled(ZSet.Encoding enc, int n) {
    ZSet z = ZSetTest.create(enc);
    for (int i = 0; i < n; i++) {
      z.add("m" + i, (i * 7) % 5); // ties on the score: order falls back to the member bytes
    }
    return z;
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void iteratorFollowsTheIteratorContractAndRemoves(ZSet.Encoding enc) {
    for (int n : new int[] {0, 1, 3, 70, 130}) {
      List<ScoredMember> expected = filled(enc, n).rangeByRank(0, -1, false);
      new IteratorTester<ScoredMember>(
          5, IteratorFeature.MODIFIABLE, expected, IteratorTester.KnownOrder.KNOWN_ORDER) {
        private ZSet set;

        @Override
        protected Iterator<ScoredMember> newTargetIterator() {
          set = filled(enc, n);
          return set.iterator();
        }

        @Override
        protected void verify(List<ScoredMember> elements) {
          assertEquals(elements, set.rangeByRank(0, -1, false));
          set.checkInvariants();
        }
      }.test();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {10, 200})
  void removingEveryOtherMemberThroughTheIteratorAcrossChunks(int n) {
    ZSet z = ZSet.create();
    for (int i = 0; i < n; i++) {
      z.add("m" + i, i);
    }
    List<ScoredMember> kept = new ArrayList<>();
    int k = 0;
    for (Iterator<ScoredMember> it = z.iterator(); it.hasNext(); k++) {
      ScoredMember m = it.next();
      if (k % 2 == 0) {
        it.remove();
      } else {
        kept.add(m);
      }
    }
    assertEquals(n, k, "every member seen once");
    assertEquals(kept, z.rangeByRank(0, -1, false));
    z.checkInvariants();
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void iteratorRefusesRemoveBeforeNextAndNextPastTheEnd(ZSet.Encoding enc) {
    Iterator<ScoredMember> it = filled(enc, 1).iterator();
    assertThrows(IllegalStateException.class, it::remove);
    it.next();
    it.remove();
    assertThrows(IllegalStateException.class, it::remove);
    assertThrows(NoSuchElementException.class, it::next);
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void memberThenScoreInEveryOverload(ZSet.Encoding enc) {
    ZSet z = ZSetTest.create(enc);
    assertTrue(z.add("alice", 3100));
    assertTrue(z.add(Bytes.utf8("bob"), 2900));
    assertEquals(3200, z.incrementBy("carol", 3200));
    assertEquals(3300, z.incrementBy(Bytes.utf8("carol"), 100));
    assertEquals(3300, z.addIncr(ZSet.XX, Bytes.utf8("carol"), 0).getAsDouble());
    assertEquals(OptionalLong.of(0), z.rank("carol", true));
    assertEquals(OptionalLong.of(0), z.rank("bob", false));
    assertEquals(OptionalLong.empty(), z.rank("dave", true));
    assertEquals(
        List.of(ScoredMember.of("bob", 2900), ScoredMember.of("alice", 3100)),
        z.rangeByScore(0, 3200));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void addAllIsZrangestoresDestination(ZSet.Encoding enc) {
    ZSet src = filled(enc, 6);
    ZSet dst = ZSet.create();
    assertEquals(3, dst.addAll(src.rangeByScore(ScoreRange.closed(1, 3), false, 0, -1)));
    assertEquals(src.rangeByScore(ScoreRange.closed(1, 3), false, 0, -1), List.copyOf(list(dst)));
    assertEquals(0, dst.addAll(List.of(ScoredMember.of("m1", 9))), "an update is not an add");
    assertEquals(9, dst.score("m1").getAsDouble());
    List<ScoredMember> withNull = java.util.Arrays.asList(ScoredMember.of("new", 1), null);
    assertThrows(NullPointerException.class, () -> dst.addAll(withNull));
    assertEquals(3, dst.size(), "a rejected addAll changes nothing");
  }

  private static List<ScoredMember> list(ZSet z) {
    List<ScoredMember> out = new ArrayList<>();
    z.forEach(out::add);
    return out;
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void toStringShowsSizeEncodingAndTheFirstMembersOnly(ZSet.Encoding enc) {
    ZSet small = ZSetTest.create(enc);
    small.add("bob", 1);
    small.add(new byte[] {(byte) 0xff}, 2);
    assertEquals("ZSet[size=2, " + enc + "]{bob=1.0, 0xff=2.0}", small.toString());
    ZSet big = ZSetTest.create(enc);
    for (int i = 0; i < 100_000; i++) {
      big.add(String.format("m%06d", i), i);
    }
    String text = big.toString();
    assertTrue(text.startsWith("ZSet[size=100000, SKIPLIST]{m000000=0.0, "), text);
    assertTrue(text.endsWith("m000007=7.0, ...}"), text);
    assertFalse(text.contains("m000008"), text);
  }
}
