package dev.redstruct.dict;

import dev.redstruct.dict.internal.Segments;
import dev.redstruct.dict.internal.TablePolicy;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Redis's dict as a {@link Map}: separate chaining over power-of-two tables, grown and shrunk by
 * <em>progressive rehashing</em>, walkable with Redis's stateless reverse-binary {@link #scan}
 * cursor. Redis: src/dict.c (7.0.15).
 *
 * <p><b>No stalls.</b> A resize never moves entries in one go: it allocates the new table's segment
 * directory (one reference per 16,384 buckets, at most 65,536 references) and every later {@code
 * get}, {@code put} and {@code remove} moves one bucket (visiting at most 10 empty buckets) from
 * the old table to the new one. Bucket storage is allocated lazily in segments of 16,384 buckets,
 * so <b>no single call allocates or zeroes more than the directory plus {@code 1 + (newSize /
 * oldSize)} segments</b> (one segment is 64 KiB with compressed oops): that is 3 segments for a
 * normal doubling, 9 after growth while resizing is disallowed. {@link #rehashSteps} and {@link
 * #rehashFor} let a caller finish a rehash in idle time.
 *
 * <p><b>Complexity.</b> {@code get}, {@code put}, {@code remove}, {@code containsKey}: expected
 * O(1) given a good hash (see {@link Hasher}). {@code containsValue}, iteration: O(buckets + size).
 * {@code clear}: O(1) (drops both tables). Under keys whose {@code hashCode}s collide, a dict made
 * by {@link #create()} keeps a long chain of {@link Comparable} keys of one class sorted and
 * indexed, as {@code HashMap} turns such a bucket into a tree: O(log n) comparisons per operation
 * instead of O(n) (like {@code HashMap}, this relies on {@code compareTo} returning 0 for equal
 * keys). Colliding keys that are not mutually comparable still share one O(n) chain.
 *
 * <p><b>Nulls.</b> Keys and values must be non-null: {@code put}, {@code get}, {@code remove} and
 * {@code containsKey} with a null key, and {@code put} with a null value, throw {@link
 * NullPointerException}.
 *
 * <p><b>Iteration</b> through {@link #entrySet}, {@link #keySet} and {@link #values} is fail-fast
 * (a {@link java.util.ConcurrentModificationException} once the dict is structurally modified other
 * than through the iterator), supports {@link java.util.Iterator#remove}, and never performs rehash
 * steps. An iterator stays exact across the rehash steps that {@code get} and {@code containsKey}
 * perform while it is open, and across resizes that start meanwhile without adding or removing an
 * entry ({@link #expand}, the shrink its own {@code remove} may start): it visits entries in groups
 * by the low bits of their hash, which no rehash step or resize splits (the idea behind {@link
 * #scan}), so no entry is missed or repeated. Like Redis's safe iterator, it lets the table change
 * shape under it; unlike it, rehashing is not paused.
 *
 * <p><b>Shrinking.</b> Every successful removal ({@code remove}, {@code Iterator.remove}, {@code
 * removeIf}, the views' removals) checks Redis's rule ({@code htNeedsResize}, src/server.c: fill
 * below 10% of a table larger than 4 buckets) and starts a shrink to the next power of two at least
 * the entry count, as Redis 7.0's set, hash and sorted-set commands do after their deletes. Where
 * Redis's {@code dictResize} refuses (a rehash in progress, resizing disallowed), the check is
 * remembered and runs when the rehash ends or resizing is allowed again.
 *
 * <p><b>Differences from Redis.</b> Redis 7.0 shrinks its keyspace from the server cron, and drops
 * a removal's check that {@code dictResize} refused (until the next removal or cron tick); here the
 * check is deferred instead (see above). Redis's resize policy is process-wide; {@link
 * #setResizeAllowed} is per dict. A segment that was never written counts as one empty bucket visit
 * during rehashing, so the rehash index may jump over it.
 *
 * <p><b>Thread safety.</b> Not thread-safe: concurrent use needs external synchronization,
 * including concurrent reads, because reads perform rehash steps. A dict has no state shared with
 * other instances (each {@code forStrings}/{@code forBytes} dict has its own SipHash key), so two
 * threads using two dicts never interfere.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class Dict<K, V> extends AbstractMap<K, V> {
  /* Implementation notes
   *
   * Mirrors Redis 7.0.15 dict.c. Two tables t0 and t1 (t1 exists only while rehashing), each a
   * segmented bucket array (see Buckets). rehashIdx is the next t0 bucket to migrate, -1 when not
   * rehashing. Entries are pushed at the head of their chain (dictAddRaw: recent keys are hot).
   *
   * A chain that a lookup walks past DictTreeBins.TREEIFY entries (only colliding hashCodes make
   * one) is sorted and indexed if the dict is plain and its keys are Comparable; the hot loops only
   * count, and hand such chains to findInLongChain / unlinkFromLongChain.
   *
   * Operation order follows Redis: a rehash step first (unless paused by a running scan), then
   * for inserts the expand check (_dictExpandIfNeeded, even when the key turns out to exist),
   * then the lookup in t0 and, while rehashing, t1. New keys go to t1 while rehashing.
   *
   * Notation: h = 64-bit hash, b = bucket index, exp = log2(table size), mask = size - 1.
   *
   * Invariants (checkInvariants):
   *  I1  used0/used1 equal the entries actually chained in t0/t1; size() == used0 + used1.
   *  I2  rehashIdx == -1 iff t1 == null; while rehashing 0 <= rehashIdx < size0 when used0 > 0,
   *      and every t0 bucket below rehashIdx is empty.
   *  I3  every entry of table t sits in bucket (h & mask_t), and h == (int) hasher.hash(key).
   *  I4  no two entries hold equivalent keys.
   *  I5  table sizes are powers of two in [4, 2^30]; t0 == null iff exp0 == -1 (then used0 == 0);
   *      directories have max(1, size >> 14) segments of min(size, 2^14) buckets.
   *  I6  pauseRehash >= 0 (0 outside scan).
   *  I7  an indexed chain (DictTreeBins, plain dicts only) holds exactly its index's nodes, in
   *      ascending key order; trees0/trees1 are null when their table has no indexed chain.
   *  I8  growAt and shrinkBelow are what refreshThresholds computes from t0, rehashIdx, trees0,
   *      exp0, resizeAllowed and shrinkCheckDeferred.
   */

  /** Redis: DICT_HT_INITIAL_EXP. */
  static final int INITIAL_EXP = TablePolicy.INITIAL_EXP;

  /** Redis: GETFAIR_NUM_ENTRIES. */
  static final int FAIR_SAMPLE = 15;

  final Hasher<K> hasher;

  /** True for {@link Hasher#mixedHashCode()}: hash and equality are inlined, no virtual call. */
  final boolean plain;

  Node<K, V>[][] t0;
  Node<K, V>[][] t1;
  int exp0 = -1;
  int exp1 = -1;
  int mask0;
  int mask1;
  int used0;
  int used1;
  int rehashIdx = -1;
  int pauseRehash;
  int modCount;
  boolean resizeAllowed = true;

  /**
   * The steady-state paths' copies of the state and the resize policy (refreshThresholds): growAt
   * is 0 unless the dict is steady (see steady()), else the entry count at which a put needs the
   * grow check; a removal needs the shrink check once used0 falls below shrinkBelow
   * (Integer.MAX_VALUE while resizing is disallowed or a check is deferred).
   */
  int growAt;

  int shrinkBelow;

  /**
   * Indexed long chains of t0 / t1 (see DictTreeBins); null when there are none (always unless
   * plain).
   */
  DictTreeBins<K, V> trees0;

  DictTreeBins<K, V> trees1;

  /**
   * A removal found the shrink check impossible (a rehash in progress, or resizing disallowed): the
   * check runs when the rehash ends or resizing is allowed again.
   */
  boolean shrinkCheckDeferred;

  // Written by touchNextChain, never read: see there.
  @SuppressWarnings("unused")
  private long prefetched;

  private Set<K> keySet;
  private Collection<V> values;
  private Set<Map.Entry<K, V>> entrySet;

  private Dict(Hasher<K> hasher) {
    this.hasher = Objects.requireNonNull(hasher, "hasher");
    this.plain = hasher == Hashers.MIXED_HASH_CODE;
  }

  /**
   * Creates an empty dict hashing keys with {@link Hasher#mixedHashCode()}: fast, for any key type.
   * Keys whose {@code hashCode}s collide (equal-hashCode Strings are easy to make) share a chain,
   * which is kept sorted and indexed when they are {@link Comparable} (see the class comment), so
   * crafted keys cost O(log n), as in {@code HashMap}. For untrusted String keys, {@link
   * #forStrings()} hashes their content with a secret key, as Redis does, and no chain grows long
   * in the first place.
   *
   * @param <K> the key type
   * @param <V> the value type
   * @return a new empty dict
   */
  public static <K, V> Dict<K, V> create() {
    return new Dict<>(Hasher.mixedHashCode());
  }

  /**
   * Creates an empty dict using the given hasher.
   *
   * @param hasher hash and equivalence of keys
   * @param <K> the key type
   * @param <V> the value type
   * @return a new empty dict
   */
  public static <K, V> Dict<K, V> create(Hasher<K> hasher) {
    return new Dict<>(hasher);
  }

  /**
   * Creates an empty dict of String keys hashed as Redis hashes its keys: SipHash-1-2 over the
   * UTF-8 bytes with a random key of this dict's own ({@link Hasher#sipHashUtf8()}).
   *
   * @param <V> the value type
   * @return a new empty dict
   */
  public static <V> Dict<String, V> forStrings() {
    return new Dict<>(Hasher.sipHashUtf8());
  }

  /**
   * Creates an empty dict of byte-string keys compared by content and hashed with SipHash-1-2 under
   * a random key ({@link Hasher#sipHashBytes()}). Key arrays must not be modified while in the
   * dict. Two such dicts holding the same contents are {@link #equals} and have the same {@link
   * #hashCode} (a byte array counts by content there, as {@code Arrays.hashCode}); {@link
   * #toString} shows keys as text when they are UTF-8. A map that compares {@code byte[]} keys by
   * identity ({@code HashMap<byte[], V>}) is equal to such a dict only when it holds the very same
   * arrays, as a {@code TreeMap} whose comparator disagrees with equals.
   *
   * @param <V> the value type
   * @return a new empty dict
   */
  public static <V> Dict<byte[], V> forBytes() {
    return new Dict<>(Hasher.sipHashBytes());
  }

  /**
   * Adds a key that is absent and returns its new entry (metadata 0), or returns null and changes
   * nothing if the key is present. Redis: dictAddRaw, src/dict.c.
   *
   * @param key the key
   * @param value its value
   * @return the new entry, or null if the key was present
   * @throws NullPointerException if the key or the value is null
   */
  public Map.Entry<K, V> addEntry(K key, V value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    long h = hash(key);
    if (used0 < growAt) { // steady: as put's path of its own (see steady())
      int b = (int) h & mask0;
      Node<K, V> head = Buckets.get(t0, b);
      int walked = 0;
      for (Node<K, V> e = head; e != null; e = e.next) {
        if (e.hash == (int) h && same(key, e.key)) {
          return null;
        }
        if (++walked == DictTreeBins.TREEIFY) {
          return addGeneral(key, h, value);
        }
      }
      Node<K, V> n = new Node<>(h, key, value, head);
      Buckets.set(t0, exp0, b, n);
      used0++;
      modCount++;
      return n;
    }
    return addGeneral(key, h, value);
  }

  private Node<K, V> addGeneral(K key, long h, V value) {
    stepAndMakeRoom();
    if (findInTables(key, h) != null) {
      return null;
    }
    return insert(key, h, value);
  }

  /**
   * The entry of a key, for its value and metadata (a live view: {@code setValue} replaces the
   * value); null if absent. Takes a rehash step as {@link #get}. Redis: dictFind.
   *
   * @param key the key
   * @return the entry, or null
   */
  public Map.Entry<K, V> entry(Object key) {
    return find(key);
  }

  /**
   * The int of metadata of an entry of this dict ({@link #entry}, the views, sampling, {@link
   * #scan}): 0 for a new entry, kept when its value is replaced; it costs no memory (it fills an
   * entry's padding). Redis: dictEntry metadata (7.0); the keyspace keeps each key's LRU/LFU clock
   * there.
   *
   * @param e an entry of this dict
   * @return its metadata
   * @throws IllegalArgumentException if {@code e} is not a dict's entry
   * @throws NullPointerException if {@code e} is null
   */
  public int entryMeta(Map.Entry<K, V> e) {
    return node(e).meta;
  }

  /**
   * Sets the metadata of an entry of this dict.
   *
   * @param e an entry of this dict
   * @param value the new metadata
   * @throws IllegalArgumentException if {@code e} is not a dict's entry
   * @throws NullPointerException if {@code e} is null
   */
  public void setEntryMeta(Map.Entry<K, V> e, int value) {
    node(e).meta = value;
  }

  private static <K, V> Node<K, V> node(Map.Entry<K, V> e) {
    Objects.requireNonNull(e, "e");
    if (e instanceof Node<K, V> n) {
      return n;
    }
    throw new IllegalArgumentException("not an entry of a dict");
  }

  // ------------------------------------------------------------------ hashing

  @SuppressWarnings("unchecked")
  long hash(Object key) {
    return plain ? Hashers.mix(key.hashCode()) : hasher.hash((K) key);
  }

  /*
   * same() and equivalent() are split so that each stays under HotSpot's MaxInlineSize (35 bytecode
   * bytes): inlined by size, not by call frequency. As one 43-byte method it was inlined into
   * findInTables only if its call site looked frequent, and a dict filled by put (which calls
   * findInTables for absent keys, almost never reaching the key comparison) left a profile that
   * kept every later get calling it out of line.
   */

  boolean same(Object key, K other) {
    return key == other || equivalent(key, other);
  }

  @SuppressWarnings("unchecked")
  private boolean equivalent(Object key, K other) {
    return plain ? key.equals(other) : hasher.equivalent((K) key, other);
  }

  // ------------------------------------------------------------------ Map operations

  @Override
  public int size() {
    return used0 + used1;
  }

  @Override
  public boolean isEmpty() {
    return used0 + used1 == 0;
  }

  @Override
  public V get(Object key) {
    Node<K, V> e = find(key);
    return e == null ? null : e.value;
  }

  @Override
  public boolean containsKey(Object key) {
    return find(key) != null;
  }

  /** Redis: dictFind, src/dict.c. */
  Node<K, V> find(Object key) {
    Objects.requireNonNull(key, "key");
    if (steady()) { // see steady()
      long h = hash(key);
      int walked = 0;
      for (Node<K, V> e = Buckets.get(t0, (int) h & mask0); e != null; e = e.next) {
        if (e.hash == (int) h && same(key, e.key)) {
          return e;
        }
        if (++walked == DictTreeBins.TREEIFY) {
          return findInTables(key, h); // indexes the chain
        }
      }
      return null;
    }
    if (used0 + used1 == 0) {
      return null;
    }
    if (rehashIdx >= 0 && pauseRehash == 0) {
      rehash(1);
    }
    return findInTables(key, hash(key));
  }

  /**
   * Associates {@code value} with {@code key}. Redis: dictReplace (dictAddRaw), src/dict.c.
   *
   * @throws NullPointerException if the key or the value is null
   */
  @Override
  public V put(K key, V value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    long h = hash(key);
    if (used0 < growAt) { // steady, and no resize to start
      // The steady-state path (see steady()): no rehash step to take, no resize to start, no
      // second table. A chain at the indexing length goes the general way, which indexes it.
      int b = (int) h & mask0;
      Node<K, V> head = Buckets.get(t0, b);
      int walked = 0;
      for (Node<K, V> e = head; e != null; e = e.next) {
        if (e.hash == (int) h && same(key, e.key)) {
          V old = e.value;
          e.value = value;
          return old;
        }
        if (++walked == DictTreeBins.TREEIFY) {
          return putVal(key, h, value);
        }
      }
      Buckets.set(t0, exp0, b, new Node<>(h, key, value, head));
      used0++;
      modCount++;
      return null;
    }
    return putVal(key, h, value);
  }

  /*
   * steady(): one table, no rehash running, no indexed chain (growAt != 0, kept so by
   * refreshThresholds). get, put and remove then take a path of their own that does what the
   * general one does in that state, without its per-call checks (rehash step, two-table lookup,
   * index upkeep, the resize policy's flags). Goal benchmarks at 10^5 keys (benchmarks/NOTES.md,
   * issue 22): remove + put 0.80x -> 0.97x HashMap, get 0.84x -> 1.06x, well over the 5 % that a
   * second path must earn.
   */
  private boolean steady() {
    return growAt != 0;
  }

  /** Redis: dictReplace (dictAddRaw), src/dict.c, with the key's hash computed. */
  private V putVal(K key, long hash, V value) {
    stepAndMakeRoom();
    Node<K, V> e = findInTables(key, hash);
    if (e != null) {
      V old = e.value;
      e.value = value;
      return old;
    }
    insert(key, hash, value);
    return null;
  }

  /** What every add does first, as Redis's dictAddRaw: one rehash step, then grow if needed. */
  private void stepAndMakeRoom() {
    if (rehashIdx >= 0 && pauseRehash == 0) {
      rehash(1);
    }
    expandIfNeeded();
  }

  /**
   * Looks in t0 (skipped below rehashIdx: those buckets are empty, I2), then t1 if rehashing. A
   * chain longer than DictTreeBins.TREEIFY goes to DictTreeBins.findInLongChain.
   */
  private Node<K, V> findInTables(Object key, long h) {
    int b0 = (int) h & mask0;
    if (b0 >= rehashIdx) { // always true when not rehashing (rehashIdx == -1)
      int walked = 0;
      for (Node<K, V> e = Buckets.get(t0, b0); e != null; e = e.next) {
        if (e.hash == (int) h && same(key, e.key)) {
          return e;
        }
        if (++walked == DictTreeBins.TREEIFY) {
          Node<K, V> f = DictTreeBins.findInLongChain(this, 0, b0, key, h);
          if (f != null) {
            return f;
          }
          break;
        }
      }
    }
    if (rehashIdx >= 0) {
      int b1 = (int) h & mask1;
      int walked = 0;
      for (Node<K, V> e = Buckets.get(t1, b1); e != null; e = e.next) {
        if (e.hash == (int) h && same(key, e.key)) {
          return e;
        }
        if (++walked == DictTreeBins.TREEIFY) {
          return DictTreeBins.findInLongChain(this, 1, b1, key, h);
        }
      }
    }
    return null;
  }

  /**
   * Pushes a new entry at the head of its chain in t1 while rehashing, else t0 (an indexed chain
   * takes it at its sorted place instead).
   */
  private Node<K, V> insert(K key, long h, V value) {
    Node<K, V> n;
    if (rehashIdx >= 0) {
      int b = (int) h & mask1;
      n = new Node<>(h, key, value, Buckets.get(t1, b));
      if (trees1 == null || !trees1.add(t1, exp1, b, n)) {
        Buckets.set(t1, exp1, b, n);
        if (trees1 != null && trees1.all().isEmpty()) { // add dropped the last index
          trees1 = null;
        }
      }
      used1++;
    } else {
      int b = (int) h & mask0;
      n = new Node<>(h, key, value, Buckets.get(t0, b));
      if (trees0 == null || !trees0.add(t0, exp0, b, n)) {
        Buckets.set(t0, exp0, b, n);
        if (trees0 != null && trees0.all().isEmpty()) { // add dropped the last index
          trees0 = null;
          refreshThresholds();
        }
      }
      used0++;
    }
    modCount++;
    return n;
  }

  /**
   * Removes the mapping for {@code key}; then, if the table is under 10% full, starts a shrink (or
   * defers the check, see the class comment). Redis: dictGenericDelete, src/dict.c (and
   * htNeedsResize/dictResize, src/server.c).
   *
   * @throws NullPointerException if the key is null
   */
  @Override
  public V remove(Object key) {
    Objects.requireNonNull(key, "key");
    if (steady()) {
      long h = hash(key);
      int b = (int) h & mask0;
      Node<K, V> prev = null;
      int walked = 0;
      for (Node<K, V> e = Buckets.get(t0, b); e != null; prev = e, e = e.next) {
        if (e.hash == (int) h && same(key, e.key)) {
          if (prev == null) {
            Buckets.set(t0, exp0, b, e.next);
          } else {
            prev.next = e.next;
          }
          e.next = null;
          used0--;
          modCount++;
          if (used0 < shrinkBelow) {
            shrinkIfNeeded();
          }
          return e.value;
        }
        if (++walked == DictTreeBins.TREEIFY) {
          break; // the general path indexes the chain
        }
      }
      if (walked < DictTreeBins.TREEIFY) {
        return null;
      }
    }
    Node<K, V> e = removeNode(key, true);
    if (e == null) {
      return null;
    }
    shrinkIfNeeded();
    return e.value;
  }

  /** Unlinks the entry for {@code key}; {@code step} = perform a rehash step first. */
  Node<K, V> removeNode(Object key, boolean step) {
    Objects.requireNonNull(key, "key");
    if (used0 + used1 == 0) {
      return null;
    }
    if (step && rehashIdx >= 0 && pauseRehash == 0) {
      rehash(1);
    }
    long h = hash(key);
    int b0 = (int) h & mask0;
    Node<K, V> e = b0 >= rehashIdx ? unlink(0, b0, key, h) : null;
    if (e != null) {
      used0--;
    } else if (rehashIdx >= 0) {
      e = unlink(1, (int) h & mask1, key, h);
      if (e != null) {
        used1--;
      }
    }
    if (e != null) {
      modCount++;
    }
    return e;
  }

  /**
   * Unlinks the entry of {@code key} from bucket b of table t (0 or 1); a chain longer than
   * DictTreeBins.TREEIFY goes to DictTreeBins.unlinkFromLongChain.
   */
  private Node<K, V> unlink(int t, int b, Object key, long h) {
    Node<K, V>[][] dir = t == 0 ? t0 : t1;
    Node<K, V> prev = null;
    int walked = 0;
    for (Node<K, V> e = Buckets.get(dir, b); e != null; prev = e, e = e.next) {
      if (e.hash == (int) h && same(key, e.key)) {
        unlinkAfter(t, b, prev, e);
        return e;
      }
      if (++walked == DictTreeBins.TREEIFY) {
        return DictTreeBins.unlinkFromLongChain(this, t, b, key, h);
      }
    }
    return null;
  }

  /** Unlinks {@code e}, which follows {@code prev} (null: e is the head) in bucket b of table t. */
  void unlinkAfter(int t, int b, Node<K, V> prev, Node<K, V> e) {
    if (prev == null) {
      Buckets.set(t == 0 ? t0 : t1, t == 0 ? exp0 : exp1, b, e.next);
    } else {
      prev.next = e.next;
    }
    e.next = null;
    DictTreeBins<K, V> trees = t == 0 ? trees0 : trees1;
    if (trees != null && trees.removed(b, e)) {
      dropTrees(t);
    }
  }

  void dropTrees(int t) {
    if (t == 0) {
      trees0 = null;
      refreshThresholds();
    } else {
      trees1 = null;
    }
  }

  /** Drops both tables in O(1). Redis: dictEmpty, src/dict.c. */
  @Override
  public void clear() {
    t0 = null;
    t1 = null;
    exp0 = -1;
    exp1 = -1;
    mask0 = 0;
    mask1 = 0;
    used0 = 0;
    used1 = 0;
    rehashIdx = -1;
    trees0 = null;
    trees1 = null;
    shrinkCheckDeferred = false;
    refreshThresholds();
    modCount++;
  }

  @Override
  public boolean containsValue(Object value) {
    Objects.requireNonNull(value, "value");
    for (Node<K, V> e : DictViews.allNodes(this)) {
      if (Node.contentEquals(value, e.value)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Set<K> keySet() {
    Set<K> s = keySet;
    return s != null ? s : (keySet = new DictViews.KeySet<>(this));
  }

  @Override
  public Collection<V> values() {
    Collection<V> v = values;
    return v != null ? v : (values = new DictViews.Values<>(this));
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    Set<Map.Entry<K, V>> s = entrySet;
    return s != null ? s : (entrySet = new DictViews.EntrySet<>(this));
  }

  /**
   * Compares with another map as {@link Map#equals} does, except that byte-array values (and, in a
   * dict whose hasher compares keys by content, byte-array keys) compare by content, so two {@link
   * #forBytes()} dicts holding the same keys and values are equal.
   *
   * @param o the object to compare with
   * @return whether {@code o} is a map with the same mappings
   */
  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Map<?, ?> m) || m.size() != size()) {
      return false;
    }
    try {
      for (Node<K, V> e : DictViews.allNodes(this)) {
        Object v = m.get(e.key);
        if (v == null || !Node.contentEquals(e.value, v)) {
          return false;
        }
      }
    } catch (ClassCastException | NullPointerException unused) {
      return false;
    }
    return true;
  }

  /**
   * The sum of the entries' hashes, as {@link Map#hashCode}, where an entry hashes as {@code
   * hash(key) ^ hash(value)} and a byte array hashes by content ({@link
   * java.util.Arrays#hashCode(byte[])}): equal {@link #forBytes()} dicts have equal hash codes.
   * O(buckets + size).
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    int h = 0;
    for (Node<K, V> e : DictViews.allNodes(this)) {
      h += e.hashCode();
    }
    return h;
  }

  /**
   * Returns {@code {k1=v1, k2=v2}} as {@link java.util.AbstractMap#toString} does, with byte arrays
   * shown as text when they are valid UTF-8, else as {@code 0x}-prefixed hex; beyond {@value
   * #TO_STRING_ENTRIES} entries, only the first ones and the size: {@code {a=1, b=2, … (1000000
   * entries)}}.
   *
   * @return the text
   */
  @Override
  public String toString() {
    return bounded(this, false);
  }

  /** Entries shown by {@link #toString()} before it gives only the size. */
  static final int TO_STRING_ENTRIES = 10;

  static String bounded(Dict<?, ?> d, boolean keysOnly) {
    StringBuilder sb = new StringBuilder(keysOnly ? "[" : "{");
    int shown = 0;
    for (Node<?, ?> e : DictViews.allNodes(d)) {
      if (shown == TO_STRING_ENTRIES) {
        sb.append(", … (").append(d.size()).append(" entries)");
        break;
      }
      if (shown++ > 0) {
        sb.append(", ");
      }
      sb.append(e.key == d ? "(this Map)" : Node.readable(e.key));
      if (!keysOnly) {
        sb.append('=').append(e.value == d ? "(this Map)" : Node.readable(e.value));
      }
    }
    return sb.append(keysOnly ? ']' : '}').toString();
  }

  // ------------------------------------------------------------------ resizing and rehashing

  /**
   * Allows or disallows resizing, as Redis does while a fork child exists ({@code
   * dictSetResizeEnabled(DICT_RESIZE_AVOID)}, Redis 7.0.15). While disallowed a table still grows
   * once it holds more than 5 entries per bucket, no shrink starts, and rehash steps only proceed
   * when the two tables differ in size by a factor of 5 or more. Allowed by default. Allowing it
   * again runs the shrink check that removals made meanwhile could not (see {@link #remove}).
   *
   * @param allowed whether resizing is allowed
   */
  public void setResizeAllowed(boolean allowed) {
    this.resizeAllowed = allowed;
    refreshThresholds();
    if (allowed && shrinkCheckDeferred) {
      shrinkIfNeeded();
    }
  }

  /**
   * Tells whether a rehash is in progress (two tables exist). Redis: dictIsRehashing.
   *
   * @return whether the dict is rehashing
   */
  public boolean isRehashing() {
    return rehashIdx >= 0;
  }

  /**
   * Performs up to {@code n} rehash steps: each moves one bucket, giving up after {@code 10 * n}
   * empty buckets in total. Does nothing while a scan's visitor is running, or while resizing is
   * disallowed and the table sizes differ by less than a factor of 5. Redis: dictRehash.
   *
   * @param n the number of buckets to move, positive
   * @return whether a rehash is still in progress
   * @throws IllegalArgumentException if {@code n <= 0}
   */
  public boolean rehashSteps(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("n must be positive: " + n);
    }
    if (pauseRehash == 0) {
      rehash(n);
    }
    return rehashIdx >= 0;
  }

  /**
   * Rehashes in batches of 100 steps until the rehash is finished or {@code budget} has elapsed
   * (checked after each batch, so it may overrun by one batch). Redis: dictRehashMilliseconds.
   *
   * @param budget the time to spend
   * @return the number of steps requested, a multiple of 100 (0 if nothing to do)
   */
  public int rehashFor(Duration budget) {
    long nanos = Objects.requireNonNull(budget, "budget").toNanos();
    if (pauseRehash > 0) {
      return 0;
    }
    long start = System.nanoTime();
    int steps = 0;
    while (rehash(100)) {
      steps += 100;
      if (System.nanoTime() - start > nanos) {
        break;
      }
    }
    return steps;
  }

  /**
   * Redis: dictRehash, src/dict.c. Returns whether a rehash is in progress afterwards: entries
   * remain to be moved, or the deferred shrink check started a new resize at the end.
   */
  boolean rehash(int n) {
    if (rehashIdx < 0 || (!resizeAllowed && !sizesDifferByForceRatio())) {
      return false;
    }
    long emptyVisits = 10L * n;
    while (n-- > 0 && used0 != 0) {
      Node<K, V> e;
      while ((e = Buckets.get(t0, rehashIdx)) == null) {
        advanceRehashIdx(Segments.emptySkip(t0, rehashIdx));
        if (--emptyVisits == 0) {
          return true;
        }
      }
      Buckets.set(t0, exp0, rehashIdx, null);
      if (trees0 != null && trees0.drop(rehashIdx)) {
        trees0 = null;
      }
      moveChain(e);
      advanceRehashIdx(1);
      touchNextChain();
    }
    if (used0 == 0) {
      t0 = t1;
      exp0 = exp1;
      mask0 = mask1;
      used0 = used1;
      t1 = null;
      exp1 = -1;
      mask1 = 0;
      used1 = 0;
      rehashIdx = -1;
      trees0 = trees1;
      trees1 = null;
      refreshThresholds();
      if (shrinkCheckDeferred) {
        shrinkIfNeeded(); // may start the next resize at once
      }
      return rehashIdx >= 0;
    }
    return true;
  }

  /**
   * Reads the hash of the next bucket's first entry, so that its cache miss (the entry is anywhere
   * in the heap) overlaps with the caller's work instead of stalling the next rehash step, which
   * comes with the next operation: Java has no prefetch instruction, and a load whose value is
   * stored in a field cannot be dropped by the JIT.
   */
  private void touchNextChain() {
    if (used0 != 0) {
      Node<K, V> next = Buckets.get(t0, rehashIdx);
      if (next != null) {
        prefetched = next.hash;
      }
    }
  }

  private void moveChain(Node<K, V> e) {
    while (e != null) {
      Node<K, V> next = e.next;
      int b = (int) e.hash & mask1;
      if (trees1 != null && trees1.drop(b)) { // the moved entries would break its order
        trees1 = null;
      }
      e.next = Buckets.get(t1, b);
      Buckets.set(t1, exp1, b, e);
      used0--;
      used1++;
      e = next;
    }
  }

  /** Moves the rehash index; a t0 segment left behind holds only empty buckets and is freed. */
  private void advanceRehashIdx(int by) {
    int before = rehashIdx;
    rehashIdx += by;
    Segments.releasePassed(t0, before, rehashIdx);
  }

  private boolean sizesDifferByForceRatio() {
    return TablePolicy.forceRatioReached(exp0, exp1);
  }

  /** Redis: _dictExpandIfNeeded (7.0.15 policy). */
  private void expandIfNeeded() {
    if (rehashIdx >= 0) {
      return;
    }
    if (t0 == null) {
      resize(1L << INITIAL_EXP);
      return;
    }
    if (TablePolicy.needsGrow(used0, exp0, resizeAllowed)) {
      resize(used0 + 1L); // past 2^30 entries the table stays at its cap: resize refuses
    }
  }

  /**
   * Sizes the table for {@code size} entries: starts a resize to the next power of two at least
   * {@code size} (an empty dict allocates it directly, with no rehash to follow). Refused while
   * rehashing, when {@code size} is below the entry count, or when the size would not change. A
   * caller about to add many keys saves the intermediate growth steps. Open iterators stay exact
   * across the resize. Redis: dictExpand (_dictExpand), src/dict.c.
   *
   * <p>The largest table has 2^30 buckets (as {@code java.util.HashMap}'s), so a larger {@code
   * size} is rejected. Redis rejects only sizes whose power of two overflows, and sizes whose
   * allocation fails.
   *
   * @param size the number of entries to make room for, in {@code [0, 2^30]}
   * @return whether a table was allocated or a resize started
   * @throws IllegalArgumentException if {@code size} is negative or above 2^30
   */
  public boolean expand(long size) {
    if (size < 0 || size > 1L << Buckets.MAX_EXP) {
      throw new IllegalArgumentException(
          "size must be in [0, 2^30] (the largest table has 2^30 buckets): " + size);
    }
    return resize(size);
  }

  /** {@link #expand} for sizes computed here, which may exceed 2^30 (then capped by nextExp). */
  private boolean resize(long size) {
    if (rehashIdx >= 0 || used0 > size) {
      return false;
    }
    int exp = nextExp(size);
    if (exp == exp0) {
      return false;
    }
    Node<K, V>[][] dir = Buckets.newDirectory(exp);
    if (t0 == null) {
      t0 = dir;
      exp0 = exp;
      mask0 = (1 << exp) - 1;
      used0 = 0;
      trees0 = null;
      refreshThresholds();
      return true;
    }
    t1 = dir;
    exp1 = exp;
    mask1 = (1 << exp) - 1;
    used1 = 0;
    trees1 = null;
    rehashIdx = 0;
    refreshThresholds();
    return true;
  }

  /** Redis: _dictNextExp, capped at 2^30 buckets (see TablePolicy). */
  static int nextExp(long size) {
    return TablePolicy.nextExp(size);
  }

  /**
   * Redis: htNeedsResize + dictResize (src/server.c, src/dict.c), checked after each successful
   * removal (Redis's t_set.c, t_hash.c and t_zset.c do so after theirs). Where dictResize would
   * refuse (rehashing, or resizing disallowed) the check is deferred to the end of the rehash or to
   * {@link #setResizeAllowed}: Redis's server cron plays that part for its keyspace.
   */
  void shrinkIfNeeded() {
    if (t0 == null) {
      shrinkCheckDeferred = false;
      refreshThresholds();
      return;
    }
    if (!resizeAllowed || rehashIdx >= 0) {
      shrinkCheckDeferred = true;
      refreshThresholds();
      return;
    }
    shrinkCheckDeferred = false;
    refreshThresholds();
    if (TablePolicy.needsShrink(used0, exp0)) {
      resize(Math.max(used0, 1L << INITIAL_EXP));
    }
  }

  /*
   * Recomputes growAt and shrinkBelow (I8) after t0, rehashIdx, trees0, exp0, resizeAllowed or
   * shrinkCheckDeferred changed: when steady, used0 < growAt iff TablePolicy.needsGrow is false;
   * used0 >= shrinkBelow iff a shrink check would find nothing to do and defer nothing.
   */
  void refreshThresholds() {
    growAt = currentGrowAt();
    shrinkBelow = currentShrinkBelow();
  }

  /** What growAt must hold in the current state (I8). */
  int currentGrowAt() {
    boolean steady = rehashIdx < 0 && t0 != null && trees0 == null;
    return steady ? (int) Math.min(TablePolicy.growAt(exp0, resizeAllowed), Integer.MAX_VALUE) : 0;
  }

  /** What shrinkBelow must hold in the current state (I8); at most 2^30 / 10 + 1 otherwise. */
  int currentShrinkBelow() {
    return !resizeAllowed || shrinkCheckDeferred
        ? Integer.MAX_VALUE
        : (int) TablePolicy.shrinkBelow(exp0);
  }

  // ------------------------------------------------------------------ scan and sampling

  /**
   * One SCAN call: visits entries from {@code cursor} on and returns the next cursor; start with 0,
   * and the scan is complete when 0 is returned. Like Redis's {@code SCAN cursor COUNT count}, a
   * call takes reverse-binary cursor steps (Redis: dictScan, src/dict.c) until at least {@code
   * count} entries are visited, the cursor returns to 0, or {@code 10 * count} more steps found too
   * few (Redis: scanGenericCommand, src/db.c). {@code count} is a hint: a step visits whole
   * buckets, so a call may visit more entries, or none.
   *
   * <p><b>Guarantee:</b> every entry present from the start to the end of a full scan (cursor 0
   * back to 0) is visited at least once, however the table grows or shrinks between calls. An entry
   * may be visited more than once (notably after a shrink); entries added or removed during the
   * scan may or may not be visited. The cursor is a plain value: store it, resume later. Any long
   * is accepted; a cursor that did not come from this dict voids the guarantee but is harmless.
   *
   * <p>The visitor receives live entries ({@code setValue} writes through) and may read the dict
   * (rehashing is paused during the call) but must not modify its keys. {@code DictSet} and {@code
   * ZSet} scan with the same shape.
   *
   * @param cursor 0 to start, else a value returned by the previous call
   * @param count how many entries the call should try to visit, at least 1 (Redis's default is 10)
   * @param visitor receives each visited entry
   * @return the next cursor, 0 when the scan is complete
   * @throws IllegalArgumentException if {@code count < 1}
   * @throws java.util.ConcurrentModificationException if the visitor adds or removes keys
   */
  public long scan(long cursor, int count, Consumer<? super Map.Entry<K, V>> visitor) {
    return DictScan.scan(this, cursor, count, 10L * count, visitor);
  }

  /** Exactly one reverse-binary step (Redis's dictScan itself), whatever it visits. */
  long scanStep(long cursor, Consumer<? super Map.Entry<K, V>> visitor) {
    return DictScan.scan(this, cursor, 1, 0, visitor);
  }

  /**
   * Returns a random entry, or null if empty; performs one rehash step first. Entries in short
   * chains are more likely than entries in long ones. Redis: dictGetRandomKey.
   *
   * @param rnd the source of randomness
   * @return a live entry (its {@code setValue} writes through), or null if the dict is empty
   */
  public Map.Entry<K, V> randomEntry(RandomGenerator rnd) {
    return DictSampling.randomEntry(this, rnd);
  }

  /**
   * Samples up to {@code n} entries from a random region of the table: fast, but with no uniformity
   * promise, possibly fewer than {@code n} and possibly with duplicates. Performs up to {@code n}
   * rehash steps first. Redis: dictGetSomeKeys (7.0.15, reservoir sampling).
   *
   * @param n the number of entries wanted, at least 0
   * @param rnd the source of randomness
   * @return up to {@code n} live entries
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public List<Map.Entry<K, V>> sampleEntries(int n, RandomGenerator rnd) {
    return DictSampling.sampleEntries(this, n, rnd);
  }

  /**
   * Returns a random entry with a better distribution than {@link #randomEntry}: one of up to 15
   * entries sampled with {@link #sampleEntries}, chosen uniformly. Redis: dictGetFairRandomKey.
   *
   * @param rnd the source of randomness
   * @return a live entry, or null if the dict is empty
   */
  public Map.Entry<K, V> fairRandomEntry(RandomGenerator rnd) {
    List<Map.Entry<K, V>> sample = sampleEntries(FAIR_SAMPLE, rnd);
    if (sample.isEmpty()) {
      return randomEntry(rnd);
    }
    return sample.get(rnd.nextInt(sample.size()));
  }

  /** Checks I1..I8 in O(buckets + size); throws AssertionError on a violation. */
  void checkInvariants() {
    DictInvariants.check(this);
  }
}
