package dev.redstruct.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Replies of the stream face on a map of streams, each expected text taken from redis-server 7.0.15
 * answering the same commands (redis-cli --no-raw / raw RESP).
 */
class StreamCommandsTest {
  private final Map<String, RedisStream> keys = new HashMap<>();
  private final KeyLookup<RedisStream> lookup =
      KeyLookup.of(
          k ->
              keys.computeIfAbsent(
                  new String(k, StandardCharsets.ISO_8859_1), x -> RedisStream.placeholder()));

  private String run(String... a) {
    byte[][] argv = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      argv[i] = a[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    RespWriter out = new RespWriter();
    StreamCommands.execute(argv, lookup, () -> 5000L, out);
    return new String(out.toByteArray(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void xaddAndRange() {
    assertEquals("$3\r\n1-1\r\n", run("XADD", "s", "1-1", "a", "1"));
    assertEquals("$3\r\n1-2\r\n", run("XADD", "s", "1-*", "a", "2"));
    assertEquals("$6\r\n5000-0\r\n", run("XADD", "s", "*", "b", "3"));
    assertEquals(
        "-ERR The ID specified in XADD is equal or smaller than the target stream top item\r\n",
        run("XADD", "s", "1-1", "a", "1"));
    assertEquals(
        "-ERR The ID specified in XADD must be greater than 0-0\r\n",
        run("XADD", "s", "0-0", "a", "1"));
    assertEquals(
        "-ERR Invalid stream ID specified as stream command argument\r\n",
        run("XADD", "s", "x", "a", "1"));
    assertEquals(
        "*1\r\n*2\r\n$3\r\n1-2\r\n*2\r\n$1\r\na\r\n$1\r\n2\r\n", run("XRANGE", "s", "(1-1", "1"));
    assertEquals(":3\r\n", run("XLEN", "s"));
    assertEquals("*-1\r\n", run("XRANGE", "s", "-", "+", "COUNT", "0"));
    assertEquals("$-1\r\n", run("XADD", "nokey", "NOMKSTREAM", "*", "a", "1"));
  }

  @Test
  void groupsAndPending() {
    run("XADD", "s", "1-1", "a", "1");
    run("XADD", "s", "2-1", "a", "2");
    assertEquals("+OK\r\n", run("XGROUP", "CREATE", "s", "g", "0"));
    assertEquals(
        "-BUSYGROUP Consumer Group name already exists\r\n",
        run("XGROUP", "CREATE", "s", "g", "0"));
    assertEquals(
        "*1\r\n*2\r\n$1\r\ns\r\n*1\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n$1\r\n1\r\n",
        run("XREADGROUP", "GROUP", "g", "alice", "COUNT", "1", "STREAMS", "s", ">"));
    assertEquals(
        "*4\r\n:1\r\n$3\r\n1-1\r\n$3\r\n1-1\r\n*1\r\n*2\r\n$5\r\nalice\r\n$1\r\n1\r\n",
        run("XPENDING", "s", "g"));
    assertEquals(":1\r\n", run("XACK", "s", "g", "1-1", "9-9"));
    assertEquals(
        "-NOGROUP No such key 's' or consumer group 'nope' in XREADGROUP with GROUP option\r\n",
        run("XREADGROUP", "GROUP", "nope", "c", "STREAMS", "s", ">"));
  }
}
