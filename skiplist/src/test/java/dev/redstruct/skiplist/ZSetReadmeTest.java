package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
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
    board.add("alice", 3100);
    board.add("carol", 3550);
    board.incrementBy("dave", 3200); // ZINCRBY
    List<ScoredMember> top =
        board.rangeByRankMembers(0, 2, true); // ZREVRANGE 0 2: carol, dave, alice
    OptionalLong pos = board.rank(Bytes.utf8("alice"), true); // ZREVRANK: OptionalLong[2]

    assertEquals(
        List.of(
            new ScoredMember("carol", 3550),
            new ScoredMember("dave", 3200),
            new ScoredMember("alice", 3100)),
        top);
    assertEquals(OptionalLong.of(2), pos);
    assertEquals(ZSet.Encoding.COMPACT, board.encoding());
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(
            Path.of("README.md"), Path.of("src/test/java/dev/redstruct/skiplist")));
  }
}
