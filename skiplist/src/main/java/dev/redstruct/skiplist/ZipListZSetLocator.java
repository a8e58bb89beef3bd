package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.internal.ZipListPositions;
import dev.redstruct.ziplist.internal.ZipListVisitor;
import java.util.Arrays;

/**
 * zzlFind and zzlInsert's position search for the compact zset encoding in one allocation-free
 * forward walk ({@link ZipListPositions#visit}) that ends at the member. Redis: zzlFind, then
 * zzlInsert's loop, src/t_zset.c. Scratch state, one instance per thread ({@link #get}).
 */
final class ZipListZSetLocator implements ZipListVisitor {
  /*
   * Implementation notes.
   *
   * The walk must see every member anyway (to know the member is absent), but it need not read
   * every score: it only notes where each pair's member and score entries lie (slices of the
   * backing array, or integer values) and the member entry's position token. After a walk that
   * did not meet the member, a binary search over the noted pairs finds the first pair after
   * (score, member) - pairs are strictly ordered (ZipListZSet I3), so "pair i sorts after" is
   * monotone in i - parsing about log2(n) text scores instead of about n/2. The position token
   * lets the insert start there without walking again (ZipList.insertAtPosition).
   *
   * The noted slices point into the array the walk saw; they are read right after the walk, before
   * anything changes the ziplist, which is when ZipListVisitor says the slices stay valid.
   *
   * For an add, walk() keeps the notes readable until release(), so that ZipListZSetIndex.build
   * can hash the members and parse the scores they point to. place() is the walk-free lookup: a
   * search over an index's float keys, reading (with PairReader) only the pairs whose key ties
   * with the new score's.
   *
   * One instance per thread instead of one per set: a per-set instance would cost every compact
   * set about 120 bytes, a tenth of the footprint budget at 16 members. A locate runs no foreign
   * code, so a thread never re-enters it. The note arrays grow to the largest set located on the
   * thread (128 pairs at the default threshold; more only for sets loaded by fromCompact).
   */

  private static final ThreadLocal<ZipListZSetLocator> PER_THREAD =
      ThreadLocal.withInitial(ZipListZSetLocator::new);

  /**
   * What {@link ZipListZSet#locateForAdd} returns when an index placed the absent member (the
   * placement is in that index): saves the thread-local lookup on the common path. Never walks; its
   * {@link #found} stays -1.
   */
  static final ZipListZSetLocator PLACED = new ZipListZSetLocator(-1);

  /** Pair index of the member after {@link #locate}, or -1. */
  int found;

  /** The found member's score. */
  double foundScore;

  /**
   * Position token of the member entry of the first pair after (score, member), or the end
   * position: where zzlInsert puts an absent member. Set only when the member was not found.
   */
  long insertAt;

  /** Pair index that {@link #insertAt} names (the inserted pair's index after the insert). */
  int insertPair;

  /** {@link ZipListZSetIndex#hash} of the member of the current add. */
  long memberHash;

  /** The add index of the small set this thread last added to twice in a row, or null. */
  ZipListZSetIndex threadIndex;

  /** Identity hash of the list of this thread's last walked add (a hint, not a key). */
  int lastList;

  private byte[] member;
  private int memberLength;
  private boolean memberIsLong;
  private long memberLong;
  private boolean onScore;
  private boolean matches;
  private int pairs;
  private byte[] array;
  private final byte[] digits = new byte[RedisNumbers.MAX_LONG_CHARS];
  private final PairReader reader = new PairReader();

  // Notes per pair: member entry position; member and score as slice (off, len) of `array`, or
  // len -1 and the integer value.
  private long[] pos = new long[16];
  private int[] memberOff = new int[16];
  private int[] memberLen = new int[16];
  private long[] memberInt = new long[16];
  private int[] scoreOff = new int[16];
  private int[] scoreLen = new int[16];
  private long[] scoreInt = new long[16];

  /** Note capacity kept between locates (40 bytes of notes per pair: at most 320 KiB kept). */
  static final int MAX_KEPT_PAIRS = 8192;

