package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListEntryConsumer;
import java.util.ArrayList;
import java.util.Arrays;
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
 * every member is at most {@code maxCompactValue} bytes (default 64), the set is one ziplist of
 * (member, score) pairs: Redis's compact encoding (Redis 7.0 reports it as {@code listpack}).
 * Beyond either limit it converts, once and for good, to Redis's {@code skiplist} encoding: a
 * skiplist whose nodes are also the entries of a progressive-rehash hash table of the members (one
 * object per member, hashed with keyed SipHash-1-2). Emptied sets choose again at the next add, as
 * a Redis key that vanished and was recreated would. Scores stored by the compact encoding lose the
 * sign of zero, as Redis 7.0's do.
 *
 * <p><b>Faces.</b> Methods taking {@code byte[]} mirror Redis commands (named in each Javadoc) and
 * throw {@link ZSetException} carrying Redis's error text; {@code String} overloads encode UTF-8.
 * Ranks are 0-based as the commands' replies. Costs: compact operations are O(n) with n bounded by
 * the thresholds; skiplist point operations O(1) expected (member index) or O(log n) expected
 * (skiplist).
 *
 * <p>Members are never null (NullPointerException); scores are never NaN
 * (IllegalArgumentException). Arrays passed in are copied when retained; arrays returned are fresh.
 * A null argument throws {@link NullPointerException} naming the parameter, and changes nothing.
 *
 * <p><b>Thread safety.</b> Not thread-safe: any concurrent use of one set, reads included, needs
 * external synchronization. Sets share no mutable state with each other; the compact encoding's
 * operations use per-thread scratch (a {@code ThreadLocal} locator here, and the ziplist's
 * per-thread work area), so two threads using two sets never interfere.
 */
public final class ZSet {
  /*
   * Implementation notes.
   *
   * Mirrors src/t_zset.c of Redis 7.0.15: zsetAdd (the add/update decision table), zsetConvert,
   * zsetRemoveFromSkiplist, zsetRank, the genericZrangeby* walkers, zremrangeGenericCommand,
   * genericZpopCommand, zrandmemberWithCountCommand and zscanCommand. Exactly one of `compact`
   * and (`dict`, `zsl`) is non-null. `dict` is Redis's zs->dict after redis/redis #14701: a
   * MemberTable whose entries are zsl's nodes.
   *
   * Invariants (checkInvariants):
   *  I1 exactly one encoding is live; compact ⇒ size <= maxCompactEntries (fromCompact converts
   *     a larger blob, as Redis's load does) and every member <= maxCompactValue bytes unless it
   *     was loaded that way (Redis's load checks the count only).
   *  I2 skiplist encoding: dict.size == zsl.length and dict finds every node of zsl by its
   *     member (the node itself); MemberTable T1..T5 hold.
   *  I3 the encoding's own invariants (ZSkipList I1..I4, ZipListZSet I1..I3, and ZipListZSetIndex
   *     I1..I5 while compactIndex is current for `compact`).
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

  /** Redis default {@code zset-max-listpack-entries}. */
  public static final int DEFAULT_MAX_COMPACT_ENTRIES = 128;

  /** Redis default {@code zset-max-listpack-value}. */
  public static final int DEFAULT_MAX_COMPACT_VALUE = 64;

  /** The two encodings. */
  public enum Encoding {
    /** Ziplist of (member, score) pairs; Redis 7.0's {@code listpack}. */
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

  /**
   * A member with its score, as the Redis face returns them. A value: two entries are equal when
   * their members hold the same bytes and their scores are the same double ({@link Double#compare},
   * as a record compares a {@code double}); {@code toString} shows the member as text when it is
   * valid UTF-8, else as {@code 0x}-prefixed hex. Immutable once the caller stops writing to {@code
   * member}, and then thread-safe.
   *
   * @param member the member bytes (owned by the caller)
   * @param score the score
   */
  public record Entry(byte[] member, double score) {
    /**
     * Checks the member.
     *
     * @throws NullPointerException if {@code member} is null
     */
    public Entry {
      Objects.requireNonNull(member, "member");
    }

    /**
     * The member decoded as UTF-8.
     *
     * @return the member text
     */
    public String memberString() {
      return Bytes.utf8(member, 0, member.length);
    }

