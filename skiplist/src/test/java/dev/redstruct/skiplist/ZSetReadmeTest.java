package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The example at the top of skiplist/README.md, verbatim. */
class ZSetReadmeTest {
  @Test
  void readmeExample() {
    ZSet board = ZSet.create(); // thresholds 128 entries / 64 bytes
    board.add("alice", 3100); // ZADD board 3100 alice: always (member, score)
    board.add("carol", 3550);
    board.incrementBy("dave", 3200); // ZINCRBY board 3200 dave
    List<ScoredMember> top = board.rangeByRank(0, 2, true); // ZREVRANGE board 0 2
    OptionalLong pos = board.rank("alice", true); // ZREVRANK board alice
    for (ScoredMember m : board) { // ascending: alice, dave, carol
      System.out.println(m); // alice=3100.0 ...
    }

    assertEquals(
        List.of(
            ScoredMember.of("carol", 3550),
            ScoredMember.of("dave", 3200),
            ScoredMember.of("alice", 3100)),
        top);
    assertEquals(OptionalLong.of(2), pos);
    assertEquals(ZSet.Encoding.COMPACT, board.encoding());
    assertEquals(
        "ZSet[size=3, COMPACT]{alice=3100.0, dave=3200.0, carol=3550.0}", board.toString());
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(
            Path.of("README.md"), Path.of("src/test/java/dev/redstruct/skiplist")));
  }
}
