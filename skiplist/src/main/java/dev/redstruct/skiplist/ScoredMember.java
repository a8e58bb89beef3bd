package dev.redstruct.skiplist;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A member and its score: the Java face's view of a sorted-set element. Immutable, so thread-safe.
 *
 * @param member the member text (UTF-8 in the set)
 * @param score the score, never NaN
 */
public record ScoredMember(String member, double score) {
  /**
   * Validates the fields.
   *
   * @throws NullPointerException if member is null
   * @throws IllegalArgumentException if score is NaN
   */
  public ScoredMember {
    Objects.requireNonNull(member, "member");
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("NaN score");
    }
  }

  static List<ScoredMember> of(List<ZSet.Entry> entries) {
    List<ScoredMember> out = new ArrayList<>(entries.size());
    for (ZSet.Entry e : entries) {
      out.add(new ScoredMember(e.memberString(), e.score()));
    }
    return out;
  }
}