  ZipListZSetLocator() {}

  private ZipListZSetLocator(int found) {
    this.found = found;
  }

  static ZipListZSetLocator get() {
    return PER_THREAD.get();
  }

  /** Walks zl for member; unless {@code findOnly}, also sets {@link #insertAt} for score. */
  void locate(ZipList zl, byte[] member, double score, boolean findOnly) {
    walk(zl, member, score, findOnly);
    release();
  }

  /**
   * As {@link #locate} for an add, keeping the notes readable ({@link #notedMemberHash}) until
   * {@link #release}.
   */
  void walk(ZipList zl, byte[] member, double score, boolean findOnly) {
    int len = member.length;
    this.member = member;
    this.memberLength = len;
    this.memberIsLong =
        len >= 1
            && len <= RedisNumbers.MAX_LONG_CHARS
            && RedisNumbers.isCanonicalLong(member, 0, len);
    this.memberLong = memberIsLong ? RedisNumbers.parseCanonicalLong(member, 0, len) : 0;
    found = -1;
    pairs = 0;
    onScore = false;
    ZipListPositions.visit(zl, this);
    if (found < 0 && !findOnly) {
      int at = firstAfter(score);
      insertPair = at;
      insertAt = at == pairs ? ZipListPositions.endPosition(zl) : pos[at];
    }
  }

  /** Notes every pair of zl, matching no member (index checks). */
  void noteAll(ZipList zl) {
    this.member = null;
    this.memberLength = -1; // no slice has length -1
    this.memberIsLong = false;
    found = -1;
    pairs = 0;
    onScore = false;
    ZipListPositions.visit(zl, this);
  }

  /** Lets go of the walked list's array and the caller's member. */
  void release() {
    this.member = null;
    this.array = null;
    if (pos.length > MAX_KEPT_PAIRS) {
      notes(16); // a huge loaded set passed by: do not keep its notes for the thread's lifetime
    }
  }

  /**
   * Sets {@code ix}'s placement for (score, member), known to be absent, by a search over its float
   * keys, reading (with this thread's reader) only the pairs whose key ties with the score's.
   * Redis: zzlInsert's loop, without the walk.
   */
  static void place(ZipList zl, ZipListZSetIndex ix, byte[] member, double score) {
    int k = ZipListZSetIndex.key(score);
    int lo = ix.firstKeyNotBelow(k);
    int hi = ix.firstKeyAbove(k, lo);
    if (lo < hi) {
      lo = get().firstPairAfter(zl, ix, lo, hi, member, score); // a key tie: rare
    }
    ix.insertPair = lo;
    ix.insertAt =
        lo == ix.pairs()
            ? ZipListPositions.endPosition(zl)
            : ZipListPositions.positionAt(zl, ix.offset(lo));
  }

  /** First pair in [lo, hi) sorting after (score, member), or hi, reading each pair looked at. */
  private int firstPairAfter(
      ZipList zl, ZipListZSetIndex ix, int lo, int hi, byte[] member, double score) {
    PairReader r = reader;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      ZipListPositions.visitFrom(zl, ZipListPositions.positionAt(zl, ix.offset(mid)), r.reset());
      double s = r.score;
      if (s > score || (s == score && r.memberAfter(member, digits))) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    r.array = null;
    return lo;
  }

  /** Pairs noted by the last walk that did not find its member. */
  int notedPairs() {
    return pairs;
  }

  /** Position token of noted pair i's member entry. */
  long notedPosition(int i) {
    return pos[i];
  }

  /** Noted pair i's score. */
  double notedScore(int i) {
    return scoreLen[i] < 0
        ? scoreInt[i]
        : RedisNumbers.parseScoreOrNaN(array, scoreOff[i], scoreLen[i]);
  }

  /** {@link ZipListZSetIndex#hash} of noted pair i's member. */
  long notedMemberHash(int i) {
    return memberLen[i] < 0
        ? ZipListZSetIndex.hash(memberInt[i], digits)
        : ZipListZSetIndex.hash(array, memberOff[i], memberLen[i]);
  }

