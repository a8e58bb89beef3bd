package dev.redstruct.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The README's examples, run as written, and the check that README blocks are this text. */
class RedisSetReadmeTest {
  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/set"));
    assertEquals(2, blocks, "README java blocks checked");
  }

  @Test
  void javaFace() {
    // README: begin
    RedisSet tags = RedisSet.create(); // set-max-intset-entries 512
    Set<String> view = tags.asStrings(); // a java.util.Set over the same members
    view.add("42");
    view.add("7"); // intset: [7, 42]
    String before = tags.encoding().redisName(); // "intset"
    view.add("redis"); // a non-integer converts
    String after = tags.encoding().redisName(); // "hashtable"
    byte[] payload = tags.toRdbPayload(); // RESTORE key 0 <payload> in Redis 7.0
    RedisSet back = RedisSet.fromRdbPayload(payload); // what RESTORE would build
    // README: end
    assertEquals("intset", before);
    assertEquals("hashtable", after);
    assertEquals(tags, back);
  }

  @Test
  void redisFace() {
    Map<String, RedisSet> keyspace = new HashMap<>();
    SplittableRandom rnd = new SplittableRandom(1);
    // README: begin
    byte[][] argv = {"SADD".getBytes(), "s".getBytes(), "1".getBytes(), "2".getBytes()};
    byte[] reply =
        SetCommands.execute(
            argv, k -> keyspace.computeIfAbsent(new String(k), x -> RedisSet.create()), rnd);
    // reply is ":2\r\n"; drop emptied sets afterwards, as Redis deletes emptied keys
    keyspace.values().removeIf(RedisSet::isEmpty);
    // README: end
    assertEquals(":2\r\n", new String(reply, StandardCharsets.US_ASCII));
  }
}
