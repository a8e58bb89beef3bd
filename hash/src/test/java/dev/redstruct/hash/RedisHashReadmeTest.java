package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The README's examples, run as written, and the check that README blocks are this text. */
class RedisHashReadmeTest {
  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/hash"));
    assertEquals(2, blocks, "README java blocks checked");
  }

  @Test
  void javaFace() {
    // README: begin
    RedisHash user = RedisHash.create(); // hash-max-listpack-entries 512, -value 64
    Map<String, String> view = user.asStrings(); // a java.util.Map over the same pairs
    view.put("name", "alice");
    view.put("visits", "1"); // listpack, insertion order
    String before = user.encoding().redisName(); // "listpack"
    view.put("bio", "x".repeat(65)); // a value over 64 bytes converts
    String after = user.encoding().redisName(); // "hashtable"
    byte[] payload = user.toRdbPayload(); // RESTORE key 0 <payload> in Redis 7.0
    RedisHash back = RedisHash.fromRdbPayload(payload); // what RESTORE would build
    // README: end
    assertEquals("listpack", before);
    assertEquals("hashtable", after);
    assertEquals(user, back);
  }

  @Test
  void redisFace() {
    Map<String, RedisHash> keyspace = new HashMap<>();
    SplittableRandom rnd = new SplittableRandom(1);
    // README: begin
    byte[][] argv = {"HINCRBYFLOAT".getBytes(), "h".getBytes(), "f".getBytes(), "1e30".getBytes()};
    byte[] reply =
        HashCommands.execute(
            argv, k -> keyspace.computeIfAbsent(new String(k), x -> RedisHash.create()), rnd);
    // reply is "$31\r\n1000000000000000000024696061952\r\n": x87 long double, as Redis on x86-64
    keyspace.values().removeIf(RedisHash::isEmpty); // Redis deletes emptied keys
    // README: end
    assertEquals(
        "$31\r\n1000000000000000000024696061952\r\n", new String(reply, StandardCharsets.US_ASCII));
  }
}
