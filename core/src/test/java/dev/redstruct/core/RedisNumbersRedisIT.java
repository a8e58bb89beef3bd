package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisGenerators;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Differential cases of {@link RedisNumbers} against a real redis-server 7.0.15: the server decides
 * which strings are integers ({@code OBJECT ENCODING}) and which are scores ({@code ZADD}), and how
 * a score prints ({@code ZSCORE}).
 *
 * <p>Each run draws {@value #RANDOM_CASES} random cases per property (plus fixed edge cases) from a
 * fresh seed, printed with the counts; replay a run with {@code -Dredstruct.seed=<seed>}, and run
 * longer with {@code -Dredstruct.cases=<n>}.
 */
@RedisTest
class RedisNumbersRedisIT {
  static final int RANDOM_CASES = 10_000;

  /** Random cases per property: {@value #RANDOM_CASES}, or {@code -Dredstruct.cases=<n>}. */
  private static final int CASES = Integer.getInteger("redstruct.cases", RANDOM_CASES);

  private static final int SHOWN_MISMATCHES = 10;

  private static final RespReply INT_ENCODING = RespReply.bulk("int");
  private static final RespReply EMBSTR_ENCODING = RespReply.bulk("embstr");
  private static final RespReply RAW_ENCODING = RespReply.bulk("raw");
  private static final RespReply FLOAT_ERROR =
      new RespReply.Error("ERR value is not a valid float");

  /** Redis's OBJ_ENCODING_EMBSTR_SIZE_LIMIT (src/object.c): longer strings stay raw. */
  private static final int EMBSTR_SIZE_LIMIT = 44;

  private static long seed() {
    return Long.getLong("redstruct.seed", new SplittableRandom().nextLong());
  }

  @AfterEach
  void restoreConfig(RespClient redis) {
    redis.call("CONFIG", "SET", "zset-max-listpack-entries", "128").assertOk();
  }

  /**
   * {@code SET k v; OBJECT ENCODING k} is {@code int} exactly when {@code string2ll} accepts {@code
   * v} (Redis: tryObjectEncoding, src/object.c, for values of at most 20 bytes); otherwise {@code
   * embstr} up to 44 bytes and {@code raw} beyond.
   */
  @Test
  void objectEncodingIsIntExactlyForCanonicalLongs(RespClient redis) {
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<byte[]> values = new ArrayList<>();
    for (String s : NumberStrings.integerEdgeCases()) {
      values.add(s.getBytes(StandardCharsets.UTF_8));
    }
    for (int i = 0; i < CASES; i++) {
      values.add(integerCase(rnd, i));
    }
    List<byte[][]> commands = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      byte[] key = ("k" + i).getBytes(StandardCharsets.US_ASCII);
      commands.add(new byte[][] {bytes("SET"), key, values.get(i)});
      commands.add(new byte[][] {bytes("OBJECT"), bytes("ENCODING"), key});
    }
    List<RespReply> replies = redis.pipeline(commands);
    List<String> mismatches = new ArrayList<>();
    int ints = 0;
    for (int i = 0; i < values.size(); i++) {
      byte[] v = values.get(i);
      boolean canonical = RedisNumbers.isCanonicalLong(v, 0, v.length);
      ints += canonical ? 1 : 0;
      RespReply expected =
          canonical ? INT_ENCODING : v.length <= EMBSTR_SIZE_LIMIT ? EMBSTR_ENCODING : RAW_ENCODING;
      RespReply actual = replies.get(2 * i + 1);
      if (!replies.get(2 * i).equals(new RespReply.Simple("OK")) || !expected.equals(actual)) {
        mismatches.add(show(v) + " -> redis " + actual + ", ours " + expected);
      }
    }
    report("OBJECT ENCODING vs isCanonicalLong", seed, values.size(), mismatches);
    System.out.printf("  of which int: %d%n", ints);
  }

  /**
   * {@code ZADD z s m} fails with {@code ERR value is not a valid float} exactly when {@link
   * RedisNumbers#parseScore} rejects {@code s}, and otherwise {@code ZSCORE z m} equals {@link
   * RedisNumbers#formatDouble} of the parsed score.
   *
   * <p>The zset is skiplist-encoded ({@code zset-max-listpack-entries 0}) because only then does
   * ZSCORE print the stored double with addReplyDouble. A listpack stores the score as text or an
   * integer (d2string / double2ll), which loses the sign of zero: {@code ZADD z -0 m} then {@code
   * ZSCORE z m} gives {@code "0"} from a listpack but {@code "-0"} from a skiplist (see {@link
   * #negativeZeroPrintsByEncoding}).
   */
  /**
   * ZADD reads its leading arguments as flags when they spell one (case-insensitively), so such a
   * "score" makes a different command (seed 2127312985707285538 drew {@code NX}).
   */
  private static boolean isZaddFlag(byte[] s) {
    String t = new String(s, StandardCharsets.ISO_8859_1);
    for (String flag : new String[] {"NX", "XX", "GT", "LT", "CH", "INCR"}) {
      if (flag.equalsIgnoreCase(t)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void zaddAcceptsAndZscorePrintsAsOurs(RespClient redis) {
    redis.call("CONFIG", "SET", "zset-max-listpack-entries", "0").assertOk();
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<byte[]> scores = new ArrayList<>();
    for (String s : NumberStrings.scoreEdgeCases()) {
      scores.add(s.getBytes(StandardCharsets.UTF_8));
    }
    for (int i = 0; i < CASES; i++) {
      byte[] s = i % 4 == 3 ? RedisGenerators.scoreString(rnd) : NumberStrings.scoreLike(rnd);
      if (!isZaddFlag(s)) {
        scores.add(s);
      }
    }
    List<byte[][]> commands = new ArrayList<>();
    for (int i = 0; i < scores.size(); i++) {
      byte[] member = ("m" + i).getBytes(StandardCharsets.US_ASCII);
      commands.add(new byte[][] {bytes("ZADD"), bytes("z"), scores.get(i), member});
      commands.add(new byte[][] {bytes("ZSCORE"), bytes("z"), member});
    }
    List<RespReply> replies = redis.pipeline(commands);
    List<String> mismatches = new ArrayList<>();
    int rejected = 0;
    for (int i = 0; i < scores.size(); i++) {
      byte[] s = scores.get(i);
      double d = RedisNumbers.parseScoreOrNaN(s, 0, s.length);
      rejected += Double.isNaN(d) ? 1 : 0;
      RespReply expectedAdd = Double.isNaN(d) ? FLOAT_ERROR : new RespReply.Int(1);
      RespReply expectedScore =
          Double.isNaN(d) ? RespReply.Null.INSTANCE : RespReply.bulk(RedisNumbers.formatDouble(d));
      RespReply add = replies.get(2 * i);
      RespReply score = replies.get(2 * i + 1);
      if (!expectedAdd.equals(add) || !expectedScore.equals(score)) {
        mismatches.add(show(s) + " -> redis " + add + " " + score + ", ours " + expectedScore);
      }
    }
    report("ZADD/ZSCORE vs parseScore/formatDouble", seed, scores.size(), mismatches);
    System.out.printf("  of which rejected: %d%n", rejected);
    assertEquals(RespReply.bulk("skiplist"), redis.call("OBJECT", "ENCODING", "z"));
  }

  /**
   * A score-range bound {@code b} ({@code ZCOUNT k b b}, after {@code ZADD k v m} with {@code v}
   * our reading of {@code b}) replies {@code ERR min or max is not a float} exactly when {@link
   * RedisNumbers#parseRangeBoundOrNaN} rejects it, and otherwise counts the member: Redis read the
   * same value. Score-like strings decorated as zslParseRange sees them: white space before, a NUL
   * and garbage after, a trailing space.
   */
  @Test
  void zcountReadsRangeBoundsAsOurs(RespClient redis) {
    redis.call("CONFIG", "SET", "zset-max-listpack-entries", "0").assertOk();
    long seed = seed();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<byte[]> bounds = new ArrayList<>();
    for (int i = 0; i < CASES; i++) {
      byte[] base = i % 4 == 3 ? RedisGenerators.scoreString(rnd) : NumberStrings.scoreLike(rnd);
      bounds.add(decorateBound(rnd, base));
    }
    List<byte[][]> commands = new ArrayList<>();
    double[] ours = new double[bounds.size()];
    for (int i = 0; i < bounds.size(); i++) {
      byte[] b = bounds.get(i);
      byte[] key = ("b" + i).getBytes(StandardCharsets.US_ASCII);
      ours[i] =
          b.length > 0 && b[0] == '('
              ? Double.NaN
              : RedisNumbers.parseRangeBoundOrNaN(b, 0, b.length);
      byte[] v = Double.isNaN(ours[i]) ? bytes("0") : RedisNumbers.formatDoubleBytes(ours[i]);
      commands.add(new byte[][] {bytes("ZADD"), key, v, bytes("m")});
      commands.add(new byte[][] {bytes("ZCOUNT"), key, b, b});
    }
    List<RespReply> replies = redis.pipeline(commands);
    List<String> mismatches = new ArrayList<>();
    int rejected = 0;
    for (int i = 0; i < bounds.size(); i++) {
      byte[] b = bounds.get(i);
      if (b.length > 0 && b[0] == '(') {
        continue; // exclusive on both sides: an empty range whatever the value
      }
      rejected += Double.isNaN(ours[i]) ? 1 : 0;
      RespReply expected =
          Double.isNaN(ours[i])
              ? new RespReply.Error("ERR min or max is not a float")
              : new RespReply.Int(1);
      RespReply actual = replies.get(2 * i + 1);
      if (!expected.equals(actual)) {
        mismatches.add(show(b) + " -> redis " + actual + ", ours " + ours[i]);
      }
    }
    report("ZCOUNT bounds vs parseRangeBoundOrNaN", seed, bounds.size(), mismatches);
    System.out.printf("  of which rejected: %d%n", rejected);
  }

  private static byte[] decorateBound(SplittableRandom rnd, byte[] base) {
    StringBuilder pre = new StringBuilder();
    for (int k = rnd.nextInt(4) == 0 ? rnd.nextInt(1, 4) : 0; k > 0; k--) {
      pre.append(" \t\n\u000b\f\r".charAt(rnd.nextInt(6)));
    }
    byte[] head = pre.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] tail =
        switch (rnd.nextInt(6)) {
          case 0 -> new byte[] {0, (byte) rnd.nextInt(256), 'x'};
          case 1 -> new byte[] {0};
          case 2 -> new byte[] {' '};
          default -> new byte[0];
        };
    byte[] out = new byte[head.length + base.length + tail.length];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(base, 0, out, head.length, base.length);
    System.arraycopy(tail, 0, out, head.length + base.length, tail.length);
    return out;
  }

  /**
   * The sign of a zero score survives only in a skiplist: a listpack stores -0.0 as the integer 0
   * (double2ll in zzlInsertAt, src/t_zset.c), so {@link RedisNumbers#formatDouble} (addReplyDouble)
   * is the skiplist's printer, not the listpack's.
   */
  @Test
  void negativeZeroPrintsByEncoding(RespClient redis) {
    redis.call("ZADD", "lp", "-0", "m");
    assertEquals(RespReply.bulk("listpack"), redis.call("OBJECT", "ENCODING", "lp"));
    assertEquals(RespReply.bulk("0"), redis.call("ZSCORE", "lp", "m"));
    redis.call("CONFIG", "SET", "zset-max-listpack-entries", "0").assertOk();
    redis.call("ZADD", "sl", "-0", "m");
    assertEquals(RespReply.bulk("skiplist"), redis.call("OBJECT", "ENCODING", "sl"));
    assertEquals(RespReply.bulk("-0"), redis.call("ZSCORE", "sl", "m"));
    assertEquals("-0", RedisNumbers.formatDouble(RedisNumbers.parseScore(bytes("-0"), 0, 2)));
  }

  /** Three in four from the local near-integer generator, the rest from testkit's generators. */
  private static byte[] integerCase(SplittableRandom rnd, int i) {
    switch (i % 8) {
      case 5:
        return RedisGenerators.nearCanonicalInteger(rnd);
      case 6:
        return RedisGenerators.mixed(rnd);
      default:
        return NumberStrings.integerLike(rnd);
    }
  }

  private static void report(String what, long seed, int cases, List<String> mismatches) {
    System.out.printf(
        "%s: cases=%d mismatches=%d seed=%d (replay: -Dredstruct.seed=%d)%n",
        what, cases, mismatches.size(), seed, seed);
    for (String m : mismatches.subList(0, Math.min(SHOWN_MISMATCHES, mismatches.size()))) {
      System.out.println("  mismatch: " + m);
    }
    assertEquals(
        List.of(),
        mismatches.subList(0, Math.min(SHOWN_MISMATCHES, mismatches.size())),
        what + ": " + mismatches.size() + " mismatches of " + cases + ", seed " + seed);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** Printable ASCII as a quoted string, anything else escaped as \xNN. */
  static String show(byte[] s) {
    StringBuilder sb = new StringBuilder("\"");
    for (byte b : s) {
      if (b >= 0x20 && b < 0x7f && b != '"' && b != '\\') {
        sb.append((char) b);
      } else {
        sb.append(String.format("\\x%02x", b & 0xff));
      }
    }
    String full = sb.append('"').toString();
    return full.length() > 120 ? full.substring(0, 117) + "...(" + s.length + " bytes)" : full;
  }
}
