package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import java.util.Arrays;
import java.util.Objects;

/**
 * A sorted-set member with its score: the one element type every {@link ZSet} read returns (ranges,
 * pops, random picks, iteration, SCAN, set algebra).
 *
 * <p>A value: two are equal when their members hold the same bytes and their scores are the same
 * double as {@link Double#compare} sees them (so {@code -0.0} and {@code 0.0} differ, as they do in
 * a record of a {@code double}). {@code toString} shows the member as text when its bytes are valid
 * UTF-8, else as {@code 0x}-prefixed hex: {@code alice=3100.0}, {@code 0xff00=1.5}.
 *
 * <p>Ownership: {@link #member()} returns the array the record holds, without a copy. Every array a
 * {@link ZSet} puts in a record is fresh and its own, so a record from a set is immutable as long
 * as the caller does not write into that array; then it is thread-safe. {@link #of(String, double)}
 * makes a record from text.
 *
 * @param member the member bytes (not null)
 * @param score the score (not NaN: a sorted set never holds one)
 */
public record ScoredMember(byte[] member, double score) {
  /**
   * Checks the fields.
   *
   * @throws NullPointerException if {@code member} is null
   * @throws IllegalArgumentException if {@code score} is NaN
   */
  public ScoredMember {
    Objects.requireNonNull(member, "member");
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("NaN score");
    }
  }

  /**
   * A record of a text member, encoded as UTF-8.
   *
   * @param member the member text
   * @param score the score, not NaN
   * @return the record
   */
  public static ScoredMember of(String member, double score) {
    return new ScoredMember(Bytes.utf8(Objects.requireNonNull(member, "member")), score);
  }

  /**
   * The member decoded as UTF-8 (malformed bytes become U+FFFD).
   *
   * @return the member text
   */
  public String memberString() {
    return Bytes.utf8(member, 0, member.length);
  }

  /**
   * Compares member bytes and score.
   *
   * @param o the object to compare with
   * @return whether {@code o} is a record with the same member bytes and score
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof ScoredMember e
        && Double.compare(score, e.score) == 0
        && Arrays.equals(member, e.member);
  }

  /**
   * Hashes member bytes and score.
   *
   * @return {@code 31 * Arrays.hashCode(member) + Double.hashCode(score)}
   */
  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(member) + Double.hashCode(score);
  }

  /**
   * Shows the record as {@code member=score}: {@code alice=3100.0}, or {@code 0xff00=1.5} when the
   * member is not valid UTF-8.
   *
   * @return the text
   */
  @Override
  public String toString() {
    return Bytes.readable(member) + "=" + score;
  }
}
