package dev.redstruct.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's example, run as written, and the check that the README shows this text. */
class RedisStreamReadmeTest {

  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/stream"));
    assertEquals(1, blocks, "README java blocks checked");
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void sensorReadingsInOrder() {
    // README: begin
    RedisStream readings = RedisStream.create();
    readings.add(new StreamId(1_700_000_000_000L, 0), b("sensor"), b("t1"), b("celsius"), b("21"));
    readings.add(new StreamId(1_700_000_000_000L, 1), b("sensor"), b("t2"), b("celsius"), b("19"));
    readings.add(StreamId.parse("1700000000500-0"), b("sensor"), b("t1"), b("celsius"), b("22"));
    readings.delete(new StreamId(1_700_000_000_000L, 1)); // XDEL
    List<StreamEntry> t = readings.range(StreamId.MIN, StreamId.MAX); // XRANGE - +
    byte[] body = readings.toRdbBody(true); // DUMP's body, RDB type 19
    // README: end

    assertEquals(2, readings.size());
    assertEquals("1700000000500-0", t.get(1).id().toString());
    assertEquals("22", new String(t.get(1).value(1), StandardCharsets.UTF_8));
    assertEquals(
        t, RedisStream.fromRdbBody(body, 0, body.length).range(StreamId.MIN, StreamId.MAX));
  }
}
