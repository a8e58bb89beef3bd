package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Named cases of the request parser. The error texts are Redis 7.0.15's (src/networking.c);
 * ServerDifferentialRedisIT sends the same streams to redis-server and compares the replies.
 */
class RequestReaderTest {
  private static List<String> parse(String stream, StringBuilder error) {
    RequestReader r = new RequestReader(512L << 20);
    byte[] b = stream.getBytes(StandardCharsets.ISO_8859_1);
    r.append(b, 0, b.length);
    List<String> out = new ArrayList<>();
    byte[][] argv;
    while ((argv = r.next(false)) != null) {
      List<String> args = new ArrayList<>();
      for (byte[] a : argv) {
        args.add(new String(a, StandardCharsets.ISO_8859_1));
      }
      out.add(String.join("|", args));
    }
    if (r.error() != null) {
      error.append(r.error());
    }
    return out;
  }

  private static String error(String stream) {
    StringBuilder e = new StringBuilder();
    parse(stream, e);
    return e.toString();
  }

  @Test
  void multibulkAndInlineGiveTheSameCommand() {
    StringBuilder e = new StringBuilder();
    assertEquals(
        List.of("ECHO|a b", "ECHO|a b", "ECHO|a b"),
        parse("*2\r\n$4\r\nECHO\r\n$3\r\na b\r\nECHO \"a b\"\r\nECHO 'a b'\n", e));
    assertEquals("", e.toString());
  }

  @Test
  void emptyCommandsAreSkipped() {
    assertEquals(List.of("PING"), parse("\r\n*0\r\n*-1\r\n   \r\nPING\r\n", new StringBuilder()));
  }

  @Test
  void quotingRulesOfSdssplitargs() {
    StringBuilder e = new StringBuilder();
    assertEquals(
        List.of("a|b\n\tA|c'd|", "ab c"),
        parse("a \"b\\n\\t\\x41\" 'c\\'d' \"\"\r\na\"b c\"\r\na\"b c\"d\r\n", e));
    // a closing quote must be followed by a space or the end of the line
    assertEquals("ERR Protocol error: unbalanced quotes in request", e.toString());
  }

  @Test
  void bulkTerminatorIsNotChecked() {
    // Redis skips the two bytes after a bulk without looking at them
    assertEquals(List.of("PING", "PING"), parse("*1\r\n$4\r\nPINGxxPING\r\n", new StringBuilder()));
  }

  @Test
  void protocolErrors() {
    assertEquals("ERR Protocol error: invalid multibulk length", error("*abc\r\n"));
    assertEquals("ERR Protocol error: invalid multibulk length", error("*3000000000\r\n"));
    assertEquals("ERR Protocol error: expected '$', got 'f'", error("*1\r\nfoo\r\n"));
    assertEquals("ERR Protocol error: expected '$', got ' '", error("*1\r\n\r\n\r\n"));
    assertEquals("ERR Protocol error: invalid bulk length", error("*1\r\n$-1\r\n"));
    assertEquals("ERR Protocol error: invalid bulk length", error("*1\r\n$536870913\r\n"));
    assertEquals("ERR Protocol error: unbalanced quotes in request", error("PING \"x\r\n"));
    assertEquals("ERR Protocol error: unbalanced quotes in request", error("ECHO 'a'b\r\n"));
    assertEquals("ERR Protocol error: too big inline request", error("a".repeat(65537)));
    assertEquals("ERR Protocol error: too big mbulk count string", error("*" + "1".repeat(65537)));
    assertEquals(
        "ERR Protocol error: too big bulk count string", error("*1\r\n$" + "1".repeat(65537)));
  }

  @Test
  void unauthenticatedLimits() {
    RequestReader r = new RequestReader(512L << 20);
    byte[] b = "*11\r\n".getBytes(StandardCharsets.US_ASCII);
    r.append(b, 0, b.length);
    assertNull(r.next(true));
    assertEquals("ERR Protocol error: unauthenticated multibulk length", r.error());
    r = new RequestReader(512L << 20);
    b = "*1\r\n$16385\r\n".getBytes(StandardCharsets.US_ASCII);
    r.append(b, 0, b.length);
    assertNull(r.next(true));
    assertEquals("ERR Protocol error: unauthenticated bulk length", r.error());
  }

  @Test
  void nulBeforeTheLineEndMeansNoLineYet() {
    // strchr stops at NUL: Redis waits for more bytes (until 64 KB) instead of splitting
    RequestReader r = new RequestReader(512L << 20);
    byte[] b = "PI\0NG\r\n".getBytes(StandardCharsets.ISO_8859_1);
    r.append(b, 0, b.length);
    assertNull(r.next(false));
    assertNull(r.error());
    assertEquals(7, r.pending());
  }

  @Test
  void aDeclaredLengthAllocatesNothingUntilTheBytesCome() {
    RequestReader r = new RequestReader(512L << 20);
    byte[] b = "*1\r\n$536870912\r\nab".getBytes(StandardCharsets.US_ASCII);
    r.append(b, 0, b.length);
    assertNull(r.next(false));
    assertNull(r.error());
    assertTrue(r.free() < 1 << 20, "buffer grew from a declared length");
  }

  @Test
  void bigBulkInManyPieces() {
    RequestReader r = new RequestReader(512L << 20);
    byte[] head = "*2\r\n$4\r\nECHO\r\n$200000\r\n".getBytes(StandardCharsets.US_ASCII);
    r.append(head, 0, head.length);
    byte[] chunk = new byte[1000];
    java.util.Arrays.fill(chunk, (byte) 'z');
    for (int i = 0; i < 200; i++) {
      assertNull(r.next(false));
      r.append(chunk, 0, chunk.length);
    }
    r.append(new byte[] {'\r', '\n'}, 0, 2);
    byte[][] argv = r.next(false);
    assertEquals(2, argv.length);
    byte[] want = new byte[200_000];
    java.util.Arrays.fill(want, (byte) 'z');
    assertArrayEquals(want, argv[1]);
    assertEquals(0, r.pending());
  }
}
