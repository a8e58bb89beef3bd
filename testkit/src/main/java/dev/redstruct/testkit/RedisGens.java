package dev.redstruct.testkit;

import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.quicktheories.core.Gen;

/**
 * QuickTheories generators ({@link Gen}) for the strings of {@link RedisGenerators}, with
 * shrinking: each draw the underlying generator makes is a QuickTheories draw with its shrink point
 * at the low end, so a failing example shrinks toward the simplest case of its kind (e.g. a failing
 * score string shrinks toward {@code "0"}, a binary string toward fewer bytes). Values print as
 * quoted text or hex.
 *
 * <pre>{@code
 * qt().forAll(RedisGens.canonicalIntegers())
 *     .checkAssert(s -> assertEquals(Long.parseLong(new String(s)), RedisNumbers.parse(s)));
 * }</pre>
 *
 * <p>QuickTheories is an optional dependency of the testkit: add {@code org.quicktheories:
 * quicktheories} to the test classpath to use this class.
 */
public final class RedisGens {
  private RedisGens() {}

  /**
   * Adapts any {@link RandomGenerator}-driven function into a shrinking {@link Gen}.
   *
   * @param generator draws one value (must be deterministic given the draws)
   * @return the generator
   */
  public static Gen<byte[]> of(Function<RandomGenerator, byte[]> generator) {
    Objects.requireNonNull(generator, "generator");
    Gen<byte[]> g = in -> generator.apply(new QtRandom(in));
    return g.describedAs(Printable::bytes);
  }

  /**
   * Signed 64-bit integers biased to encoding boundaries ({@link
   * RedisGenerators#canonicalLong(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<Long> canonicalLongs() {
    return in -> RedisGenerators.canonicalLong(new QtRandom(in));
  }

  /**
   * Integers at the limits of Redis's integer encodings ({@link
   * RedisGenerators#intEncodingBoundary(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<Long> intEncodingBoundaries() {
    return in -> RedisGenerators.intEncodingBoundary(new QtRandom(in));
  }

  /**
   * Canonical decimal integers ({@link RedisGenerators#canonicalInteger(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<byte[]> canonicalIntegers() {
    return of(RedisGenerators::canonicalInteger);
  }

  /**
   * Near-canonical integer text ({@link RedisGenerators#nearCanonicalInteger(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<byte[]> nearCanonicalIntegers() {
    return of(RedisGenerators::nearCanonicalInteger);
  }

  /**
   * Strings with lengths at length-field boundaries ({@link
   * RedisGenerators#boundaryLengthString(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<byte[]> boundaryLengthStrings() {
    return of(RedisGenerators::boundaryLengthString);
  }

  /**
   * Binary strings ({@link RedisGenerators#binary(RandomGenerator, int)}).
   *
   * @param maxLen the longest length
   * @return the generator
   */
  public static Gen<byte[]> binary(int maxLen) {
    return of(r -> RedisGenerators.binary(r, maxLen));
  }

  /**
   * UTF-8 strings ({@link RedisGenerators#utf8(RandomGenerator, int)}).
   *
   * @param maxCodePoints the most code points
   * @return the generator
   */
  public static Gen<byte[]> utf8(int maxCodePoints) {
    return of(r -> RedisGenerators.utf8(r, maxCodePoints));
  }

  /**
   * Score strings ({@link RedisGenerators#scoreString(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<byte[]> scoreStrings() {
    return of(RedisGenerators::scoreString);
  }

  /**
   * Strings of every kind ({@link RedisGenerators#mixed(RandomGenerator)}).
   *
   * @return the generator
   */
  public static Gen<byte[]> mixed() {
    return of(RedisGenerators::mixed);
  }

  /**
   * Strings of the given kinds ({@link RedisGenerators#mixed(RandomGenerator,
   * RedisGenerators.Kind...)}).
   *
   * @param kinds the kinds to choose from
   * @return the generator
   */
  public static Gen<byte[]> mixed(RedisGenerators.Kind... kinds) {
    RedisGenerators.Kind[] copy = kinds.clone();
    return of(r -> RedisGenerators.mixed(r, copy));
  }
}
