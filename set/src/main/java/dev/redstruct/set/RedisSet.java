package dev.redstruct.set;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.dict.DictSet;
import dev.redstruct.intset.IntSet;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Redis 7.0.15's set type ({@code src/t_set.c}) as a {@link Set} of byte strings compared by
 * content: an {@link IntSet} while every member is an integer that Redis's {@code string2ll}
 * accepts (no {@code +}, no leading zeros, no spaces, not {@code -0}) and there are at most {@code
 * maxIntsetEntries} of them (default 512, Redis's {@code set-max-intset-entries}, capped at
 * 2<sup>30</sup> as Redis caps it), else a progressive-rehash hashtable ({@link DictSet}). It
 * converts exactly when Redis converts: the first member decides; a non-integer member or the entry
 * past the limit converts to a hashtable; nothing converts back except what Redis rebuilds (an
 * emptied set, which Redis deletes, starts again from its next member; {@code SPOP}'s rebuild and
 * the {@code *STORE} results in {@link SetCommands}; loading, see {@link #fromRdbPayload(byte[],
 * long)}).
 *
 * <p><b>Java face.</b> Members are {@code byte[]}, compared by content: {@code contains(new byte[]
 * {'a'})} finds {@code "a"}; {@link #hashCode()} sums {@link Arrays#hashCode(byte[])}, so equal
 * sets hash alike. {@link #asStrings()} and {@link #view(Codec)} give a {@code Set<String>} (UTF-8)
 * or any other element type over the same set. Iteration: ascending numeric order for an intset
 * (members as their decimal text), the table's order for a hashtable; iterators are fail-fast and
 * support {@code remove}. Null members are refused ({@link NullPointerException}). {@code toString}
 * shows ten members at most.
 *
 * <p><b>Cost.</b> Intset: {@code contains} O(log n), {@code add}/{@code remove} O(n) (n ≤ 512 by
 * default). Hashtable: O(1) expected, with rehashing spread over operations. Not thread-safe; no
 * state is shared between instances.
 */
public final class RedisSet extends AbstractSet<byte[]> {
  /* Implementation notes (Redis 7.0.15, src/t_set.c).
   *
   * Exactly one of intset and dict is non-null (I1). An empty set is an empty intset (I2): Redis
   * has no empty sets (the key is deleted) and recreates one with setTypeCreate(first member),
   * which gives the same encoding as adding that member to an empty intset (an integer stays, a
   * non-integer converts, and with a limit of 0 the first integer converts right away).
   * I3: while intset-encoded, size() <= effectiveMax(). Checked by checkInvariants().
   */

  /** Redis's default {@code set-max-intset-entries}. */
  public static final long DEFAULT_MAX_INTSET_ENTRIES = 512;

  /** setTypeAdd's cap on the limit: intsets never exceed 2^30 entries. */
  static final long INTSET_CAP = 1L << 30;

  private static final int TO_STRING_MEMBERS = 10;

  /** The two encodings, as {@code OBJECT ENCODING} names them. */
  public enum Encoding {
    /** The sorted integer array ({@code OBJ_ENCODING_INTSET}). */
    INTSET("intset"),
    /** The hash table ({@code OBJ_ENCODING_HT}). */
    HASHTABLE("hashtable");

    private final String redisName;

    Encoding(String redisName) {
      this.redisName = redisName;
    }

    /**
     * The name {@code OBJECT ENCODING} replies.
     *
     * @return {@code "intset"} or {@code "hashtable"}
     */
    public String redisName() {
      return redisName;
    }
  }

  private final long maxIntsetEntries;
  private IntSet intset;
  private DictSet<byte[]> dict;
  private int modCount;

  RedisSet(long maxIntsetEntries) {
    if (maxIntsetEntries < 0) {
      throw new IllegalArgumentException("maxIntsetEntries < 0: " + maxIntsetEntries);
    }
    this.maxIntsetEntries = maxIntsetEntries;
    this.intset = IntSet.create();
  }

  /**
   * An empty set with Redis's default limit of 512 intset entries.
   *
   * @return a new set
   */
  public static RedisSet create() {
    return new RedisSet(DEFAULT_MAX_INTSET_ENTRIES);
  }

  /**
   * An empty set with the given {@code set-max-intset-entries}.
   *
   * @param maxIntsetEntries the limit, 0 to {@link Long#MAX_VALUE} (above 2<sup>30</sup> acts as
   *     2<sup>30</sup>, as in Redis)
   * @return a new set
   * @throws IllegalArgumentException if negative
   */
  public static RedisSet create(long maxIntsetEntries) {
    return new RedisSet(maxIntsetEntries);
  }

  /**
   * A set of the given members added in order, as {@code SADD key m1 m2 ...} builds it.
   *
   * @param members the members (copied)
   * @return a new set with the default limit
   */
  public static RedisSet of(byte[]... members) {
    Objects.requireNonNull(members, "members");
    return copyOf(Arrays.asList(members));
  }

  /**
   * A set of the given strings' UTF-8 bytes, added in order.
   *
   * @param members the members
   * @return a new set with the default limit
   */
  public static RedisSet ofStrings(String... members) {
    Objects.requireNonNull(members, "members");
    RedisSet s = create();
    for (String m : members) {
      s.add(Bytes.utf8(Objects.requireNonNull(m, "member")));
    }
    return s;
  }

  /**
   * A set of the given members (copied), added in iteration order.
   *
   * @param members the members
   * @return a new set with the default limit
   */
  public static RedisSet copyOf(Collection<byte[]> members) {
    Objects.requireNonNull(members, "members");
    RedisSet s = create();
    for (byte[] m : members) {
      s.add(Objects.requireNonNull(m, "member").clone());
    }
    return s;
  }

  /**
   * A copy with the same members, encoding and limit (a hashtable copy has its own table, so its
   * iteration order may differ).
   *
   * @return the copy
   */
  public RedisSet copy() {
    RedisSet c = new RedisSet(maxIntsetEntries);
    if (intset != null) {
      c.intset = intset.copy();
    } else {
      c.becomeEmptyHashtable();
      for (byte[] m : dict) {
        c.dict.add(m.clone());
      }
    }
    return c;
  }

  /**
   * The configured {@code set-max-intset-entries}.
   *
   * @return the limit as given
   */
  public long maxIntsetEntries() {
    return maxIntsetEntries;
  }

  /** setTypeAdd's effective limit. */
  long effectiveMax() {
    return Math.min(maxIntsetEntries, INTSET_CAP);
  }

  /**
   * The live encoding, as {@code OBJECT ENCODING} reports it.
   *
   * @return the encoding
   */
  public Encoding encoding() {
    return intset != null ? Encoding.INTSET : Encoding.HASHTABLE;
  }

  @Override
  public int size() {
    return intset != null ? intset.size() : dict.size();
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  /**
   * Whether the member is present, compared by content. Redis: setTypeIsMember.
   *
   * @param member a {@code byte[]}; anything else is absent
   * @return whether present
   */
  @Override
  public boolean contains(Object member) {
    Objects.requireNonNull(member, "member");
    if (!(member instanceof byte[] m)) {
      return false;
    }
    if (intset != null) {
      return RedisNumbers.isCanonicalLong(m, 0, m.length)
          && intset.contains(RedisNumbers.parseCanonicalLong(m, 0, m.length));
    }
    return dict.contains(m);
  }

  /**
   * Adds a member, converting to a hashtable when Redis would. Redis: setTypeAdd. The array is kept
   * by a hashtable set: do not modify it afterwards.
   *
   * @param member the member
   * @return whether it was added
   */
  @Override
  public boolean add(byte[] member) {
    Objects.requireNonNull(member, "member");
    if (intset == null) {
      return countIf(dict.add(member));
    }
    if (!RedisNumbers.isCanonicalLong(member, 0, member.length)) {
      convertToHashtable();
      dict.add(member);
      return countIf(true);
    }
    if (!intset.add(RedisNumbers.parseCanonicalLong(member, 0, member.length))) {
      return false;
    }
    if (intset.size() > effectiveMax()) {
      convertToHashtable();
    }
    return countIf(true);
  }

  /**
   * Removes a member; an emptied set is again an empty intset. Redis: setTypeRemove (the hashtable
   * shrinks as dictResize would).
   *
   * @param member a {@code byte[]}; anything else is absent
   * @return whether it was present
   */
  @Override
  public boolean remove(Object member) {
    Objects.requireNonNull(member, "member");
    if (!(member instanceof byte[] m)) {
      return false;
    }
    boolean removed;
    if (intset != null) {
      removed =
          RedisNumbers.isCanonicalLong(m, 0, m.length)
              && intset.remove(RedisNumbers.parseCanonicalLong(m, 0, m.length));
    } else {
      removed = dict.remove(m);
    }
    if (removed) {
      afterRemoval();
    }
    return removed;
  }

  @Override
  public void clear() {
    intset = IntSet.create();
    dict = null;
    modCount++;
  }

  /**
   * A member chosen at random. Redis: setTypeRandomElement ({@code intsetRandom} or {@code
   * dictGetFairRandomKey}).
   *
   * @param rnd the source of randomness
   * @return a member (a fresh array for an intset, the stored array for a hashtable: do not modify)
   * @throws NoSuchElementException if empty
   */
  public byte[] randomMember(RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    if (isEmpty()) {
      throw new NoSuchElementException("empty set");
    }
    return intset != null
        ? RedisNumbers.ll2string(intset.random(rnd))
        : dict.fairRandomElement(rnd);
  }

  /**
   * One {@code SSCAN} step: an intset visits every member and returns 0; a hashtable runs {@link
   * DictSet#scan} from {@code cursor}.
   *
   * @param cursor 0 to start, else the cursor returned before
   * @param count Redis's COUNT hint, at least 1
   * @param visitor receives each member; must not modify the set
   * @return the next cursor, 0 when the scan is complete
   */
  public long scan(long cursor, int count, Consumer<byte[]> visitor) {
    Objects.requireNonNull(visitor, "visitor");
    if (count < 1) {
      throw new IllegalArgumentException("count < 1: " + count);
    }
    if (intset != null) {
      for (PrimitiveIterator.OfLong it = intset.iterator(); it.hasNext(); ) {
        visitor.accept(RedisNumbers.ll2string(it.nextLong()));
      }
      return 0;
    }
    return dict.scan(cursor, count, visitor);
  }

  /**
   * The members, ascending numerically for an intset, in table order for a hashtable; fail-fast.
   *
   * @return an iterator supporting {@code remove}
   */
  @Override
  public Iterator<byte[]> iterator() {
    return intset != null ? new IntSetIterator() : new DictIterator();
  }

  /**
   * A view of this set as a set of {@code E}, encoding and decoding each element with {@code
   * codec}; changes write through both ways.
   *
   * @param codec how elements map to member bytes (must be injective)
   * @param <E> the element type
   * @return the view
   */
  public <E> Set<E> view(Codec<E> codec) {
    return new SetView<>(this, Objects.requireNonNull(codec, "codec"));
  }

  /**
   * A view of this set as a set of UTF-8 strings.
   *
   * @return the view
   */
  public Set<String> asStrings() {
    return view(Codec.utf8());
  }

  /**
   * This set as Redis 7.0.15's {@code DUMP} of a key holding it, with LZF ({@code rdbcompression
   * yes}); see {@link #toRdbPayload(boolean)}.
   *
   * @return the payload
   */
  public byte[] toRdbPayload() {
    return toRdbPayload(true);
  }

  /**
   * This set as a {@code DUMP} payload: RDB type 11 (the intset blob as one RDB string,
   * byte-identical to Redis's) or type 2 (the member count, then each member as an RDB string in
   * this set's table order, which is not Redis's: Redis's follows its random hash seed), then RDB
   * version 10 and the CRC-64.
   *
   * @param compress Redis's {@code rdbcompression}: LZF for strings longer than 20 bytes that
   *     shrink
   * @return the payload, ready for {@code RESTORE}
   * @throws IllegalStateException if the set is empty (Redis has no empty keys)
   */
  public byte[] toRdbPayload(boolean compress) {
    return SetRdb.write(this, compress);
  }

  /**
   * A set loaded from a {@code DUMP} payload with the default limit; see {@link
   * #fromRdbPayload(byte[], long)}.
   *
   * @param payload the payload with its footer (untrusted)
   * @return the set
   * @throws CorruptEncodingException if Redis 7.0's {@code RESTORE} would refuse it
   */
  public static RedisSet fromRdbPayload(byte[] payload) {
    return fromRdbPayload(payload, DEFAULT_MAX_INTSET_ENTRIES);
  }

  /**
   * A set loaded from a {@code DUMP} payload as Redis 7.0.15's {@code RESTORE} loads one with
   * {@code sanitize-dump-payload yes} ({@code rdbLoadObject}): the footer checked (RDB version at
   * most 10, CRC-64), then type 11 (a deep-validated, non-empty intset, converted to a hashtable
   * when longer than {@code maxIntsetEntries}) or type 2 (a count, then members: an intset while
   * the count is at most the limit and the members are integers, else a hashtable; a repeated
   * member or a count of 0 is refused). Bytes left before the footer are ignored, as Redis does.
   *
   * @param payload the payload with its footer (untrusted)
   * @param maxIntsetEntries the {@code set-max-intset-entries} to load with
   * @return the set
   * @throws CorruptEncodingException if Redis would refuse it
   */
  public static RedisSet fromRdbPayload(byte[] payload, long maxIntsetEntries) {
    Objects.requireNonNull(payload, "payload");
    return SetRdb.read(payload, maxIntsetEntries);
  }

  /**
   * The sum of {@link Arrays#hashCode(byte[])} over the members, as {@link Set#hashCode()} with
   * content hashing.
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    int h = 0;
    for (byte[] m : this) {
      h += Arrays.hashCode(m);
    }
    return h;
  }

  /** Ten members at most, as text when UTF-8 else 0x-hex: {@code [a, b, ... (98 more)]}. */
  @Override
  public String toString() {
    return bounded(this, Bytes::readable);
  }

  static <E> String bounded(Collection<E> c, java.util.function.Function<E, String> show) {
    StringBuilder sb = new StringBuilder("[");
    int shown = 0;
    for (E e : c) {
      if (shown == TO_STRING_MEMBERS) {
        sb.append(", ... (").append(c.size() - shown).append(" more)");
        break;
      }
      sb.append(shown++ == 0 ? "" : ", ").append(show.apply(e));
    }
    return sb.append(']').toString();
  }

  // ---------------------------------------------------------------- package-private, for siblings

  /** The intset while intset-encoded, else null. */
  IntSet intsetOrNull() {
    return intset;
  }

  /** The table while hashtable-encoded, else null. */
  DictSet<byte[]> dictOrNull() {
    return dict;
  }

  /** Redis: setTypeConvert(OBJ_ENCODING_HT): every integer as its decimal text. */
  void convertToHashtable() {
    if (intset == null) {
      return;
    }
    DictSet<byte[]> d = DictSet.forBytes();
    for (PrimitiveIterator.OfLong it = intset.iterator(); it.hasNext(); ) {
      d.add(RedisNumbers.ll2string(it.nextLong()));
    }
    dict = d;
    intset = null;
    modCount++;
  }

  /** Makes this set a hashtable with no members (rdbLoadObject's createSetObject). */
  void becomeEmptyHashtable() {
    intset = null;
    dict = DictSet.forBytes();
    modCount++;
  }

  /** Takes over the other set's members and encoding (Redis: setKey / dbOverwrite). */
  void replaceWith(RedisSet other) {
    intset = other.intset;
    dict = other.dict;
    other.clear();
    modCount++;
  }

  /** Adopts a validated intset (type-11 loading). */
  void adoptIntset(IntSet s) {
    intset = s;
    dict = null;
    modCount++;
  }

  private boolean countIf(boolean changed) {
    if (changed) {
      modCount++;
    }
    return changed;
  }

  private void afterRemoval() {
    modCount++;
    if (dict != null && dict.isEmpty()) {
      clear();
    }
  }

  /** I1..I3 of the implementation notes, and the parts' own invariants. */
  void checkInvariants() {
    if ((intset == null) == (dict == null)) {
      throw new AssertionError("I1: exactly one encoding");
    }
    if (dict != null && dict.isEmpty()) {
      throw new AssertionError("I2: an empty set is an intset");
    }
    if (intset != null && intset.size() > effectiveMax()) {
      throw new AssertionError("I3: intset of " + intset.size() + " > " + effectiveMax());
    }
  }

  private final class IntSetIterator implements Iterator<byte[]> {
    private int next;
    private int expected = modCount;
    private boolean canRemove;

    @Override
    public boolean hasNext() {
      check();
      return next < intset.size();
    }

    @Override
    public byte[] next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      canRemove = true;
      return RedisNumbers.ll2string(intset.get(next++));
    }

    @Override
    public void remove() {
      check();
      if (!canRemove) {
        throw new IllegalStateException();
      }
      canRemove = false;
      intset.remove(intset.get(--next));
      afterRemoval();
      expected = modCount;
    }

    private void check() {
      if (modCount != expected) {
        throw new ConcurrentModificationException();
      }
    }
  }

  private final class DictIterator implements Iterator<byte[]> {
    private final Iterator<byte[]> it = dict.iterator();
    private int expected = modCount;

    @Override
    public boolean hasNext() {
      check();
      return it.hasNext();
    }

    @Override
    public byte[] next() {
      check();
      return it.next();
    }

    @Override
    public void remove() {
      check();
      it.remove();
      modCount++;
      if (dict.isEmpty()) {
        intset = IntSet.create();
        dict = null;
      }
      expected = modCount;
    }

    private void check() {
      if (modCount != expected) {
        throw new ConcurrentModificationException();
      }
    }
  }
}
