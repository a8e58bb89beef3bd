package dev.redstruct.bench.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.ZSetCursor;
import dev.redstruct.skiplist.internal.ZSetWalks;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 29: a cursor walk over a skiplist-encoded set makes no object per member. A walk of all
 * 5,000 members allocates at most {@link #MOST_BYTES} (the cursor object itself, when the JIT has
 * not removed it), a first-10 page by score at most {@link #MOST_PER_PAGE}; the owned-record path
 * ({@code rangeByRank}) costs a {@code ScoredMember} and a member copy per member, over 250 KB a
 * walk here. Measured with the JVM's per-thread allocation counter after warm-up, as
 * ZSetCompactReadAllocationTest does.
 */
class ZSetCursorAllocationTest {
  private static final long MOST_BYTES = 1024;
  private static final long MOST_PER_PAGE = 200;

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void cursorWalksAllocateNothingPerMember(boolean tree) {
    ZSet z =
        ZSetWalks.create(ZSet.DEFAULT_MAX_COMPACT_ENTRIES, ZSet.DEFAULT_MAX_COMPACT_VALUE, tree);
    int n = 5_000;
    for (int i = 0; i < n; i++) {
      z.add(("member:" + i).getBytes(StandardCharsets.US_ASCII), i % 977);
    }
    assertEquals(ZSet.Encoding.SKIPLIST, z.encoding());
    long whole =
        ZSetCompactReadAllocationTest.allocation(
            () -> {
              long seen = 0;
              for (ZSetCursor c = z.cursor(); c.next(); ) {
                seen += c.length();
              }
              return seen;
            });
    long pages =
        ZSetCompactReadAllocationTest.allocation(
            () -> {
              long seen = 0;
              for (int s = 0; s < 977; s += 97) {
                ZSetCursor c =
                    z.cursorByScore(
                        new ScoreRange(s, false, Double.POSITIVE_INFINITY, false), false, 0, 10);
                while (c.next()) {
                  seen += (long) c.score();
                }
              }
              return seen;
            });
    System.out.printf(
        "ZSetCursorAllocationTest (%s): whole walk of %d members %d B, ten pages of 10 %d B%n",
        tree ? "tree" : "zskiplist", n, whole, pages);
    assertTrue(whole <= MOST_BYTES, "whole walk allocated " + whole + " B");
    // per page: the cursor and the caller's ScoreRange (about 110 B), where the owned path makes
    // ten
    // ScoredMembers, ten member copies and a list (about 700 B)
    assertTrue(pages <= 10 * MOST_PER_PAGE, "ten pages allocated " + pages + " B");
  }
}
