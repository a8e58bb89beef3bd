package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * A Redis sorted set: unique byte-string members ordered by a double score, then by member bytes
 * (unsigned), with Redis 7.0's two encodings and command semantics.
 *
 * <p><b>Encodings.</b> While it holds at most {@code maxCompactEntries} members (default 128) and
 * every member is at most {@code maxCompactValue} bytes (default 64), the set is one listpack of
 * (member, score) pairs, byte for byte Redis 7.0's compact encoding ({@code listpack}). Beyond
 * either limit it converts, once and for good, to Redis's {@code skiplist} encoding: a skiplist
 * whose nodes are also the entries of a progressive-rehash hash table of the members (one object
 * per member, hashed with a keyed hash of the wyhash family where Redis uses SipHash-1-2; see
 * {@code MemberHash}). Emptied sets choose again at the next add, as a Redis key that vanished and
 * was recreated would. Scores stored by the compact encoding lose the sign of zero, as Redis 7.0's
 * do.
 *
 * <p><b>One face.</b> Every method that takes one member and one score takes them in that order,
 * {@code (member, score)}: {@code add("alice", 3100)}, {@code incrementBy(member, 5)}; each {@code
 * byte[]} member has a {@code String} overload that encodes UTF-8. Every read returns {@link
 * ScoredMember} records; the set is {@code Iterable<ScoredMember>} (ascending) and prints at most
 * its first {@value #TO_STRING_MEMBERS} members. Each method names the Redis command it mirrors.
 *
 * <p><b>Redis conventions</b>, kept where a method mirrors a command: ranks are 0-based and a
 * negative index counts from the end ({@code -1} is the last), clamped as {@code ZRANGE} clamps;
 * {@code LIMIT offset count} has Redis's meaning (a negative count is no limit); the methods that
 * take arrays take them in the command's argument order ({@link #add(int, double[], byte[][])} is
 * {@code ZADD}'s {@code score member} pairs as two parallel arrays, {@link #multiScore} {@code
 * ZMSCORE}'s members); options are Redis's flags ({@link #NX}, {@link #XX}...); a missing key is a
 * {@code null} element in the input lists of the static set operations; and a caller mistake Redis
 * answers with an error throws {@link ZSetException} carrying Redis's exact text. Costs: compact
 * operations are O(n) with n bounded by the thresholds; skiplist point operations O(1) expected
 * (member index) or O(log n) expected (skiplist).
 *
 * <p>Members are never null (NullPointerException); scores are never NaN
 * (IllegalArgumentException). Arrays passed in are copied when retained; arrays returned are fresh.
 * A null argument throws {@link NullPointerException} naming the parameter, and changes nothing.
 *
 * <p><b>Thread safety.</b> Not thread-safe: any concurrent use of one set, reads included, needs
 * external synchronization. Sets share no mutable state with each other (no static or per-thread
 * scratch), so two threads using two sets never interfere.
 */
public final class ZSet implements Iterable<ScoredMember> {
  /*
   * Implementation notes.
   *
   * Mirrors src/t_zset.c of Redis 7.0.15, split as Redis splits it: by representation. This
   * class is the facade (the contract, the thresholds, the factories) and holds one field of
   * state, `enc`, a ZSetEncoding: ListPackZSet (the zzl* functions) or SkipListZSet (zsl* and the
   * member table, Redis's zs->dict after redis/redis #14701). Each owns every operation on its
   * state; the public methods here check their arguments and hand off. What is not one form's:
   *  - zsetAdd below: the add path of every ZADD, ZINCRBY and store, with the one place that
   *    converts (zsetConvert), and compactIfFits (zsetConvertToListpackIfNeeded); the decision
   *    table itself is ZSetEncoding.decide, which every form calls;
   *  - pop and random: genericZpopCommand and zrandmemberWithCountCommand over ranks;
   *  - ZSetAlgebra (ZUNION/ZINTER/ZDIFF/ZINTERCARD) and ZSetRdb (RESTORE, compact blobs).
   *
   * Invariants (checkInvariants):
   *  I1 compact ⇒ size <= maxCompactEntries (fromCompact converts a larger blob, as Redis's load
   *     does) and every member <= maxCompactValue bytes unless it was loaded that way (Redis's
   *     load checks the count only); checked by the callers that build sets, not here.
   *  I2 the form's own invariants (SkipListZSet S1..S3, ListPackZSet I1..I4 with its index's).
   */

  /** ZADD option {@code NX}: only add new members. */
  public static final int NX = 1;

  /** ZADD option {@code XX}: only update existing members. */
  public static final int XX = 1 << 1;

  /** ZADD option {@code GT}: update only when the new score is greater. */
  public static final int GT = 1 << 2;

  /** ZADD option {@code LT}: update only when the new score is less. */
  public static final int LT = 1 << 3;

  /** ZADD option {@code CH}: count changed members as well as added ones. */
  public static final int CH = 1 << 4;

  /** ZADD option {@code INCR}: add the score to the current one (see {@link #addIncr}). */
  public static final int INCR = 1 << 5;

  /** How many members {@link #toString} shows before it writes {@code ...}. */
  public static final int TO_STRING_MEMBERS = 8;

  /** Redis default {@code zset-max-listpack-entries}. */
  public static final int DEFAULT_MAX_COMPACT_ENTRIES = 128;

  /** Redis default {@code zset-max-listpack-value}. */
  public static final int DEFAULT_MAX_COMPACT_VALUE = 64;

  /** The two encodings. */
  public enum Encoding {
    /** A listpack of (member, score) pairs: Redis 7.0's {@code listpack}. */
    COMPACT,
    /** Skiplist whose nodes are the member index's entries; Redis's {@code skiplist}. */
    SKIPLIST
  }

  /** Aggregation of ZUNION/ZINTER scores. */
  public enum Aggregate {
    /** Add the weighted scores (NaN from inf + -inf becomes 0). */
    SUM,
    /** Keep the smallest weighted score. */
    MIN,
    /** Keep the largest weighted score. */
    MAX
  }

  /** The level seed of {@link #create(int, int)}. */
  static final long DEFAULT_SEED = 0x5EED_2A5EL;

  final int maxCompactEntries;
  final int maxCompactValue;
  final long seed;

  /** The order index of the skiplist form (ZOrder.Kind.DEFAULT unless a test or benchmark asks). */
  final ZOrder.Kind index;

  /** The one representation: never null. */
  ZSetEncoding enc;

  private ZSet(int maxCompactEntries, int maxCompactValue, long seed, ZOrder.Kind index) {
    this.maxCompactEntries = maxCompactEntries;
    this.maxCompactValue = maxCompactValue;
    this.seed = seed;
    this.index = index;
    this.enc = ListPackZSet.create();
  }

  /**
   * An empty set with Redis's default thresholds (128 entries, 64 bytes).
   *
   * @return a new set
   */
  public static ZSet create() {
    return create(DEFAULT_MAX_COMPACT_ENTRIES, DEFAULT_MAX_COMPACT_VALUE);
  }

  /**
   * An empty set with the given thresholds ({@code zset-max-listpack-entries}/{@code -value}).
   *
   * @param maxCompactEntries most members kept compact, {@code >= 0} (0: never compact)
   * @param maxCompactValue longest member kept compact, in bytes, {@code >= 0}
   * @return a new set
   */
  public static ZSet create(int maxCompactEntries, int maxCompactValue) {
    return create(maxCompactEntries, maxCompactValue, DEFAULT_SEED);
  }

  /**
   * As {@link #create(int, int)} with the seed of the skiplist's level draws.
   *
   * @param maxCompactEntries most members kept compact, {@code >= 0}
   * @param maxCompactValue longest member kept compact, in bytes, {@code >= 0}
   * @param seed seed of the level generator (same seed and operations give the same shape)
   * @return a new set
   */
  public static ZSet create(int maxCompactEntries, int maxCompactValue, long seed) {
    return create(maxCompactEntries, maxCompactValue, seed, ZOrder.Kind.DEFAULT);
  }

  /**
   * As {@link #create(int, int, long)} with the order index of the skiplist form: the factory tests
   * and benchmarks use to run both indexes (the benchmarks reach it through ZSetWalks.create).
   */
  static ZSet create(int maxCompactEntries, int maxCompactValue, long seed, ZOrder.Kind index) {
    checkThresholds(maxCompactEntries, maxCompactValue);
    return new ZSet(maxCompactEntries, maxCompactValue, seed, Objects.requireNonNull(index));
  }

  /** Refuses negative thresholds, before a factory reads any input. */
  static void checkThresholds(int maxCompactEntries, int maxCompactValue) {
    if (maxCompactEntries < 0 || maxCompactValue < 0) {
      throw new IllegalArgumentException(
          "negative threshold: " + maxCompactEntries + ", " + maxCompactValue);
    }
  }

  /**
   * A set restored from a compact blob (a Redis 7.0 listpack of member, score pairs: the body of
   * RDB type 17, as {@link #toCompactBytes()} returns it) with the default thresholds; see {@link
   * #fromCompact(byte[], int, int)}.
   *
   * @param listpack the blob; copied and deep-validated
   * @return the set
   * @throws CorruptEncodingException if Redis 7.0 would refuse to load the blob, or a score reads
   *     as NaN
   */
  public static ZSet fromCompact(byte[] listpack) {
    Objects.requireNonNull(listpack, "listpack");
    return fromCompact(listpack, DEFAULT_MAX_COMPACT_ENTRIES, DEFAULT_MAX_COMPACT_VALUE);
  }

  /**
   * A set restored from a compact blob, as Redis 7.0 loads an RDB type-17 zset under {@code
   * sanitize-dump-payload yes}: the listpack is deep-validated, its element count must be even and
   * no member may appear twice. A set of more than {@code maxCompactEntries} pairs is converted to
   * the skiplist encoding; one within that count stays compact whatever its members' lengths (Redis
   * checks the count only on load).
   *
   * <p>Redis also accepts pairs out of (score, member) order and text scores that are not numbers,
   * which it reads as C {@code strtod} reads their first 127 bytes ({@code "abc"} as 0, {@code "
   * 5x"} as 5, {@code "1e400"} as inf), and keeps the blob as it is: its replies follow the blob
   * (ZRANGE in the blob's order, ranges and ranks by Redis's walks) and DUMP gives it back. So do
   * we. Known differences: Redis keeps a text score that reads as NaN ({@code "nan"}), which we
   * reject, and the Java face's ordered views then follow the blob's order, as Redis's replies do.
   * Redis also refuses an empty blob (an empty key); we load it as an empty set.
   *
   * @param listpack the blob; copied and deep-validated
   * @param maxCompactEntries most members kept compact ({@code zset-max-listpack-entries})
   * @param maxCompactValue longest member a later add keeps compact, in bytes
   * @return the set
   * @throws CorruptEncodingException if the blob is not a valid listpack, has an odd element count
   *     or a member twice, or a score reads as NaN
   * @throws IllegalArgumentException if a threshold is negative
   */
  public static ZSet fromCompact(byte[] listpack, int maxCompactEntries, int maxCompactValue) {
    Objects.requireNonNull(listpack, "listpack");
    checkThresholds(maxCompactEntries, maxCompactValue);
    return ZSetRdb.fromListPack(listpack, maxCompactEntries, maxCompactValue, listpack);
  }

  /**
   * A set restored from a Redis 6.2 compact blob (a ziplist of member, score entries: the body of
   * RDB type 12) with the default thresholds; see {@link #fromZipList(byte[], int, int)}.
   *
   * @param ziplist the blob; deep-validated
   * @return the set
   * @throws CorruptEncodingException if Redis 7.0 would refuse to load the blob, or a score reads
   *     as NaN
   */
  public static ZSet fromZipList(byte[] ziplist) {
    Objects.requireNonNull(ziplist, "ziplist");
    return fromZipList(ziplist, DEFAULT_MAX_COMPACT_ENTRIES, DEFAULT_MAX_COMPACT_VALUE);
  }

  /**
   * A set restored from a Redis 6.2 ziplist blob, as Redis 7.0 loads an RDB type-12 zset: the
   * ziplist is deep-validated and converted entry by entry to a listpack (Redis:
   * ziplistPairsConvertAndValidateIntegrity), which is then checked and loaded as {@link
   * #fromCompact(byte[], int, int)} loads one, with the same leniencies and differences.
   *
   * @param ziplist the blob; deep-validated, not kept
   * @param maxCompactEntries most members kept compact ({@code zset-max-listpack-entries})
   * @param maxCompactValue longest member a later add keeps compact, in bytes
   * @return the set
   * @throws CorruptEncodingException if the blob is not a valid ziplist, has an odd entry count or
   *     a member twice, or a score reads as NaN
   * @throws IllegalArgumentException if a threshold is negative
   */
  public static ZSet fromZipList(byte[] ziplist, int maxCompactEntries, int maxCompactValue) {
    Objects.requireNonNull(ziplist, "ziplist");
    checkThresholds(maxCompactEntries, maxCompactValue);
    return ZSetRdb.fromZipList(ziplist, maxCompactEntries, maxCompactValue);
  }

  /**
   * The compact encoding's bytes: the listpack, byte for byte what Redis 7.0 holds after the same
   * commands (the body of RDB type 17).
   *
   * @return a fresh copy of the blob
   * @throws IllegalStateException if the set is skiplist-encoded
   */
  public byte[] toCompactBytes() {
    if (!(enc instanceof ListPackZSet lp)) {
      throw new IllegalStateException("skiplist-encoded");
    }
    return lp.toByteArray();
  }

  /**
   * This set as Redis 7.0's {@code DUMP} payload with {@code rdbcompression yes} (the default); see
   * {@link #toRdbPayload(boolean)}.
   *
   * @return the payload
   */
  public byte[] toRdbPayload() {
    return toRdbPayload(true);
  }

  /**
   * This set as Redis 7.0.15's {@code DUMP} of a key holding it, byte for byte: RDB type 17 (the
   * listpack as one RDB string) while compact, else type 5 ({@code ZSET_2}: the member count, then
   * each member from the greatest to the smallest as an RDB string and its score as a binary
   * double), then RDB version 10 and the CRC-64.
   *
   * @param compress Redis's {@code rdbcompression}: LZF for strings longer than 20 bytes that
   *     shrink
   * @return the payload, ready for {@code RESTORE}
   */
  public byte[] toRdbPayload(boolean compress) {
    RdbWriter w = RdbWriter.create(compress);
    enc.writeRdb(w);
    return w.toDumpPayload();
  }

  /**
   * A set loaded from a {@code DUMP} payload with the default thresholds; see {@link
   * #fromRdbPayload(byte[], int, int)}.
   *
   * @param payload the payload with its footer (untrusted)
   * @return the set
   * @throws CorruptEncodingException if Redis 7.0's {@code RESTORE} would refuse it
   */
  public static ZSet fromRdbPayload(byte[] payload) {
    Objects.requireNonNull(payload, "payload");
    return fromRdbPayload(payload, DEFAULT_MAX_COMPACT_ENTRIES, DEFAULT_MAX_COMPACT_VALUE);
  }

  /**
   * A set loaded from a {@code DUMP} payload as Redis 7.0.15's {@code RESTORE} loads one with
   * {@code sanitize-dump-payload yes}: the footer checked (RDB version at most 10, CRC-64), then
   * RDB type 17 (listpack, see {@link #fromCompact(byte[], int, int)}), 12 (6.2 ziplist, see {@link
   * #fromZipList(byte[], int, int)}), 5 ({@code ZSET_2}) or 3 (old {@code ZSET}, text scores). A
   * type 5 or 3 set without NaN scores or repeated members is built as a skiplist and made compact
   * if it fits the thresholds; a type 17 or 12 set larger than {@code maxCompactEntries} converts
   * to a skiplist. An empty set is refused, as Redis refuses an empty key. As in Redis, bytes the
   * value leaves unread before the footer are ignored.
   *
   * @param payload the payload with its footer (untrusted)
   * @param maxCompactEntries most members kept compact ({@code zset-max-listpack-entries})
   * @param maxCompactValue longest member kept compact, in bytes ({@code zset-max-listpack-value})
   * @return the set
   * @throws CorruptEncodingException if {@code RESTORE} would refuse the payload, or a compact
   *     blob's score reads as NaN
   * @throws IllegalArgumentException if a threshold is negative
   */
  public static ZSet fromRdbPayload(byte[] payload, int maxCompactEntries, int maxCompactValue) {
    Objects.requireNonNull(payload, "payload");
    checkThresholds(maxCompactEntries, maxCompactValue);
    return ZSetRdb.read(payload, maxCompactEntries, maxCompactValue);
  }

  /**
   * The live encoding, as {@code OBJECT ENCODING} reports it.
   *
   * @return the encoding
   */
  public Encoding encoding() {
    return enc instanceof ListPackZSet ? Encoding.COMPACT : Encoding.SKIPLIST;
  }

  /**
   * Number of members. Redis: {@code ZCARD}. O(1) for the skiplist, O(1) for the compact form.
   *
   * @return the cardinality
   */
  public int size() {
    return enc.length();
  }

  /**
   * Whether the set has no members.
   *
   * @return true if empty
   */
  public boolean isEmpty() {
    return size() == 0;
  }

  // ------------------------------------------------------------------ ZADD / ZINCRBY

  /**
   * Checks ZADD options in Redis's order, so that a command layer can report the same first error.
   *
   * @param flags bitwise or of {@link #NX}, {@link #XX}, {@link #GT}, {@link #LT}, {@link #CH},
   *     {@link #INCR}
   * @param pairs number of score-member pairs
   * @throws ZSetException with Redis's text for XX+NX, GT/LT/NX and INCR with several pairs
   */
  public static void checkAddFlags(int flags, int pairs) {
    if ((flags & NX) != 0 && (flags & XX) != 0) {
      throw new ZSetException(ZSetException.XX_NX);
    }
    if (Integer.bitCount(flags & (GT | LT | NX)) > 1) {
      throw new ZSetException(ZSetException.GT_LT_NX);
    }
    if ((flags & INCR) != 0 && pairs > 1) {
      throw new ZSetException(ZSetException.INCR_PAIR);
    }
  }

  /**
   * Adds or updates members. Redis: {@code ZADD key [NX|XX] [GT|LT] [CH] score member ...}. A Redis
   * face method, so it keeps the command's argument order: the {@code score member} pairs come as
   * two parallel arrays, scores first ({@code scores[i]} goes with {@code members[i]}); the
   * one-member methods take {@code (member, score)}.
   *
   * @param flags options; {@link #INCR} is not allowed here (use {@link #addIncr})
   * @param scores one score per member, none NaN
   * @param members the members (copied)
   * @return the number of members added, plus the number updated when {@link #CH} is set
   * @throws ZSetException for incompatible options
   * @throws IllegalArgumentException for INCR, NaN scores or mismatched lengths
   */
  public long add(int flags, double[] scores, byte[][] members) {
    Objects.requireNonNull(scores, "scores");
    Objects.requireNonNull(members, "members");
    checkAddFlags(flags, members.length);
    if ((flags & INCR) != 0 || scores.length != members.length || members.length == 0) {
      throw new IllegalArgumentException("use addIncr for INCR; scores and members pair up");
    }
    for (int i = 0; i < scores.length; i++) { // every argument checked before the first change
      if (Double.isNaN(scores[i])) {
        throw new IllegalArgumentException("NaN score");
      }
      Objects.requireNonNull(members[i], "member");
    }
    long added = 0;
    long updated = 0;
    for (int i = 0; i < scores.length; i++) {
      int out = zsetAdd(members[i], scores[i], flags);
      added += out & ZSetEncoding.OUT_ADDED;
      updated += (out & ZSetEncoding.OUT_UPDATED) >> 1;
    }
    return (flags & CH) != 0 ? added + updated : added;
  }

  /**
   * Adds one member with a score, or updates its score. Redis: {@code ZADD key score member}.
   *
   * @param member the member (copied when kept)
   * @param score the score, not NaN
   * @return true if the member was new
   * @throws IllegalArgumentException if {@code score} is NaN
   */
  public boolean add(byte[] member, double score) {
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("NaN score");
    }
    Objects.requireNonNull(member, "member");
    return zsetAdd(member, score, 0) == ZSetEncoding.OUT_ADDED;
  }

  /**
   * One member of ZADD ({@code score} is the score wanted: INCR is applied by the caller), with the
   * one conversion of the add path: a form that should not hold the new member answers OUT_CONVERT
   * having changed nothing, and the member goes to the form chosen here. Redis: zsetAdd, and
   * zsetTypeCreate's choice for a new key (an emptied set chooses again, as a recreated key does).
   *
   * @return ZSetEncoding's OUT_* bits (never OUT_CONVERT)
   */
  int zsetAdd(byte[] member, double score, int flags) {
    int out = enc.add(member, score, flags, maxCompactEntries, maxCompactValue);
    if (out == ZSetEncoding.OUT_CONVERT) {
      boolean fits = maxCompactEntries > 0 && member.length <= maxCompactValue;
      enc = enc.length() == 0 && fits ? ListPackZSet.create() : enc.toSkipList(seed, index);
      out = enc.add(member, score, flags, maxCompactEntries, maxCompactValue);
    }
    assert out != ZSetEncoding.OUT_CONVERT;
    return out;
  }

  /**
   * A copy of {@code z} whose skiplist form uses {@code index} (tests: a run on one index keeps it
   * through the results of set algebra, which are created with the default).
   */
  static ZSet withIndex(ZSet z, ZOrder.Kind index) {
    ZSet c = new ZSet(z.maxCompactEntries, z.maxCompactValue, z.seed, index);
    c.enc = z.enc.copy(z.seed);
    if (c.enc instanceof SkipListZSet s) {
      c.enc = s.toSkipList(z.seed, index);
    }
    return c;
  }

  /** This set's skiplist form, converting it first if compact (builders and loaders). */
  SkipListZSet skipList() {
    SkipListZSet s = enc.toSkipList(seed, index);
    enc = s;
    return s;
  }

  /**
   * Makes a freshly built result compact if it fits the thresholds. Redis:
   * zsetConvertToListpackIfNeeded.
   *
   * @return this set
   */
  ZSet compactIfFits() {
    if (enc instanceof SkipListZSet s) {
      ListPackZSet lp = s.toListPackIfFits(maxCompactEntries, maxCompactValue);
      enc = lp != null ? lp : s;
    }
    return this;
  }

  /**
   * As {@link #add(byte[], double)} with the member encoded as UTF-8.
   *
   * @param member the member text
   * @param score the score, not NaN
   * @return true if the member was new
   */
  public boolean add(String member, double score) {
    Objects.requireNonNull(member, "member");
    return add(Bytes.utf8(member), score);
  }

  /**
   * Adds or updates every record, in order (a later record of the same member wins). Redis: the
   * destination of {@code ZRANGESTORE} (zrangeResultBeginStore, then zsetAdd per element): {@code
   * ZSet dst = ZSet.create(); dst.addAll(src.rangeByScore(range, false, 0, -1));} gives the key
   * {@code ZRANGESTORE dst src min max BYSCORE} writes, content and encoding.
   *
   * @param entries the records, none null (checked before the first add: a null changes nothing)
   * @return the number of members added (not counting updates)
   */
  public long addAll(Iterable<ScoredMember> entries) {
    Objects.requireNonNull(entries, "entries");
    List<ScoredMember> all = new ArrayList<>();
    for (ScoredMember e : entries) {
      all.add(Objects.requireNonNull(e, "entry")); // every record checked before the first add
    }
    long added = 0;
    for (ScoredMember e : all) {
      added += add(e.member(), e.score()) ? 1 : 0;
    }
    return added;
  }

  /**
   * Increments (or adds) one member under options. Redis: {@code ZADD key [NX|XX] [GT|LT] INCR
   * increment member}.
   *
   * @param flags options ({@link #INCR} implied)
   * @param member the member
   * @param increment the increment, not NaN
   * @return the new score, or empty if the options prevented the change (Redis replies nil)
   * @throws ZSetException for incompatible options, or {@code ERR resulting score is not a number
   *     (NaN)} (nothing changes)
   */
  public OptionalDouble addIncr(int flags, byte[] member, double increment) {
    checkAddFlags(flags | INCR, 1);
    Objects.requireNonNull(member, "member");
    if (Double.isNaN(increment)) {
      throw new IllegalArgumentException("NaN increment");
    }
    // Redis's zsetAdd with ZADD_IN_INCR: the options are checked against the current score first
    // (NX on a present member, XX on an absent one: nil, and no NaN check), then the sum.
    double cur = enc.score(member);
    boolean absent = Double.isNaN(cur);
    if ((absent && (flags & XX) != 0) || (!absent && (flags & NX) != 0)) {
      return OptionalDouble.empty();
    }
    double score = absent ? increment : cur + increment;
    if (Double.isNaN(score)) {
      throw new ZSetException(ZSetException.NAN_RESULT);
    }
    int out = zsetAdd(member, score, flags & ~INCR);
    // The reply is the computed score, not the stored form (a compact set stores -0 as 0).
    return (out & ZSetEncoding.OUT_NOP) != 0 ? OptionalDouble.empty() : OptionalDouble.of(score);
  }

  /**
   * Adds {@code increment} to the member's score, creating it at {@code increment}. Redis: {@code
   * ZINCRBY key increment member}.
   *
   * @param member the member
   * @param increment the increment, not NaN
   * @return the new score
   * @throws ZSetException {@code ERR resulting score is not a number (NaN)}; nothing changes
   */
  public double incrementBy(byte[] member, double increment) {
    return addIncr(0, member, increment).getAsDouble();
  }

  /**
   * As {@link #incrementBy(byte[], double)} with the member encoded as UTF-8.
   *
   * @param member the member text
   * @param increment the increment, not NaN
   * @return the new score
   */
  public double incrementBy(String member, double increment) {
    Objects.requireNonNull(member, "member");
    return incrementBy(Bytes.utf8(member), increment);
  }

  // ------------------------------------------------------------------ ZREM / ZSCORE / ZRANK

  /**
   * Removes a member. Redis: {@code ZREM key member}.
   *
   * @param member the member
   * @return true if it was present
   */
  public boolean remove(byte[] member) {
    Objects.requireNonNull(member, "member");
    return enc.remove(member);
  }

  /**
   * As {@link #remove(byte[])} with the member encoded as UTF-8.
   *
   * @param member the member
   * @return true if it was present
   */
  public boolean remove(String member) {
    Objects.requireNonNull(member, "member");
    return remove(Bytes.utf8(member));
  }

  /**
   * The member's score. Redis: {@code ZSCORE key member}.
   *
   * @param member the member
   * @return the score, or empty if absent
   */
  public OptionalDouble score(byte[] member) {
    double s = scoreOrNaN(member);
    return Double.isNaN(s) ? OptionalDouble.empty() : OptionalDouble.of(s);
  }

  /**
   * As {@link #score(byte[])} with the member encoded as UTF-8.
   *
   * @param member the member
   * @return the score, or empty if absent
   */
  public OptionalDouble score(String member) {
    Objects.requireNonNull(member, "member");
    return score(Bytes.utf8(member));
  }

  /**
   * The member's score, or NaN (never a stored score) if absent; allocation-free lookup.
   *
   * @param member the member
   * @return the score or NaN
   */
  public double scoreOrNaN(byte[] member) {
    Objects.requireNonNull(member, "member");
    return enc.score(member);
  }

  /**
   * Scores of several members. Redis: {@code ZMSCORE key member ...}.
   *
   * @param members the members
   * @return one score per member, NaN where absent
   */
  public double[] multiScore(byte[][] members) {
    Objects.requireNonNull(members, "members");
    double[] out = new double[members.length];
    for (int i = 0; i < members.length; i++) {
      out[i] = enc.score(Objects.requireNonNull(members[i], "member"));
    }
    return out;
  }

  /**
   * 0-based rank in ascending (or, with {@code reverse}, descending) order. Redis: {@code ZRANK} /
   * {@code ZREVRANK}, zsetRank.
   *
   * @param member the member
   * @param reverse true for ZREVRANK
   * @return the rank, or empty if absent
   */
  public OptionalLong rank(byte[] member, boolean reverse) {
    long r = rankOrNegative(member, reverse);
    return r < 0 ? OptionalLong.empty() : OptionalLong.of(r);
  }

  /**
   * As {@link #rank(byte[], boolean)}, allocation-free: the 0-based rank, or -1 if absent.
   *
   * @param member the member
   * @param reverse true for ZREVRANK
   * @return the rank, or -1
   */
  public long rankOrNegative(byte[] member, boolean reverse) {
    Objects.requireNonNull(member, "member");
    long r = enc.rank(member);
    return r < 0 || !reverse ? r : enc.length() - 1 - r;
  }

  /**
   * As {@link #rank(byte[], boolean)} with the member encoded as UTF-8.
   *
   * @param member the member text
   * @param reverse true for ZREVRANK (0 is the highest score)
   * @return the rank, or empty if absent
   */
  public OptionalLong rank(String member, boolean reverse) {
    Objects.requireNonNull(member, "member");
    return rank(Bytes.utf8(member), reverse);
  }

  // ------------------------------------------------------------------ counts and ranges

  /**
   * Number of members whose score lies in the range. Redis: {@code ZCOUNT}.
   *
   * @param range the range
   * @return the count
   */
  public long count(ScoreRange range) {
    Objects.requireNonNull(range, "range");
    return enc.count(range);
  }

  /**
   * Number of members in the lex range. Redis: {@code ZLEXCOUNT}.
   *
   * @param range the range
   * @return the count
   */
  public long lexCount(LexRange range) {
    Objects.requireNonNull(range, "range");
    return enc.lexCount(range);
  }

  /**
   * Members by rank, Redis's index rules (negative from the end, clamped). Redis: {@code ZRANGE key
   * start stop [REV]}.
   *
   * @param start first index
   * @param stop last index, inclusive
   * @param reverse count from the highest score
   * @return the entries in reply order
   */
  public List<ScoredMember> rangeByRank(long start, long stop, boolean reverse) {
    return collect(cursorByRank(start, stop, reverse));
  }

  /** The cursor's members as owned records. */
  private static List<ScoredMember> collect(ZSetCursor c) {
    List<ScoredMember> out = new ArrayList<>();
    while (c.next()) {
      out.add(c.toScoredMember());
    }
    return out;
  }

  /**
   * A cursor over every member in ascending order: {@code cursorByRank(0, -1, false)}.
   *
   * @return the cursor
   */
  public ZSetCursor cursor() {
    return cursorByRank(0, -1, false);
  }

  /**
   * A cursor over members by rank, with {@link #rangeByRank}'s rules; no object per member.
   *
   * @param start first index (negative: from the end)
   * @param stop last index, inclusive
   * @param reverse count from the highest score
   * @return the cursor, in reply order
   */
  public ZSetCursor cursorByRank(long start, long stop, boolean reverse) {
    long[] r = sanitize(start, stop, size());
    return r == null ? ZSetCursor.empty() : enc.cursorByRank((int) r[0], (int) r[1], reverse);
  }

  /**
   * A cursor over members by score, with {@link #rangeByScore(ScoreRange, boolean, long, long)}'s
   * rules; no object per member.
   *
   * @param range the range
   * @param reverse highest first
   * @param offset elements skipped (negative: nothing is returned)
   * @param count most elements returned (negative: no limit)
   * @return the cursor, in reply order
   */
  public ZSetCursor cursorByScore(ScoreRange range, boolean reverse, long offset, long count) {
    Objects.requireNonNull(range, "range");
    if (offset > 0 && offset >= size()) {
      return ZSetCursor.empty();
    }
    return enc.cursorByScore(range, reverse, offset, count);
  }

  /**
   * A cursor over members by lex range, with {@link #rangeByLex}'s rules; no object per member.
   *
   * @param range the range
   * @param reverse highest first
   * @param offset elements skipped (negative: nothing is returned)
   * @param count most elements returned (negative: no limit)
   * @return the cursor, in reply order
   */
  public ZSetCursor cursorByLex(LexRange range, boolean reverse, long offset, long count) {
    Objects.requireNonNull(range, "range");
    return enc.cursorByLex(range, reverse, offset, count);
  }

  /** Sanitised [start, end] (0-based) or null if empty. Redis: zrange/zremrange index rules. */
  private static long[] sanitize(long start, long end, long len) {
    if (start < 0) {
      start = len + start;
    }
    if (end < 0) {
      end = len + end;
    }
    if (start < 0) {
      start = 0;
    }
    if (start > end || start >= len) {
      return null;
    }
    if (end >= len) {
      end = len - 1;
    }
    return new long[] {start, end};
  }

  /**
   * Members by score. Redis: {@code ZRANGE key min max BYSCORE [REV] [LIMIT offset count]}.
   *
   * @param range the range
   * @param reverse highest first
   * @param offset elements skipped (negative: nothing is returned)
   * @param count most elements returned (negative: no limit)
   * @return the entries in reply order
   */
  public List<ScoredMember> rangeByScore(
      ScoreRange range, boolean reverse, long offset, long count) {
    return collect(cursorByScore(range, reverse, offset, count));
  }

  /**
   * Members by lex range (meaningful when all scores are equal). Redis: {@code ZRANGE key min max
   * BYLEX [REV] [LIMIT offset count]}.
   *
   * @param range the range
   * @param reverse highest first
   * @param offset elements skipped (negative: nothing is returned)
   * @param count most elements returned (negative: no limit)
   * @return the entries in reply order
   */
  public List<ScoredMember> rangeByLex(LexRange range, boolean reverse, long offset, long count) {
    return collect(cursorByLex(range, reverse, offset, count));
  }

  /**
   * Members with {@code min <= score <= max}, ascending: {@code rangeByScore(ScoreRange.closed(min,
   * max), false, 0, -1)}.
   *
   * @param min lower bound
   * @param max upper bound
   * @return the members with scores
   */
  public List<ScoredMember> rangeByScore(double min, double max) {
    return rangeByScore(ScoreRange.closed(min, max), false, 0, -1);
  }

  /**
   * Removes ranks {@code start..stop}. Redis: {@code ZREMRANGEBYRANK}.
   *
   * @param start first index
   * @param stop last index, inclusive
   * @return number removed
   */
  public long removeRangeByRank(long start, long stop) {
    long[] r = sanitize(start, stop, size());
    return r == null ? 0 : enc.removeByRank((int) r[0], (int) r[1]);
  }

  /**
   * Removes members in the score range. Redis: {@code ZREMRANGEBYSCORE}.
   *
   * @param range the range
   * @return number removed
   */
  public long removeRangeByScore(ScoreRange range) {
    Objects.requireNonNull(range, "range");
    return enc.removeByScore(range);
  }

  /**
   * Removes members in the lex range. Redis: {@code ZREMRANGEBYLEX}.
   *
   * @param range the range
   * @return number removed
   */
  public long removeRangeByLex(LexRange range) {
    Objects.requireNonNull(range, "range");
    return enc.removeByLex(range);
  }

  /**
   * Removes and returns the lowest (or highest) members. Redis: {@code ZPOPMIN} / {@code ZPOPMAX}.
   *
   * @param count how many, {@code >= 0}
   * @param max true for ZPOPMAX
   * @return the popped entries in pop order
   */
  public List<ScoredMember> pop(long count, boolean max) {
    if (count < 0) {
      throw new ZSetException("ERR value is out of range, must be positive");
    }
    int n = (int) Math.min(count, size());
    if (n == 0) {
      return new ArrayList<>();
    }
    List<ScoredMember> out = rangeByRank(0, n - 1L, max);
    if (max) {
      removeRangeByRank(-n, -1);
    } else {
      removeRangeByRank(0, n - 1L);
    }
    return out;
  }

  /**
   * Random members. Redis: {@code ZRANDMEMBER key count}: a positive count gives distinct members
   * (the whole set, in descending order, when count &gt;= size); a negative count gives exactly
   * {@code -count} independent picks, repeats allowed.
   *
   * <p>Known difference: Redis streams a reply of any count up to {@code Long.MAX_VALUE} picks; a
   * list holds at most {@code Integer.MAX_VALUE - 8}, so a negative count beyond that is rejected,
   * and the list for a negative count is allocated before the first pick (a count the heap cannot
   * hold fails at once with {@code OutOfMemoryError}, having changed nothing).
   *
   * @param count signed count, not {@code Long.MIN_VALUE}, not below {@code -(Integer.MAX_VALUE -
   *     8)}
   * @param rnd the random source
   * @return the entries
   * @throws ZSetException Redis's {@code ERR value is out of range, value must between
   *     -9223372036854775807 and 9223372036854775807} for {@code Long.MIN_VALUE}
   * @throws IllegalArgumentException for a negative count no list can hold
   */
  public List<ScoredMember> randomMembers(long count, RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    checkRandomCount(count, false);
    if (count < -MAX_RANDOM_PICKS) {
      throw new IllegalArgumentException(
          "count " + count + ": no list holds more than " + MAX_RANDOM_PICKS + " picks");
    }
    int size = size();
    if (count == 0 || size == 0) {
      return new ArrayList<>();
    }
    if (count < 0) {
      // Sized up front: a count the heap cannot hold fails here, before any pick is made.
      List<ScoredMember> out = new ArrayList<>((int) -count);
      for (long k = 0; k < -count; k++) {
        int i = rnd.nextInt(size);
        out.addAll(rangeByRank(i, i, false));
      }
      return out;
    }
    if (count >= size) {
      return rangeByRank(0, -1, true);
    }
    List<ScoredMember> out = new ArrayList<>((int) count);
    int[] idx = new int[size];
    for (int i = 0; i < size; i++) {
      idx[i] = i;
    }
    for (int k = 0; k < count; k++) { // a partial Fisher-Yates shuffle of the ranks
      int j = k + rnd.nextInt(size - k);
      int t = idx[k];
      idx[k] = idx[j];
      idx[j] = t;
      out.addAll(rangeByRank(idx[k], idx[k], false));
    }
    return out;
  }

  /** The most picks a negative count may ask for: the longest array a JVM allocates. */
  static final long MAX_RANDOM_PICKS = Integer.MAX_VALUE - 8;

  /**
   * Checks a ZRANDMEMBER count as Redis 7.0 does before it looks at the key, so that a command
   * layer can send the same error: {@code Long.MIN_VALUE} is out of range, and with {@code
   * WITHSCORES} so is any count whose magnitude exceeds {@code Long.MAX_VALUE / 2}.
   *
   * @param count the parsed count
   * @param withScores whether the command has {@code WITHSCORES}
   * @throws ZSetException with Redis's text ({@code ERR value is out of range, value must between
   *     -9223372036854775807 and 9223372036854775807}, or {@code ERR value is out of range} for
   *     WITHSCORES)
   */
  public static void checkRandomCount(long count, boolean withScores) {
    if (count == Long.MIN_VALUE) {
      throw new ZSetException(ZSetException.RANDOM_COUNT_RANGE);
    }
    if (withScores && (count > Long.MAX_VALUE / 2 || count < -(Long.MAX_VALUE / 2))) {
      throw new ZSetException(ZSetException.OUT_OF_RANGE);
    }
  }

  /**
   * One ZSCAN call, in the SCAN shape {@code Dict} and {@code DictSet} share. Redis: {@code ZSCAN
   * key cursor COUNT count}. The compact form visits every member and returns 0; the skiplist form
   * walks the member index's reverse-binary cursor until {@code count} members are visited, the
   * cursor returns to 0, or {@code 10 * count} more steps found too few (see {@code Dict.scan}).
   *
   * @param cursor 0 to start, else the value returned by the previous call
   * @param count how many members the call should try to visit, at least 1 (a hint)
   * @param visitor receives each visited entry (a fresh member array); must not modify the set
   * @return the next cursor, 0 when done
   * @throws IllegalArgumentException if {@code count < 1}
   */
  public long scan(long cursor, int count, Consumer<? super ScoredMember> visitor) {
    checkScan(count, visitor);
    return enc.scan(cursor, count, visitor);
  }

  private static void checkScan(int count, Object visitor) {
    Objects.requireNonNull(visitor, "visitor");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
  }

  /**
   * One ZSCAN call as Redis replies to it: visits member, score, member, score... with each score
   * in Redis's text. The compact form prints a score as it is stored, as Redis 7.0 does for a
   * listpack: a whole score stored as an integer entry as its digits ({@code ZADD s 1e17 a} gives
   * {@code 100000000000000000}, where {@link #scan} and {@link RedisNumbers#formatDoubleBytes} give
   * {@code 1e+17}), any other as its stored text; the skiplist form prints {@code %.17g}. Cursor
   * and count work as in {@link #scan} (count counts members). Redis: zscanCommand /
   * scanGenericCommand.
   *
   * @param cursor 0 to start, else the value returned by the previous call
   * @param count how many members the call should try to visit, at least 1 (a hint)
   * @param visitor receives member and score texts, alternately (fresh arrays)
   * @return the next cursor, 0 when done
   * @throws IllegalArgumentException if {@code count < 1}
   */
  public long scanReply(long cursor, int count, Consumer<? super byte[]> visitor) {
    checkScan(count, visitor);
    return enc.scanReply(cursor, count, visitor);
  }

  /**
   * A deep copy with the same thresholds and encoding.
   *
   * @return the copy
   */
  public ZSet copy() {
    ZSet c = new ZSet(maxCompactEntries, maxCompactValue, seed, index);
    c.enc = enc.copy(seed);
    return c;
  }

  // Set algebra lives in ZSetAlgebra; these are the public hand-offs.

  /**
   * Union of sets (null = missing key, empty). Redis: {@code ZUNIONSTORE}: weighted scores (a NaN
   * product counts as 0), aggregated in ascending-cardinality order of the inputs; the result is
   * compact if it fits the thresholds.
   *
   * @param inputs the sets
   * @param weights one per input, or null for all 1
   * @param aggregate SUM, MIN or MAX
   * @param maxCompactEntries result's entries threshold
   * @param maxCompactValue result's value threshold
   * @return the new set
   */
  public static ZSet union(
      List<ZSet> inputs,
      double[] weights,
      Aggregate aggregate,
      int maxCompactEntries,
      int maxCompactValue) {
    Objects.requireNonNull(inputs, "inputs");
    Objects.requireNonNull(aggregate, "aggregate");
    return ZSetAlgebra.union(inputs, weights, aggregate, create(maxCompactEntries, maxCompactValue))
        .compactIfFits();
  }

  /**
   * Union as {@code ZUNION ... WITHSCORES} replies with it: the entries in ascending order, each
   * score exactly as aggregated. Unlike {@link #union}, whose result may be compact and then stores
   * {@code -0} as 0, a {@code -0} keeps its sign here, as Redis replies from the uncompacted result
   * ({@code ZADD u 0 m; ZUNION 1 u WEIGHTS -1 WITHSCORES} gives {@code m -0}).
   *
   * @param inputs the sets (null = missing key, empty)
   * @param weights one per input, or null for all 1
   * @param aggregate SUM, MIN or MAX
   * @return the entries in reply order
   */
  public static List<ScoredMember> unionEntries(
      List<ZSet> inputs, double[] weights, Aggregate aggregate) {
    Objects.requireNonNull(inputs, "inputs");
    Objects.requireNonNull(aggregate, "aggregate");
    return ZSetAlgebra.union(inputs, weights, aggregate, create(0, 0)).rangeByRank(0, -1, false);
  }

  /**
   * Intersection. Redis: {@code ZINTERSTORE}; see {@link #union}.
   *
   * @param inputs the sets (null = empty)
   * @param weights one per input, or null
   * @param aggregate SUM, MIN or MAX
   * @param maxCompactEntries result's entries threshold
   * @param maxCompactValue result's value threshold
   * @return the new set
   */
  public static ZSet inter(
      List<ZSet> inputs,
      double[] weights,
      Aggregate aggregate,
      int maxCompactEntries,
      int maxCompactValue) {
    Objects.requireNonNull(inputs, "inputs");
    Objects.requireNonNull(aggregate, "aggregate");
    return ZSetAlgebra.inter(inputs, weights, aggregate, create(maxCompactEntries, maxCompactValue))
        .compactIfFits();
  }

  /**
   * Intersection as {@code ZINTER ... WITHSCORES} replies with it; see {@link #unionEntries}.
   *
   * @param inputs the sets (null = empty)
   * @param weights one per input, or null
   * @param aggregate SUM, MIN or MAX
   * @return the entries in reply order
   */
  public static List<ScoredMember> interEntries(
      List<ZSet> inputs, double[] weights, Aggregate aggregate) {
    Objects.requireNonNull(inputs, "inputs");
    Objects.requireNonNull(aggregate, "aggregate");
    return ZSetAlgebra.inter(inputs, weights, aggregate, create(0, 0)).rangeByRank(0, -1, false);
  }

  /**
   * Members of the first set absent from all others, with the first set's scores. Redis: {@code
   * ZDIFFSTORE}.
   *
   * @param inputs the sets (null = empty)
   * @param maxCompactEntries result's entries threshold
   * @param maxCompactValue result's value threshold
   * @return the new set
   */
  public static ZSet diff(List<ZSet> inputs, int maxCompactEntries, int maxCompactValue) {
    Objects.requireNonNull(inputs, "inputs");
    return ZSetAlgebra.diff(inputs, create(maxCompactEntries, maxCompactValue)).compactIfFits();
  }

  /**
   * Difference as {@code ZDIFF ... WITHSCORES} replies with it; see {@link #unionEntries}.
   *
   * @param inputs the sets (null = empty)
   * @return the entries in reply order
   */
  public static List<ScoredMember> diffEntries(List<ZSet> inputs) {
    Objects.requireNonNull(inputs, "inputs");
    return ZSetAlgebra.diff(inputs, create(0, 0)).rangeByRank(0, -1, false);
  }

  /**
   * How many members the intersection has, without building it, stopping at {@code limit}. Redis:
   * {@code ZINTERCARD numkeys key ... [LIMIT limit]} (zunionInterDiffGenericCommand with
   * cardinality_only): the smallest input is walked and each member looked up in the others.
   *
   * @param inputs the sets (null = missing key, empty)
   * @param limit stop counting at this many, or 0 for no limit
   * @return the count, at most {@code limit} when {@code limit > 0}
   * @throws ZSetException {@code ERR LIMIT can't be negative} for a negative limit
   */
  public static long interCard(List<ZSet> inputs, long limit) {
    Objects.requireNonNull(inputs, "inputs");
    if (limit < 0) {
      throw new ZSetException(ZSetException.LIMIT_NEGATIVE);
    }
    return ZSetAlgebra.interCard(inputs, limit);
  }

  /**
   * A plain set as the set operations read it: each member with score 1. Redis: the {@code OBJ_SET}
   * branch of zuiNext/zuiFind, which lets {@code ZUNION}, {@code ZINTER}, {@code ZINTERCARD},
   * {@code ZDIFF} and their STORE forms take {@code SADD} keys; pass the result in their {@code
   * inputs} ({@code ZSet.unionEntries(List.of(ZSet.fromSet(tags), scores), null, Aggregate.SUM)}).
   * O(n log n) for n members: the set is copied.
   *
   * @param members the set's members (a {@code DictSet.forBytes()} as a Redis set holds them); a
   *     member given twice counts once
   * @return a new sorted set with the default thresholds
   */
  public static ZSet fromSet(Iterable<byte[]> members) {
    Objects.requireNonNull(members, "members");
    ZSet z = create();
    for (byte[] m : members) {
      z.add(Objects.requireNonNull(m, "member"), 1.0);
    }
    return z;
  }

  /**
   * Pops up to {@code count} of the lowest (or highest) members of the first non-empty set, without
   * blocking. Redis: {@code ZMPOP numkeys key ... MIN|MAX [COUNT count]} (zmpopGenericCommand,
   * genericZpopCommand with emitkey): the first key that exists is the one popped, and keys emptied
   * here are for the caller to delete, as Redis deletes an emptied key.
   *
   * @param sets the sets in key order (null = missing key)
   * @param max true for {@code MAX} (highest scores first)
   * @param count how many, at least 1
   * @return the index of the set popped and its members in pop order, or {@code null} if every set
   *     is missing or empty (Redis replies a null array)
   * @throws ZSetException {@code ERR count should be greater than 0} for a count below 1
   */
  public static MultiPop multiPop(List<ZSet> sets, boolean max, long count) {
    Objects.requireNonNull(sets, "sets");
    if (count < 1) {
      throw new ZSetException(ZSetException.COUNT_NOT_POSITIVE);
    }
    for (int i = 0; i < sets.size(); i++) {
      ZSet z = sets.get(i);
      if (z != null && !z.isEmpty()) {
        return new MultiPop(i, z.pop(count, max));
      }
    }
    return null;
  }

  /**
   * The result of {@link #multiPop}.
   *
   * @param set the index of the set popped in the list given
   * @param popped the members popped, in pop order
   */
  public record MultiPop(int set, List<ScoredMember> popped) {
    /**
     * Checks the fields.
     *
     * @throws NullPointerException if {@code popped} is null
     */
    public MultiPop {
      Objects.requireNonNull(popped, "popped");
    }
  }

  /** Checks I2; throws AssertionError. */
  void checkInvariants() {
    enc.checkInvariants();
    if (enc instanceof SkipListZSet s && s.order.kind() != index) {
      throw new AssertionError("zset invariant broken: I3 order index " + s.order.kind());
    }
  }

  /**
   * The size, the encoding and the first {@value #TO_STRING_MEMBERS} members in ascending order,
   * each as {@link ScoredMember#toString} shows it, so that printing a large set stays short:
   * {@code ZSet[size=3, COMPACT]{bob=1.0, alice=3.0, carol=3.5}}, {@code ZSet[size=1000000,
   * SKIPLIST]{m0=0.0, ..., m7=7.0, ...}}.
   *
   * @return the text
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("ZSet[size=").append(size()).append(", ");
    sb.append(encoding()).append("]{");
    String sep = "";
    for (ScoredMember e : rangeByRank(0, TO_STRING_MEMBERS - 1L, false)) {
      sb.append(sep).append(e);
      sep = ", ";
    }
    return sb.append(size() > TO_STRING_MEMBERS ? ", ...}" : "}").toString();
  }

  /**
   * Iterates the members in ascending order (score, then member bytes), as {@code ZRANGE key 0 -1}
   * lists them. The iterator reads the set a chunk of ranks at a time (O(log n) to find a chunk's
   * first rank, then O(1) per member for the skiplist; O(n) per chunk while compact). Its {@code
   * remove()} removes the member last returned (as {@link #remove(byte[])}) and the iteration goes
   * on with the next one. Any other change to the set during the iteration leaves the iteration
   * unspecified (members may be skipped or seen twice; nothing is corrupted, and no {@code
   * ConcurrentModificationException} is promised).
   *
   * @return the iterator
   */
  @Override
  public Iterator<ScoredMember> iterator() {
    return new ZSetIterator(this);
  }
}
