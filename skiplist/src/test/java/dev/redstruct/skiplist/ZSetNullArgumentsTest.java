package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.testkit.NullArguments;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Every public constructor and method of the module, called with null for each reference parameter:
 * a {@link NullPointerException} naming the parameter, and the receiver unchanged; and the value
 * semantics of {@link ScoredMember}.
 */
class ZSetNullArgumentsTest {
  private static ZSet compact() {
    ZSet z = ZSet.create();
    for (int i = 0; i < 5; i++) {
      z.add("m" + i, i);
    }
    return z;
  }

  private static ZSet skiplist() {
    ZSet z = ZSet.create();
    for (int i = 0; i < 200; i++) {
      z.add("m" + i, i);
    }
    return z;
  }

  private static NullArguments zset(java.util.function.Supplier<ZSet> fresh) {
    return NullArguments.of(ZSet.class)
        .receiver(fresh, z -> z.encoding() + z.rangeByRank(0, -1, false).toString())
        .sample(RandomGenerator.class, () -> new SplittableRandom(1))
        .sample(ScoreRange.class, ScoreRange::all)
        .sample(LexRange.class, LexRange::all)
        .sample(List.class, () -> List.of(compact()))
        .sample(double[].class, () -> new double[] {1})
        .allowNull("weights"); // null means every weight is 1
  }

  @Test
  void zsetInBothEncodings() {
    assertTrue(zset(ZSetNullArgumentsTest::compact).run() >= 30);
    assertTrue(zset(ZSetNullArgumentsTest::skiplist).run() >= 30);
  }

  @Test
  void valueTypes() {
    assertTrue(NullArguments.of(ScoredMember.class).run() >= 2);
    NullArguments.of(ScoreRange.class).run();
    NullArguments.of(LexRange.class)
        .receiver(LexRange::all, LexRange::toString)
        .sample(LexRange.class, LexRange::all)
        .run();
  }

  @Test
  void entryIsAValue() {
    ScoredMember a = new ScoredMember(Bytes.utf8("apple"), 1.5);
    ScoredMember b = new ScoredMember(Bytes.utf8("apple"), 1.5);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, new ScoredMember(Bytes.utf8("apple"), 2));
    assertNotEquals(a, new ScoredMember(Bytes.utf8("apples"), 1.5));
    assertNotEquals(new ScoredMember(new byte[0], 0.0), new ScoredMember(new byte[0], -0.0));
    assertEquals("apple=1.5", a.toString());
    assertEquals(ScoredMember.of("apple", 1.5), a);
    assertEquals(
        "0xff01=-Infinity",
        new ScoredMember(new byte[] {(byte) 0xff, 1}, Double.NEGATIVE_INFINITY).toString());
    // entries from the set compare with entries built by hand
    ZSet z = compact();
    assertEquals(new ScoredMember(Bytes.utf8("m0"), 0), z.rangeByRank(0, 0, false).get(0));
  }
}
