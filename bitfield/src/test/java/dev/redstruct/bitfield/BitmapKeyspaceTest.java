package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The Redis face's replies and error texts. Every expected reply was produced by redis-server
 * 7.0.15 ({@code redis-cli} with the same command on a fresh server; the fact sheet §3 lists more).
 */
class BitmapKeyspaceTest {
  private final BitmapKeyspace ks = BitmapKeyspace.create();

  private String run(String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return new String(ks.execute(argv), StandardCharsets.ISO_8859_1);
  }

  @Test
  void argumentErrorsInRedisOrder() {
    assertEquals("-ERR wrong number of arguments for 'setbit' command\r\n", run("setbit", "k"));
    assertEquals(
        "-ERR wrong number of arguments for 'bitop' command\r\n", run("bitop", "not", "d"));
    assertEquals("-ERR syntax error\r\n", run("bitop", "foo", "d", "a"));
    assertEquals(
        "-ERR BITOP NOT must be called with a single source key.\r\n",
        run("bitop", "not", "d", "a", "b"));
    assertEquals(
        "-ERR bit offset is not an integer or out of range\r\n",
        run("bitfield", "k", "get", "u8", "#-1"));
    assertEquals(
        "-ERR bit offset is not an integer or out of range\r\n",
        run("bitfield", "k", "get", "u8", "#"));
    assertEquals("-ERR bit offset is not an integer or out of range\r\n", run("getbit", "k", "#1"));
    assertEquals("-ERR value is not an integer or out of range\r\n", run("bitpos", "k", "abc"));
    assertEquals("-ERR The bit argument must be 1 or 0.\r\n", run("bitpos", "k", "2"));
    assertEquals("-ERR bit is not an integer or out of range\r\n", run("setbit", "k", "1", "abc"));
    assertEquals("-ERR bit is not an integer or out of range\r\n", run("setbit", "k", "1", "-1"));
    assertEquals("-ERR syntax error\r\n", run("bitfield", "k", "get", "i8"));
    assertEquals("-ERR syntax error\r\n", run("bitfield", "k", "get", "i8", "0", "foo"));
    assertEquals("-ERR syntax error\r\n", run("bitfield", "k", "overflow"));
    assertEquals(
        "-ERR Invalid OVERFLOW type specified\r\n",
        run("bitfield", "k", "overflow", "xx", "get", "u8", "0"));
    String typeErr =
        "-ERR Invalid bitfield type. Use something like i16 u8. Note that u64 is not supported but"
            + " i64 is.\r\n";
    assertEquals(typeErr, run("bitfield", "k", "get", "U8", "0"));
    assertEquals(typeErr, run("bitfield", "k", "get", "u64", "0"));
    assertEquals(
        "-ERR BITFIELD_RO only supports the GET subcommand\r\n",
        run("bitfield_ro", "k", "set", "u8", "0", "1"));
    assertEquals(
        "-ERR value is not an integer or out of range\r\n",
        run("bitfield", "k", "incrby", "u8", "0", "abc", "get", "i99", "0"));
    assertEquals("*1\r\n:0\r\n", run("bitfield", "k", "get", "u8", "4294967295"));
    assertEquals(
        "-ERR bit offset is not an integer or out of range\r\n",
        run("bitfield", "k", "get", "u8", "4294967296"));
    assertEquals("*1\r\n:0\r\n", run("bitfield", "k", "get", "i64", "#67108863"));
    assertEquals(
        "-ERR bit offset is not an integer or out of range\r\n",
        run("bitfield", "k", "get", "i64", "#67108864"));
  }