    /**
     * Compares member bytes and score.
     *
     * @param o the object to compare with
     * @return whether {@code o} is an entry with the same member bytes and score
     */
    @Override
    public boolean equals(Object o) {
      return o instanceof Entry e
          && Double.compare(score, e.score) == 0
          && Arrays.equals(member, e.member);
    }

    /**
     * Hashes member bytes and score.
     *
     * @return {@code 31 * Arrays.hashCode(member) + Double.hashCode(score)}
     */
    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(member) + Double.hashCode(score);
    }

    /**
     * Shows the entry as {@code Entry[member=apple, score=1.5]}.
     *
     * @return the text
     */
    @Override
    public String toString() {
      return "Entry[member=" + Bytes.readable(member) + ", score=" + score + "]";
    }
  }

  static final int OUT_ADDED = 1;
  static final int OUT_UPDATED = 2;
  static final int OUT_NOP = 4;
  static final int OUT_NAN = 8;

  final int maxCompactEntries;
  final int maxCompactValue;
  private final long seed;
  ZipList compact;
  MemberTable dict;
  ZSkipList zsl;
  // Compact encoding's add index (ZipListZSetIndex), or null; used only while current.
  ZipListZSetIndex compactIndex;
  // Score computed by the last addOne (Redis's *newscore): replies use it, not the stored form.
  private double lastScore;

  private ZSet(int maxCompactEntries, int maxCompactValue, long seed) {
    this.maxCompactEntries = maxCompactEntries;
    this.maxCompactValue = maxCompactValue;
    this.seed = seed;
    this.compact = ZipList.create();
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
    return create(maxCompactEntries, maxCompactValue, 0x5EED_2A5EL);
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
    if (maxCompactEntries < 0 || maxCompactValue < 0) {
      throw new IllegalArgumentException(
          "negative threshold: " + maxCompactEntries + ", " + maxCompactValue);
    }
    return new ZSet(maxCompactEntries, maxCompactValue, seed);
  }

  /**
   * A set restored from a compact blob (a Redis ziplist of member, score pairs: RDB type 12) with
   * the default thresholds; see {@link #fromCompact(byte[], int, int)}.
   *
   * @param ziplist the blob; copied and deep-validated
   * @return the set
   * @throws CorruptEncodingException if Redis 7.0 would refuse to load the blob, or a score reads
   *     as NaN
   */
  public static ZSet fromCompact(byte[] ziplist) {
    Objects.requireNonNull(ziplist, "ziplist");
    return fromCompact(ziplist, DEFAULT_MAX_COMPACT_ENTRIES, DEFAULT_MAX_COMPACT_VALUE);
  }

  /**
   * A set restored from a compact blob, as Redis 7.0 loads an RDB type-12 zset under {@code
   * sanitize-dump-payload yes}: the ziplist is deep-validated, its entry count must be even and no
   * member may appear twice. A set of more than {@code maxCompactEntries} pairs is converted to the
   * skiplist encoding; one within that count stays compact whatever its members' lengths (Redis
   * checks the count only on load).
   *
   * <p>Redis also accepts pairs out of (score, member) order and text scores that are not numbers,
   * which it reads as C {@code strtod} reads their first 127 bytes ({@code "abc"} as 0, {@code "
   * 5x"} as 5, {@code "1e400"} as inf). So do we, but normalised on load: such a blob is rebuilt in
   * order, each score the value Redis reads, stored as this class stores it. Known differences:
   * Redis keeps the stored order and text (its ZRANGE then follows the blob's order, and its ZSCAN
   * prints the text), and it keeps a text score that reads as NaN ({@code "nan"}), which we reject.
   * Redis also refuses an empty blob (an empty key); we load it as an empty set.
   *
   * @param ziplist the blob; copied and deep-validated
   * @param maxCompactEntries most members kept compact ({@code zset-max-listpack-entries})
   * @param maxCompactValue longest member a later add keeps compact, in bytes
   * @return the set
   * @throws CorruptEncodingException if the blob is not a valid ziplist, has an odd entry count or
   *     a member twice, or a score reads as NaN
   * @throws IllegalArgumentException if a threshold is negative
   */
  public static ZSet fromCompact(byte[] ziplist, int maxCompactEntries, int maxCompactValue) {
    Objects.requireNonNull(ziplist, "ziplist");
    ZSet z = create(maxCompactEntries, maxCompactValue);
    z.compact = ZipListZSet.load(ZipList.copyOf(ziplist), ziplist);
    if (z.size() > maxCompactEntries) {
      z.toSkiplist();
    }
    return z;
  }