  @Override
  public boolean string(long position, byte[] array, int offset, int length) {
    int i = pairs;
    if (!onScore) {
      if (i == pos.length) {
        grow();
      }
      this.array = array;
      pos[i] = position;
      memberOff[i] = offset;
      memberLen[i] = length;
      matches =
          length == memberLength
              && Arrays.equals(array, offset, offset + length, member, 0, length);
      onScore = true;
      return true;
    }
    if (matches) {
      found = i;
      foundScore = RedisNumbers.parseScoreOrNaN(array, offset, length);
      return false;
    }
    this.array = array; // also here: the members may all be integer entries
    scoreOff[i] = offset;
    scoreLen[i] = length;
    pairs = i + 1;
    onScore = false;
    return true;
  }

  @Override
  public boolean integer(long position, long value) {
    int i = pairs;
    if (!onScore) {
      if (i == pos.length) {
        grow();
      }
      pos[i] = position;
      memberLen[i] = -1;
      memberInt[i] = value;
      matches = memberIsLong && value == memberLong;
      onScore = true;
      return true;
    }
    if (matches) {
      found = i;
      foundScore = value;
      return false;
    }
    scoreLen[i] = -1;
    scoreInt[i] = value;
    pairs = i + 1;
    onScore = false;
    return true;
  }

  /** Index of the first noted pair sorting after (score, member), or {@code pairs}. */
  private int firstAfter(double score) {
    int lo = 0;
    int hi = pairs;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      double s =
          scoreLen[mid] < 0
              ? scoreInt[mid]
              : RedisNumbers.parseScoreOrNaN(array, scoreOff[mid], scoreLen[mid]);
      if (s > score || (s == score && memberAfter(mid))) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  private boolean memberAfter(int i) {
    if (memberLen[i] < 0) {
      int n = RedisNumbers.ll2string(memberInt[i], digits, 0);
      return Bytes.compare(digits, 0, n, member, 0, member.length) > 0;
    }
    return Bytes.compare(array, memberOff[i], memberLen[i], member, 0, member.length) > 0;
  }

  /**
   * Reads one pair (member, then score) of a {@link ZipListPositions#visitFrom} walk, then stops
   * it.
   */
  static final class PairReader implements ZipListVisitor {
    double score;
    private boolean onScore;
    private byte[] array;
    private int off;
    private int len; // -1: integer member in memberInt
    private long memberInt;

    PairReader reset() {
      onScore = false;
      return this;
    }

    @Override
    public boolean string(long position, byte[] array, int offset, int length) {
      if (onScore) {
        score = RedisNumbers.parseScoreOrNaN(array, offset, length);
        return false;
      }
      this.array = array;
      off = offset;
      len = length;
      onScore = true;
      return true;
    }

    @Override
    public boolean integer(long position, long value) {
      if (onScore) {
        score = value;
        return false;
      }
      len = -1;
      memberInt = value;
      onScore = true;
      return true;
    }

    /** Whether the pair's member sorts after {@code member} (unsigned bytes). */
    boolean memberAfter(byte[] member, byte[] digits) {
      if (len < 0) {
        int n = RedisNumbers.ll2string(memberInt, digits, 0);
        return Bytes.compare(digits, 0, n, member, 0, member.length) > 0;
      }
      return Bytes.compare(array, off, len, member, 0, member.length) > 0;
    }
  }

  /** Current note capacity, in pairs (tests). */
  int capacity() {
    return pos.length;
  }

  private void grow() {
    notes(pos.length * 2);
  }

  private void notes(int n) {
    pos = Arrays.copyOf(pos, n);
    memberOff = Arrays.copyOf(memberOff, n);
    memberLen = Arrays.copyOf(memberLen, n);
    memberInt = Arrays.copyOf(memberInt, n);
    scoreOff = Arrays.copyOf(scoreOff, n);
    scoreLen = Arrays.copyOf(scoreLen, n);
    scoreInt = Arrays.copyOf(scoreInt, n);
  }
}