  @Test
  void rangeArgumentsOnAnExistingKey() {
    assertEquals("+OK\r\n", run("set", "k", "123"));
    assertEquals("-ERR syntax error\r\n", run("bitcount", "k", "0"));
    assertEquals(":0\r\n", run("bitcount", "k", "-1", "-5", "foo")); // empty range wins
    assertEquals("-ERR syntax error\r\n", run("bitcount", "k", "0", "1", "2", "3"));
    assertEquals("-ERR syntax error\r\n", run("bitpos", "k", "1", "0", "1", "foo"));
    assertEquals("-ERR syntax error\r\n", run("bitpos", "k", "1", "0", "x", "foo")); // unit first
    assertEquals("-ERR syntax error\r\n", run("bitpos", "k", "1", "0", "1", "bit", "4"));
  }

  /** Fact sheet §3.4/3.5: 7.0 answers for a missing key before parsing the range. */
  @Test
  void missingKeysAnswerBeforeParsing() {
    assertEquals(":0\r\n", run("bitcount", "nokey", "0", "1", "foo"));
    assertEquals(":0\r\n", run("bitpos", "nokey", "0", "x"));
    assertEquals(":-1\r\n", run("bitpos", "nokey", "1"));
    assertEquals("*0\r\n", run("bitfield", "nokey"));
    assertEquals("*1\r\n:0\r\n", run("bitfield", "nokey", "get", "u8", "0"));
    assertEquals(0, ks.size());
  }

  /** Fact sheet §3.6/§3.7: BITOP of empty inputs deletes dest; the #N product wraps. */
  @Test
  void bitopDeletesAndHashOffsetsWrap() {
    run("set", "d", "x");
    assertEquals(":0\r\n", run("bitop", "or", "d", "nokey"));
    assertEquals("$-1\r\n", run("get", "d"));
    run("set", "k", "\u0000A");
    assertEquals("*1\r\n:65\r\n", run("bitfield", "k", "get", "u8", "#2305843009213693953"));
    assertEquals(
        "*1\r\n$-1\r\n", run("bitfield", "n", "overflow", "fail", "incrby", "u2", "102", "5"));
    assertEquals(":13\r\n", run("strlen", "n"));
  }

  /**
   * Issue 14 item 13. Every expected reply is what redis-server 7.0.15 sent for the same request
   * sent as a RESP multibulk over a raw socket (so NUL, CR and LF arrive intact): CR/LF become
   * spaces, name and arguments end at NUL, the name keeps 128 bytes and the argument list stops
   * once it reaches 128 bytes, the argument that crosses the limit cut to what was left.
   */
  @Test
  void item13UnknownCommandErrorsMatchRedisByteForByte() {
    assertEquals(
        "-ERR unknown command 'foo  bar', with args beginning with: 'a b c' 'x' 'q' \r\n",
        run("foo\r\nbar", "a\rb\nc", "x\u0000yz", "q"));
    String a128 = "a".repeat(128);
    assertEquals(
        "-ERR unknown command 'fo', with args beginning with: '" + a128 + "' \r\n",
        run("fo\u0000o", "a".repeat(130)));
    assertEquals(
        "-ERR unknown command 'foo', with args beginning with: '"
            + "a".repeat(100)
            + "' '"
            + "b".repeat(25)
            + "' \r\n",
        run("foo", "a".repeat(100), "b".repeat(40), "c"));
    assertEquals(
        "-ERR unknown command 'foo', with args beginning with: '" + "a".repeat(126) + "' \r\n",
        run("foo", "a".repeat(126), "b".repeat(40), "c"));
    assertEquals(
        "-ERR unknown command '" + "n".repeat(128) + "', with args beginning with: \r\n",
        run("n".repeat(140)));
    assertEquals(
        "-ERR unknown command 'foo', with args beginning with: '' '' 'z' \r\n",
        run("foo", "\u0000abc", "\u0000", "z"));
    assertEquals("-ERR unknown command '', with args beginning with: \r\n", run(""));
    assertEquals( // bytes above 0x7f pass through as they are
        "-ERR unknown command 'f\u00ffo', with args beginning with: '\u00fe\u0080' \r\n",
        run("f\u00ffo", "\u00fe\u0080"));
  }