  /**
   * The compact encoding's bytes (a Redis 6.2 ziplist, RDB type 12 body).
   *
   * @return a fresh copy of the blob
   * @throws IllegalStateException if the set is skiplist-encoded
   */
  public byte[] toCompactBytes() {
    if (compact == null) {
      throw new IllegalStateException("skiplist-encoded");
    }
    return compact.toByteArray();
  }

  /**
   * The live encoding, as {@code OBJECT ENCODING} reports it.
   *
   * @return the encoding
   */
  public Encoding encoding() {
    return compact != null ? Encoding.COMPACT : Encoding.SKIPLIST;
  }

  /**
   * Number of members. Redis: {@code ZCARD}. O(1) for the skiplist, O(1) for the compact form.
   *
   * @return the cardinality
   */
  public int size() {
    return compact != null ? ZipListZSet.length(compact) : zsl.length();
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
    int gtLtNx = Integer.bitCount(flags & (GT | LT | NX));
    if (gtLtNx > 1) {
      throw new ZSetException(ZSetException.GT_LT_NX);
    }
    if ((flags & INCR) != 0 && pairs > 1) {
      throw new ZSetException(ZSetException.INCR_PAIR);
    }
  }

  /**
   * Adds or updates members. Redis: {@code ZADD key [NX|XX] [GT|LT] [CH] score member ...}.
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
    for (int i = 0; i < scores.length; i++) {
      if (Double.isNaN(scores[i])) {
        throw new IllegalArgumentException("NaN score");
      }
      Objects.requireNonNull(members[i], "member");
    }
    long added = 0;
    long updated = 0;
    for (int i = 0; i < scores.length; i++) {
      int out = addOne(scores[i], members[i], flags);
      added += (out & OUT_ADDED) != 0 ? 1 : 0;
      updated += (out & OUT_UPDATED) != 0 ? 1 : 0;
    }
    return (flags & CH) != 0 ? added + updated : added;
  }

  /**
   * Adds one member with a score. Redis: {@code ZADD key score member}.
   *
   * @param score the score, not NaN
   * @param member the member
   * @return true if the member was new
   */
  public boolean add(double score, byte[] member) {
    // add(0, {score}, {member}) without its two arrays: flags 0 pass every option check.
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("NaN score");
    }
    return (addOne(score, Objects.requireNonNull(member, "member"), 0) & OUT_ADDED) != 0;
  }

  /**
   * Java face of {@link #add(double, byte[])}.
   *
   * @param member the member, UTF-8 encoded
   * @param score the score
   * @return true if the member was new
   */
  public boolean add(String member, double score) {
    Objects.requireNonNull(member, "member");
    return add(score, Bytes.utf8(member));
  }

  /**
   * Increments (or adds) one member under options. Redis: {@code ZADD key [NX|XX] [GT|LT] INCR
   * increment member}.
   *
   * @param flags options ({@link #INCR} implied)
   * @param increment the increment, not NaN
   * @param member the member
   * @return the new score, or empty if the options prevented the change (Redis replies nil)
   * @throws ZSetException for incompatible options, or {@code ERR resulting score is not a number
   *     (NaN)} (nothing changes)
   */
  public OptionalDouble addIncr(int flags, double increment, byte[] member) {
    checkAddFlags(flags | INCR, 1);
    if (Double.isNaN(increment)) {
      throw new IllegalArgumentException("NaN increment");
    }
    int out = addOne(increment, Objects.requireNonNull(member, "member"), flags | INCR);
    if ((out & OUT_NAN) != 0) {
      throw new ZSetException(ZSetException.NAN_RESULT);
    }
    return (out & OUT_NOP) != 0 ? OptionalDouble.empty() : OptionalDouble.of(lastScore);
  }

  /**
   * Adds {@code increment} to the member's score, creating it at {@code increment}. Redis: {@code
   * ZINCRBY key increment member}.
   *
   * @param increment the increment, not NaN
   * @param member the member
   * @return the new score
   * @throws ZSetException {@code ERR resulting score is not a number (NaN)}; nothing changes
   */
  public double incrementBy(double increment, byte[] member) {
    return addIncr(0, increment, member).getAsDouble();
  }

  /**
   * Java face of {@link #incrementBy(double, byte[])}.
   *
   * @param member the member
   * @param increment the increment
   * @return the new score
   */
  public double incrementBy(String member, double increment) {
    Objects.requireNonNull(member, "member");
    return incrementBy(increment, Bytes.utf8(member));
  }

  /** One element of ZADD. Redis: zsetAdd. Returns OUT_* flags; sets lastScore. */
  int addOne(double score, byte[] member, int flags) {
    double cur;
    int at = -1;
    ZSkipList.Node node = null;
    ZipListZSetLocator locator = null;
    long hash = 0; // the member's hash, skiplist encoding only: hashed once per add
    if (compact != null) {
      locator = ZipListZSet.locateForAdd(this, member, score);
      at = locator.found;
      cur = at < 0 ? Double.NaN : locator.foundScore;
    } else {
      hash = dict.hash(member);
      node = dict.find(member, hash);
      cur = node == null ? Double.NaN : node.score;
    }
    boolean exists = compact != null ? at >= 0 : node != null;
    if (!exists) {
      if ((flags & XX) != 0) {
        return OUT_NOP;
      }
      insertNew(score, member, locator, hash);
      lastScore = score;
      return OUT_ADDED;
    }
    if ((flags & NX) != 0) {
      return OUT_NOP;
    }
    if ((flags & INCR) != 0) {
      score += cur;
      if (Double.isNaN(score)) {
        return OUT_NAN;
      }
    }
    if (((flags & LT) != 0 && score >= cur) || ((flags & GT) != 0 && score <= cur)) {
      return OUT_NOP;
    }
    lastScore = score;
    if (score == cur) {
      return 0;
    }
    if (compact != null) {
      ZipListZSet.delete(compact, at);
      ZipListZSet.insert(compact, member, score);
    } else {
      ZSkipList.Node moved = zsl.updateScore(cur, node.member, score);
      if (moved != node) {
        dict.replace(node, moved);
      }
    }
    return OUT_UPDATED;
  }

  /**
   * Inserts an absent member, choosing or converting the encoding as Redis would. {@code located}
   * is the compact lookup's walk, or null when the lookup went to the index, whose {@code hash} of
   * the member is then still valid (a skiplist set never converts back here).
   */
  private void insertNew(double score, byte[] member, ZipListZSetLocator located, long hash) {
    ZipList old = compact;
    if (size() == 0) {
      // A new key: compact unless entries-limit 0 or the first member is too long.
      if (maxCompactEntries == 0 || member.length > maxCompactValue) {
        toSkiplist();
      } else if (compact == null) {
        compact = ZipList.create();
        dict = null;
        zsl = null;
      }
    } else if (compact != null
        && (size() + 1 > maxCompactEntries || member.length > maxCompactValue)) {
      toSkiplist();
    }
    if (compact == null && old != null) {
      compactIndex = null; // converted: let go of the old list, here and on this thread
      ZipListZSet.forget(old);
    }
    if (compact != null && located != null) {
      // The position is still current: nothing changed the ziplist since the lookup.
      ZipListZSet.insertLocated(this, located, member, score); // copies the bytes
    } else if (compact != null) {
      ZipListZSet.insert(compact, member, score);
    } else {
      byte[] copy = member.clone();
      long h = located == null ? hash : dict.hash(copy);
      dict.addAbsent(zsl.insert(score, copy), h);
    }
  }

  /**
   * Redis: zsetConvert(zobj, OBJ_ENCODING_SKIPLIST), which re-inserts every pair (zslInsert into an
   * unsized dict). The ziplist is sorted, so the skiplist is built by appending at its tail (same
   * level draws, same shape), and the index is sized once for the pairs (for 128 pairs, the 128
   * buckets one-by-one adds end with) instead of doubling from four buckets.
   */
  void toSkiplist() {
    if (compact == null && zsl != null) {
      return;
    }
    MemberTable d = new MemberTable();
    ZSkipList list = new ZSkipList(seed);
    if (compact != null) {
      ZipListZSet.Pairs p = ZipListZSet.decode(compact);
      d.expand(p.n);
      for (ZSkipList.Node x : list.appendSorted(p.scores, p.members, p.n)) {
        d.addAbsent(x, d.hash(x.member));
      }
    }
    compact = null;
    dict = d;
    zsl = list;
  }

  /** Redis: zsetConvertToListpackIfNeeded — only for freshly built results. Returns this. */
  ZSet compactIfFits() {
    if (compact != null || zsl.length() > maxCompactEntries) {
      return this;
    }
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      if (x.member.length > maxCompactValue) {
        return this;
      }
    }
    ZipList zl = ZipList.create();
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      ZipListZSet.append(zl, x.member, x.score);
    }
    compact = zl;
    dict = null;
    zsl = null;
    return this;
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
    if (compact != null) {
      int at = ZipListZSet.find(compact, member);
      if (at < 0) {
        return false;
      }
      ZipListZSet.delete(compact, at);
      return true;
    }
    ZSkipList.Node node = dict.remove(member);
    if (node == null) {
      return false;
    }
    ZSkipList.Node gone = zsl.delete(node.score, node.member);
    assert gone == node;
    return true;
  }

  /**
   * Java face of {@link #remove(byte[])}.
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
   * Java face of {@link #score(byte[])}.
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
    if (compact != null) {
      return ZipListZSet.findScore(compact, member);
    }
    ZSkipList.Node node = dict.get(member);
    return node == null ? Double.NaN : node.score;
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
      out[i] = scoreOrNaN(members[i]);
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
    long r;
    if (compact != null) {
      r = ZipListZSet.find(compact, member);
      if (r < 0) {
        return -1;
      }
    } else {
      ZSkipList.Node node = dict.get(member);
      if (node == null) {
        return -1;
      }
      r = zsl.rank(node) - 1;
    }
    return reverse ? size() - 1 - r : r;
  }

  /**
   * Java face of {@link #rank(byte[], boolean)} (ascending).
   *
   * @param member the member
   * @return the rank, or empty if absent
   */
  public OptionalLong rank(String member) {
    Objects.requireNonNull(member, "member");
    return rank(Bytes.utf8(member), false);
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
    return ZSetRanges.count(this, range);
  }

  /**
   * Number of members in the lex range. Redis: {@code ZLEXCOUNT}.
   *
   * @param range the range
   * @return the count
   */
  public long lexCount(LexRange range) {
    Objects.requireNonNull(range, "range");
    return ZSetRanges.lexCount(this, range);
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
  public List<Entry> rangeByRank(long start, long stop, boolean reverse) {
    return ZSetRanges.byRank(this, start, stop, reverse);
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
  public List<Entry> rangeByScore(ScoreRange range, boolean reverse, long offset, long count) {
    Objects.requireNonNull(range, "range");
    return ZSetRanges.byScore(this, range, reverse, offset, count);
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
  public List<Entry> rangeByLex(LexRange range, boolean reverse, long offset, long count) {
    Objects.requireNonNull(range, "range");
    return ZSetRanges.byLex(this, range, reverse, offset, count);
  }

  /**
   * Java face: members with {@code min <= score <= max}, ascending.
   *
   * @param min lower bound
   * @param max upper bound
   * @return the members with scores
   */
  public List<ScoredMember> rangeByScore(double min, double max) {
    return ScoredMember.of(rangeByScore(ScoreRange.closed(min, max), false, 0, -1));
  }

  /**
   * Java face: members by rank, ascending or descending.
   *
   * @param start first index
   * @param stop last index, inclusive
   * @param reverse highest first
   * @return the members with scores
   */
  public List<ScoredMember> rangeByRankMembers(long start, long stop, boolean reverse) {
    return ScoredMember.of(rangeByRank(start, stop, reverse));
  }

  /**
   * Removes ranks {@code start..stop}. Redis: {@code ZREMRANGEBYRANK}.
   *
   * @param start first index
   * @param stop last index, inclusive
   * @return number removed
   */
  public long removeRangeByRank(long start, long stop) {
    return ZSetRanges.removeByRank(this, start, stop);
  }

  /**
   * Removes members in the score range. Redis: {@code ZREMRANGEBYSCORE}.
   *
   * @param range the range
   * @return number removed
   */
  public long removeRangeByScore(ScoreRange range) {
    Objects.requireNonNull(range, "range");
    return ZSetRanges.removeByScore(this, range);
  }

  /**
   * Removes members in the lex range. Redis: {@code ZREMRANGEBYLEX}.
   *
   * @param range the range
   * @return number removed
   */
  public long removeRangeByLex(LexRange range) {
    Objects.requireNonNull(range, "range");
    return ZSetRanges.removeByLex(this, range);
  }

  /**
   * Removes and returns the lowest (or highest) members. Redis: {@code ZPOPMIN} / {@code ZPOPMAX}.
   *
   * @param count how many, {@code >= 0}
   * @param max true for ZPOPMAX
   * @return the popped entries in pop order
   */
  public List<Entry> pop(long count, boolean max) {
    if (count < 0) {
      throw new ZSetException("ERR value is out of range, must be positive");
    }
    int n = (int) Math.min(count, size());
    if (n == 0) {
      return new ArrayList<>();
    }
    List<Entry> out = rangeByRank(0, n - 1L, max);
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
  public List<Entry> randomMembers(long count, RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    return ZSetRanges.random(this, count, rnd);
  }

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
  public long scan(long cursor, int count, Consumer<? super Entry> visitor) {
    checkScan(count, visitor);
    if (compact != null) {
      rangeByRank(0, -1, false).forEach(visitor);
      return 0;
    }
    return dict.scan(
        cursor, count, 10L * count, x -> visitor.accept(new Entry(x.member.clone(), x.score)));
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
    if (compact != null) {
      compact.forEachEntry(
          new ZipListEntryConsumer() {
            @Override
            public void string(byte[] array, int offset, int length) {
              visitor.accept(Arrays.copyOfRange(array, offset, offset + length));
            }

            @Override
            public void integer(long value) {
              visitor.accept(RedisNumbers.ll2string(value));
            }
          });
      return 0;
    }
    return dict.scan(
        cursor,
        count,
        10L * count,
        x -> {
          visitor.accept(x.member.clone());
          visitor.accept(RedisNumbers.formatDoubleBytes(x.score));
        });
  }

  private static void checkScan(int count, Object visitor) {
    Objects.requireNonNull(visitor, "visitor");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
  }

  /**
   * A deep copy with the same thresholds and encoding.
   *
   * @return the copy
   */
  public ZSet copy() {
    ZSet z = new ZSet(maxCompactEntries, maxCompactValue, seed);
    if (compact != null) {
      z.compact = ZipList.copyOf(compact.toByteArray());
    } else {
      z.toSkiplist();
      for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
        z.dict.put(x.member, z.zsl.insert(x.score, x.member));
      }
    }
    return z;
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
  public static List<Entry> unionEntries(List<ZSet> inputs, double[] weights, Aggregate aggregate) {
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
  public static List<Entry> interEntries(List<ZSet> inputs, double[] weights, Aggregate aggregate) {
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
  public static List<Entry> diffEntries(List<ZSet> inputs) {
    Objects.requireNonNull(inputs, "inputs");
    return ZSetAlgebra.diff(inputs, create(0, 0)).rangeByRank(0, -1, false);
  }

  /** Checks I1..I3; throws AssertionError. */
  void checkInvariants() {
    if ((compact == null) == (zsl == null) || (zsl == null) != (dict == null)) {
      throw new AssertionError("ZSet invariant broken: I1 encodings");
    }
    if (compact != null) {
      ZipListZSet.checkInvariants(compact);
      ZipListZSet.checkIndexes(this);
      return;
    }
    zsl.checkInvariants();
    dict.checkInvariants();
    if (dict.size() != zsl.length()) {
      throw new AssertionError("ZSet invariant broken: I2 dict size " + dict.size());
    }
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      if (dict.get(x.member) != x) {
        throw new AssertionError("ZSet invariant broken: I2 dict entry for node");
      }
    }
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("ZSet").append(encoding()).append('[');
    for (Entry e : rangeByRank(0, -1, false)) {
      sb.append(Bytes.readable(e.member)).append('=').append(e.score).append(' ');
    }
    return sb.append(']').toString();
  }
}
