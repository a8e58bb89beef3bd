package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The README's use-case snippets, run once per encoding. */
class ZSetUseCasesTest {
  private static List<String> names(List<ScoredMember> l) {
    List<String> out = new ArrayList<>();
    for (ScoredMember m : l) {
      out.add(m.memberString());
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void leaderboard(ZSet.Encoding enc) {
    ZSet board = ZSetTest.create(enc);
    board.add("alice", 3100);
    board.add("bob", 2900);
    board.add("carol", 3550);
    board.add("dave", 1200);
    board.add("erin", 2900);
    board.incrementBy("dave", 2000); // dave wins a match: 3200

    // Top 3, highest first (ZREVRANGE board 0 2 WITHSCORES)
    assertEquals(List.of("carol", "dave", "alice"), names(board.rangeByRank(0, 2, true)));
    // A player's position (ZREVRANK board alice)
    long pos = board.rank("alice", true).getAsLong();
    assertEquals(2, pos);
    // Players around alice: one above, one below (ties on 2900 ordered by name, reversed)
    assertEquals(
        List.of("dave", "alice", "erin"), names(board.rangeByRank(pos - 1, pos + 1, true)));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void delayedJobQueue(ZSet.Encoding enc) {
    ZSet queue = ZSetTest.create(enc);
    queue.add("send-welcome-mail", 1_000); // score = due time (ms)
    queue.add("expire-trial", 5_000);
    queue.add("retry-webhook", 2_500);

    long now = 3_000;
    // Claim what is due: ZRANGE queue -inf now BYSCORE, then ZREM each claimed job
    List<String> claimed = new ArrayList<>();
    for (ScoredMember job : queue.rangeByScore(Double.NEGATIVE_INFINITY, now)) {
      if (queue.remove(job.member())) { // the remove is the claim: only one worker wins it
        claimed.add(job.memberString());
      }
    }
    assertEquals(List.of("send-welcome-mail", "retry-webhook"), claimed);
    assertEquals(1, queue.size());
    assertFalse(queue.remove("retry-webhook"));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void slidingWindowRateLimiter(ZSet.Encoding enc) {
    ZSet window = ZSetTest.create(enc);
    long windowMs = 1_000;
    int limit = 3;
    long[] requests = {0, 100, 200, 300, 1_150, 1_180, 1_190};
    List<Boolean> allowed = new ArrayList<>();
    for (long t : requests) {
      // ZREMRANGEBYSCORE key -inf (t - window) ; ZCARD key ; ZADD key t id
      window.removeRangeByScore(
          new ScoreRange(Double.NEGATIVE_INFINITY, false, t - windowMs, false));
      boolean ok = window.size() < limit;
      if (ok) {
        window.add("req-" + t, t);
      }
      allowed.add(ok);
    }
    assertEquals(List.of(true, true, true, false, true, true, false), allowed);
    assertTrue(window.size() <= limit);
  }
}