  /**
   * Issue 14 item 13: Redis 7.0.15 answers nothing to an empty multibulk request: sending {@code
   * *0\r\n*1\r\n$4\r\nPING\r\n} on a raw socket returns only {@code +PONG\r\n}.
   */
  @Test
  void item13AnEmptyCommandGetsNoReply() {
    assertArrayEquals(new byte[0], ks.execute());
    assertEquals(0, ks.size());
  }

  private static final String[] WORDS = {
    "setbit",
    "GETBIT",
    "bitcount",
    "BitPos",
    "bitop",
    "bitfield",
    "bitfield_ro",
    "get",
    "set",
    "strlen",
    "del",
    "and",
    "or",
    "xor",
    "not",
    "get",
    "set",
    "incrby",
    "overflow",
    "wrap",
    "sat",
    "fail",
    "u8",
    "i64",
    "u63",
    "i1",
    "bit",
    "byte",
    "k",
    "k2",
    "#3",
    "-1",
    "0",
    "7",
    "x",
    ""
  };

  /** A fuzz argument: a command word, a small number, or random bytes with NUL, CR and LF. */
  private static byte[] fuzzArg(java.util.SplittableRandom r) {
    int kind = r.nextInt(10);
    if (kind < 5) {
      return WORDS[r.nextInt(WORDS.length)].getBytes(StandardCharsets.ISO_8859_1);
    }
    if (kind < 8) {
      // offsets stay small: a write at bit 2^32 - 1 would allocate 512 MB
      return Long.toString(r.nextLong(-70_000, 70_000)).getBytes(StandardCharsets.ISO_8859_1);
    }
    byte[] b = new byte[r.nextInt(200)];
    byte[] special = {0, '\r', '\n', '\'', (byte) 0xff};
    for (int i = 0; i < b.length; i++) {
      b[i] = r.nextInt(8) == 0 ? special[r.nextInt(special.length)] : (byte) r.nextInt(256);
    }
    return b;
  }

  /**
   * Fuzz of {@link BitmapKeyspace#execute}: random argument vectors (empty ones included) of
   * command words, numbers and arbitrary bytes. Each must return one well-framed RESP2 reply (or
   * none, for the empty command) without throwing, within a per-input time limit; error lines hold
   * no CR or LF (issue 14 item 13). Replay with {@code -Dbitfield.fuzz.seed=<seed>}.
   */
  @Test
  void fuzzedCommandsGetOneWellFramedReply() {
    long seed = Long.getLong("bitfield.fuzz.seed", System.nanoTime());
    long limit = Long.getLong("redstruct.fuzz.inputMillis", 2_000) * 1_000_000L;
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    int errors = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[][] argv = new byte[r.nextInt(8)][];
      for (int j = 0; j < argv.length; j++) {
        argv[j] = fuzzArg(r);
      }
      long t0 = System.nanoTime();
      byte[] reply;
      try {
        reply = ks.execute(argv);
      } catch (RuntimeException e) {
        throw new AssertionError("seed " + seed + ", input " + i, e);
      }
      long took = System.nanoTime() - t0;
      if (took > limit) {
        throw new AssertionError("seed " + seed + ", input " + i + ": " + took / 1_000_000 + " ms");
      }
      if (argv.length == 0) {
        assertEquals(0, reply.length);
        continue;
      }
      dev.redstruct.testkit.RespReply parsed = RespReply.parse(reply);
      if (parsed instanceof dev.redstruct.testkit.RespReply.Error e) {
        errors++;
        assertEquals(-1, e.message().indexOf('\n'), "seed " + seed + ": LF in an error line");
      }
    }
    System.out.printf("BitmapKeyspace fuzz: seed %d, 20000 commands, %d errors%n", seed, errors);
    assertTrue(errors > 0 && errors < 20_000, "errors " + errors);
  }
}
