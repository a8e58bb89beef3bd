package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Named regressions of issue 14 (an independent differential against Redis 7.0.15 and a decoder
 * fuzz), one test per item of the skiplist module. Expected values are redis-server 7.0.15's
 * replies (sanitize-dump-payload yes), recorded in each test's comment as "oracle".
 */
class ZSetRegressionTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * A raw ziplist of the given entries, written byte by byte so that an entry can be a string that
   * the ziplist itself would have stored as an integer: {@code String} entries (up to 63 bytes) are
   * string entries, {@code Long} entries in 0..12 immediate integers.
   */
  static byte[] rawZipList(Object... entries) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int prev = 0;
    int tail = 10;
    for (Object e : entries) {
      tail = 10 + body.size();
      ByteArrayOutputStream one = new ByteArrayOutputStream();
      one.write(prev);
      if (e instanceof String s) {
        byte[] v = b(s);
        one.write(v.length); // 00pppppp: a string of at most 63 bytes
        one.writeBytes(v);
      } else {
        one.write(0xF1 + (int) (long) (Long) e); // 1111xxxx: immediate 0..12
      }
      prev = one.size();
      body.writeBytes(one.toByteArray());
    }
    int bytes = 10 + body.size() + 1;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeLe(out, bytes, 4);
    writeLe(out, tail, 4);
    writeLe(out, entries.length, 2);
    out.writeBytes(body.toByteArray());
    out.write(0xFF);
    return out.toByteArray();
  }

  private static void writeLe(ByteArrayOutputStream out, int v, int n) {
    for (int i = 0; i < n; i++) {
      out.write(v >>> (8 * i));
    }
  }

  private static String content(ZSet z) {
    StringBuilder sb = new StringBuilder();
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      sb.append(sb.length() == 0 ? "" : " ")
          .append(e.memberString())
          .append(' ')
          .append(RedisNumbers.formatDouble(e.score()));
    }
    return sb.toString();
  }

  /** Every public operation works on a loaded set and leaves a blob that loads again. */
  private static void exercise(ZSet z) {
    z.checkInvariants();
    ZSet copy = z.copy();
    for (ScoredMember e : copy.rangeByRank(0, -1, false)) {
      assertEquals(e.score(), z.score(e.member()).getAsDouble());
      z.incrementBy(e.member(), 1);
      assertTrue(z.rank(e.member(), false).isPresent());
      z.checkInvariants();
    }
    if (z.encoding() == ZSet.Encoding.COMPACT) {
      ZSet again = ZSet.fromCompact(z.toCompactBytes());
      assertEquals(content(z), content(again));
    }
    for (ScoredMember e : copy.rangeByRank(0, -1, false)) {
      assertTrue(z.remove(e.member()));
      assertTrue(z.score(e.member()).isEmpty());
    }
    assertTrue(z.isEmpty());
  }

  // ---------------------------------------------------------------- item 2

  /** Oracle: RESTORE of pairs m,1,m,2 (and of 1,1,"1",2) replies "ERR Bad data format". */
  @Test
  void item2FromCompactRejectsDuplicateMembers() {
    assertThrows(
        CorruptEncodingException.class, () -> ZSet.fromZipList(rawZipList("m", 1L, "m", 2L)));
    assertThrows(
        CorruptEncodingException.class, () -> ZSet.fromZipList(rawZipList(1L, 1L, "1", 2L)));
    assertThrows(
        CorruptEncodingException.class,
        () -> ZSet.fromZipList(rawZipList("a", 1L, "m", 2L, "b", 3L, "m", 1L)));
  }

  /**
   * Oracle: RESTORE accepts pairs out of order (b 2, a 1, c 0) and text scores strtod reads by
   * prefix ("abc" as 0, " 5x" as 5, "1e400" as inf, 130 bytes cut at 127), keeps the blob as it is
   * and answers from it: ZRANGE follows the blob's order (issue 27 item 7; ZSetForeignBlobRedisIT
   * compares every read and write with the server on such blobs). So do we.
   */
  @Test
  void item2FromCompactAcceptsWhatRedisAcceptsAndKeepsIt() {
    ZSet z = ZSet.fromZipList(rawZipList("b", 2L, "a", 1L, "c", 0L));
    assertEquals("b 2 a 1 c 0", content(z));
    exercise(z);
    ZSet t = ZSet.fromZipList(rawZipList("a", "abc", "b", " 5x", "c", "1e400", "d", "-0"));
    // Kept, with the values Redis reads (-0 included).
    assertEquals("a 0 b 5 c inf d -0", content(t));
    // Kept as it is (oracle: ZRANGE of a RESTOREd "0x10", "-0" gives 16 and -0).
    assertEquals("b -0 a 16", content(ZSet.fromZipList(rawZipList("b", "-0", "a", "0x10"))));
    exercise(t);
    // Kept as it is: a member and a score written as strings the ziplist would store as integers.
    byte[] kept = rawZipList("a", 2L, "12", "16");
    ZSet v = ZSet.fromZipList(kept);
    // Converted as Redis converts it (lpAppend): the strings "12" and "16" become integers.
    dev.redstruct.listpack.ListPack lp = dev.redstruct.listpack.ListPack.create();
    lp.append(b("a"));
    lp.append(2);
    lp.append(12);
    lp.append(16);
    assertArrayEquals(lp.toByteArray(), v.toCompactBytes());
    assertEquals("a 2 12 16", content(v));
    assertFalse(v.add(b("12"), 3), "the string entry \"12\" is the member 12");
    assertEquals("a 2 12 3", content(v));
    exercise(v);
    String tiny = "0." + "0".repeat(40) + "1"; // 43 bytes: read whole, 1e-41
    ZSet u = ZSet.fromZipList(rawZipList("a", tiny, "b", 1L));
    assertEquals(1e-41, u.score("a").getAsDouble());
  }

  /** Oracle: ZSCORE of a score stored as "0.000…0001" (130 bytes) is 0: zzlStrtod reads 127. */
  @Test
  void item2LongScoreTextIsReadAsRedisReadsIt() {
    ZipListBlob blob = new ZipListBlob();
    blob.add(b("a"));
    blob.add(b("0." + "0".repeat(127) + "1"));
    ZSet z = ZSet.fromZipList(blob.bytes());
    assertEquals(0.0, z.score("a").getAsDouble());
    exercise(z);
  }

  /** Divergence: Redis accepts "nan" (and crashes converting it); a ZSet holds no NaN score. */
  @Test
  void item2FromCompactRejectsNanScoreText() {
    assertThrows(
        CorruptEncodingException.class, () -> ZSet.fromZipList(rawZipList("a", "nan", "b", 1L)));
  }

  // ---------------------------------------------------------------- item 5

  /** Oracle: skiplist-encoded, ZADD l 1 b 2 a 3 c; ZLEXCOUNT l [b [b replies 3. */
  @Test
  void item5LexCountOnSkiplistWithDifferingScores() {
    ZSet z = ZSet.create(0, 0);
    z.add("b", 1);
    z.add("a", 2);
    z.add("c", 3);
    assertEquals(3, z.lexCount(LexRange.parse(b("[b"), b("[b"))));
  }

  // ---------------------------------------------------------------- items 6 and 17

  /**
   * Oracle: ZADD k 0 z 1 a 2 b; ZCOUNT with the bounds below; ZREMRANGEBYSCORE k " 1" 1 replies 1.
   */
  @Test
  void item6ScoreRangeBoundsParseAsZslParseRange() {
    ZSet z = ZSet.create();
    z.add("z", 0);
    z.add("a", 1);
    z.add("b", 2);
    assertEquals(2, z.count(ScoreRange.parse(b(" 1"), b("+inf"))));
    assertEquals(2, z.count(ScoreRange.parse(b("(\t0"), b("+inf"))));
    assertEquals(2, z.count(ScoreRange.parse(b("1\u0000zz"), b("+inf"))));
    assertEquals(3, z.count(ScoreRange.parse(b("\u0000"), b("+inf"))));
    assertEquals(1, z.count(ScoreRange.parse(b("(1\u0000"), b("+inf"))));
    assertEquals(0, z.count(ScoreRange.parse(b("0x1p5000"), b("+inf"))));
    assertEquals(3, z.count(ScoreRange.parse(b("-0x1p5000"), b("0x1p5000"))));
    assertEquals(1, z.count(ScoreRange.parse(b("-inf"), b("0x1p-5000"))));
    for (String bad : new String[] {" ", "1 ", "(+", "0x", "nan", "1e", "infin"}) {
      ZSetException e =
          assertThrows(ZSetException.class, () -> ScoreRange.parse(b(bad), b("1")), bad);
      assertEquals("ERR min or max is not a float", e.getMessage());
    }
    assertEquals(1, z.removeRangeByScore(ScoreRange.parse(b(" 1"), b("1"))));
    assertEquals("z 0 b 2", content(z));
  }

  /** The old bound regex backtracked: 32k digits took 9 s. */
  @Test
  void item17ScoreRangeParseOf32kDigitsIsFast() {
    byte[] digits = b("7".repeat(32_000));
    byte[] notANumber = b("7".repeat(32_000) + "x");
    assertTimeoutPreemptively(
        Duration.ofSeconds(2),
        () -> {
          assertEquals(Double.POSITIVE_INFINITY, ScoreRange.parse(digits, digits).min());
          assertThrows(ZSetException.class, () -> ScoreRange.parse(notANumber, digits));
        });
  }

  // ---------------------------------------------------------------- item 7

  /** Oracle: ZLEXCOUNT k "+\0x" ... is a valid +inf (and "-\0" -inf); "+x" is an error. */
  @Test
  void item7LexBoundPlusOrMinusThenNul() {
    ZSet z = ZSet.create();
    z.add("a", 0);
    z.add("b", 0);
    assertEquals(2, z.lexCount(LexRange.parse(b("-\u0000"), b("+\u0000x"))));
    assertEquals(0, z.lexCount(LexRange.parse(b("+\u0000x"), b("+"))));
    assertThrows(ZSetException.class, () -> LexRange.parse(b("+x"), b("+")));
    assertThrows(ZSetException.class, () -> LexRange.parse(b(""), b("+")));
  }

  // ---------------------------------------------------------------- item 8

  /**
   * Oracle: ZADD u 0 m; ZUNION 1 u WEIGHTS -1 WITHSCORES and ZINTER (same) give m -0; ZDIFF of a
   * listpack holding -0 gives 0 (stored as the integer 0), of a skiplist -0.
   */
  @Test
  void item8UnionInterDiffRepliesKeepTheSignOfZero() {
    ZSet u = ZSet.create();
    u.add("m", 0);
    double[] minusOne = {-1};
    List<ScoredMember> union = ZSet.unionEntries(List.of(u), minusOne, ZSet.Aggregate.SUM);
    assertEquals("-0", RedisNumbers.formatDouble(union.get(0).score()));
    List<ScoredMember> inter = ZSet.interEntries(List.of(u), minusOne, ZSet.Aggregate.SUM);
    assertEquals("-0", RedisNumbers.formatDouble(inter.get(0).score()));
    // The STORE form is compact and stores -0 as 0, as ZUNIONSTORE's listpack does.
    ZSet stored = ZSet.union(List.of(u), minusOne, ZSet.Aggregate.SUM, 128, 64);
    assertEquals("m 0", content(stored));
    ZSet compactMinusZero = ZSet.create();
    compactMinusZero.add("m", -0.0);
    assertEquals(
        "0", RedisNumbers.formatDouble(ZSet.diffEntries(List.of(compactMinusZero)).get(0).score()));
    ZSet skiplistMinusZero = ZSet.create(0, 0);
    skiplistMinusZero.add("m", -0.0);
    assertEquals(
        "-0",
        RedisNumbers.formatDouble(ZSet.diffEntries(List.of(skiplistMinusZero)).get(0).score()));
  }

  // ---------------------------------------------------------------- item 10

  /**
   * Oracle: ZADD s 1e17 a 0.5 b -0 c; ZSCAN s 0 gives c 0 b 0.5 a 100000000000000000 (listpack),
   * where ZRANGE WITHSCORES gives a 1e+17.
   */
  @Test
  void item10ScanReplyPrintsCompactScoresAsStored() {
    ZSet s = ZSet.create();
    s.add("a", 1e17);
    s.add("b", 0.5);
    s.add("c", -0.0);
    List<byte[]> out = new ArrayList<>();
    assertEquals(0, s.scanReply(0, 10, out::add));
    assertEquals("c 0 b 0.5 a 100000000000000000", texts(out));
    ZSet t = ZSet.fromZipList(rawZipList("b", "-0", "a", "0x10"));
    out.clear();
    t.scanReply(0, 10, out::add);
    assertEquals("b -0 a 0x10", texts(out)); // oracle: ZSCAN prints the stored text
    ZSet big = ZSet.create(0, 0);
    big.add("a", 1e17);
    out.clear();
    long cursor = 0;
    do {
      cursor = big.scanReply(cursor, 10, out::add);
    } while (cursor != 0);
    assertEquals("a 1e+17", texts(out)); // skiplist: %.17g, as ZSCAN of a skiplist prints it
  }

  private static String texts(List<byte[]> l) {
    StringBuilder sb = new StringBuilder();
    for (byte[] v : l) {
      sb.append(sb.length() == 0 ? "" : " ").append(new String(v, StandardCharsets.ISO_8859_1));
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- item 9

  /** Oracle: RESTORE of 129 pairs gives skiplist, of 128 listpack, of 100-byte members listpack. */
  @Test
  void item9FromCompactConvertsPastTheEntriesLimit() {
    ZipListBlob big = new ZipListBlob();
    for (int i = 0; i < 129; i++) {
      big.add(b("m" + i));
      big.add(i);
    }
    ZSet z = ZSet.fromZipList(big.bytes());
    assertEquals(ZSet.Encoding.SKIPLIST, z.encoding());
    assertEquals(129, z.size());
    z.checkInvariants();
    ZipListBlob fits = new ZipListBlob();
    for (int i = 0; i < 128; i++) {
      fits.add(b("m" + i));
      fits.add(i);
    }
    assertEquals(ZSet.Encoding.COMPACT, ZSet.fromZipList(fits.bytes()).encoding());
    ZipListBlob longMembers = new ZipListBlob();
    longMembers.add(b("x".repeat(100)));
    longMembers.add(1);
    assertEquals(ZSet.Encoding.COMPACT, ZSet.fromZipList(longMembers.bytes()).encoding());
  }

  // ---------------------------------------------------------------- item 18

  /** Redis streams any count; no list holds 2^63 - 1 picks: rejected at once, nothing allocated. */
  @Test
  void item18RandomMembersRejectsCountsNoListHolds() {
    ZSet z = ZSet.create();
    z.add("a", 1);
    SplittableRandom rnd = new SplittableRandom(1);
    assertTimeoutPreemptively(
        Duration.ofSeconds(2),
        () -> {
          assertThrows(IllegalArgumentException.class, () -> z.randomMembers(-Long.MAX_VALUE, rnd));
          assertThrows(
              IllegalArgumentException.class,
              () -> z.randomMembers(-(long) Integer.MAX_VALUE, rnd));
        });
    ZSetException e = assertThrows(ZSetException.class, () -> z.randomMembers(Long.MIN_VALUE, rnd));
    assertEquals(
        "ERR value is out of range, value must between -9223372036854775807 and"
            + " 9223372036854775807",
        e.getMessage());
    assertEquals(1, z.randomMembers(Long.MAX_VALUE, rnd).size());
    // Oracle: ZRANDMEMBER k -4611686018427387904 WITHSCORES replies "ERR value is out of range",
    // 4611686018427387903 WITHSCORES replies the set.
    ZSetException w =
        assertThrows(
            ZSetException.class, () -> ZSet.checkRandomCount(-(Long.MAX_VALUE / 2) - 1, true));
    assertEquals("ERR value is out of range", w.getMessage());
    ZSet.checkRandomCount(Long.MAX_VALUE / 2, true);
    ZSet.checkRandomCount(-(Long.MAX_VALUE / 2), true);
    ZSet.checkRandomCount(-Long.MAX_VALUE, false);
    assertEquals(3, z.randomMembers(-3, rnd).size());
  }

  /** Ziplist blobs through the ziplist's own API (integers re-detected as Redis does). */
  static final class ZipListBlob {
    private final dev.redstruct.ziplist.ZipList zl = dev.redstruct.ziplist.ZipList.create();

    void add(byte[] v) {
      zl.pushTail(v);
    }

    void add(long v) {
      zl.pushTail(v);
    }

    byte[] bytes() {
      return zl.toByteArray();
    }
  }
}
