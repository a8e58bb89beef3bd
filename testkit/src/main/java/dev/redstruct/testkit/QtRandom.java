package dev.redstruct.testkit;

import java.util.random.RandomGenerator;
import org.quicktheories.core.RandomnessSource;
import org.quicktheories.impl.Constraint;

/**
 * A {@link RandomGenerator} whose every draw comes from a QuickTheories {@link RandomnessSource}
 * with a shrink point at the low end of the range, so QuickTheories can replay and shrink a value
 * built by {@link RedisGenerators}: shrinking the draws toward their origin picks earlier (simpler)
 * cases and shorter lengths. Used only inside one {@code Gen.generate} call.
 */
final class QtRandom implements RandomGenerator {
  private final RandomnessSource in;

  QtRandom(RandomnessSource in) {
    this.in = in;
  }

  @Override
  public long nextLong() {
    return in.next(Constraint.none().withShrinkPoint(0));
  }

  @Override
  public int nextInt() {
    return (int)
        in.next(Constraint.between(Integer.MIN_VALUE, Integer.MAX_VALUE).withShrinkPoint(0));
  }

  @Override
  public int nextInt(int bound) {
    return nextInt(0, bound);
  }

  @Override
  public int nextInt(int origin, int bound) {
    if (origin >= bound) {
      throw new IllegalArgumentException("empty range [" + origin + ", " + bound + ")");
    }
    return (int) in.next(Constraint.between(origin, bound - 1L).withShrinkPoint(origin));
  }

  @Override
  public long nextLong(long bound) {
    return nextLong(0, bound);
  }

  @Override
  public long nextLong(long origin, long bound) {
    if (origin >= bound) {
      throw new IllegalArgumentException("empty range [" + origin + ", " + bound + ")");
    }
    return in.next(Constraint.between(origin, bound - 1).withShrinkPoint(origin));
  }

  @Override
  public boolean nextBoolean() {
    return in.next(Constraint.between(0, 1).withShrinkPoint(0)) == 1;
  }

  @Override
  public double nextDouble() {
    return in.next(Constraint.between(0, (1L << 53) - 1).withShrinkPoint(0)) * 0x1.0p-53;
  }
}
