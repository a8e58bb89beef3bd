package dev.redstruct.dict;

import java.time.Duration;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * A {@link java.util.Set} on Redis's dict: a {@link Dict} whose values are absent, as Redis stores
 * the members of a hashtable-encoded set (src/t_set.c). All the contract of {@link Dict} applies:
 * progressive rehashing with no stalls, the {@link #scan} guarantee, fail-fast iterators with
 * {@code remove}, non-null elements ({@link NullPointerException}).
 *
 * <p><b>Thread safety.</b> Not thread-safe, as {@link Dict} (reads perform rehash steps); no state
 * is shared between instances.
 *
 * @param <E> the element type
 */
public final class DictSet<E> extends AbstractSet<E> {
  /* Implementation notes
   *
   * Delegates to a Dict<E, Boolean> holding Boolean.TRUE for every element (java.util.HashSet's
   * approach); the entry keeps a value slot that Redis's set dict leaves null.
   */
  final Dict<E, Boolean> dict;

  private DictSet(Dict<E, Boolean> dict) {
    this.dict = dict;
  }

  /**
   * Creates an empty set hashing elements with {@link Hasher#mixedHashCode()}.
   *
   * @param <E> the element type
   * @return a new empty set
   */
  public static <E> DictSet<E> create() {
    return new DictSet<>(Dict.create());
  }

  /**
   * Creates an empty set using the given hasher.
   *
   * @param hasher hash and equivalence of elements
   * @param <E> the element type
   * @return a new empty set
   */
  public static <E> DictSet<E> create(Hasher<E> hasher) {
    return new DictSet<>(Dict.create(hasher));
  }

  /**
   * Creates an empty set of Strings hashed with keyed SipHash-1-2 ({@link Dict#forStrings()}).
   *
   * @return a new empty set
   */
  public static DictSet<String> forStrings() {
    return new DictSet<>(Dict.forStrings());
  }

  /**
   * Creates an empty set of byte strings compared by content ({@link Dict#forBytes()}).
   *
   * @return a new empty set
   */
  public static DictSet<byte[]> forBytes() {
    return new DictSet<>(Dict.forBytes());
  }

  @Override
  public int size() {
    return dict.size();
  }

  @Override
  public boolean isEmpty() {
    return dict.isEmpty();
  }

  @Override
  public boolean contains(Object element) {
    return dict.containsKey(Objects.requireNonNull(element, "element"));
  }

  /** Redis: dictAdd. */
  @Override
  public boolean add(E element) {
    return dict.put(Objects.requireNonNull(element, "element"), Boolean.TRUE) == null;
  }

  /** Redis: dictDelete (then the shrink check, see {@link Dict#remove}). */
  @Override
  public boolean remove(Object element) {
    return dict.remove(Objects.requireNonNull(element, "element")) != null;
  }

  @Override
  public void clear() {
    dict.clear();
  }

  @Override
  public Iterator<E> iterator() {
    return dict.keySet().iterator();
  }

  /**
   * One SCAN call, as {@link Dict#scan(long, int, Consumer)} (Redis: {@code SSCAN key cursor COUNT
   * count} on a hashtable set): visits elements from {@code cursor} on until about {@code count}
   * are visited, and returns the next cursor, 0 when the scan is complete.
   *
   * @param cursor 0 to start, else the value returned by the previous call
   * @param count how many elements the call should try to visit, at least 1 (a hint)
   * @param visitor receives each visited element; must not modify the set
   * @return the next cursor, 0 when the scan is complete
   * @throws IllegalArgumentException if {@code count < 1}
   * @throws java.util.ConcurrentModificationException if the visitor adds or removes elements
   */
  public long scan(long cursor, int count, Consumer<? super E> visitor) {
    Objects.requireNonNull(visitor, "visitor");
    return dict.scan(cursor, count, e -> visitor.accept(e.getKey()));
  }

  /**
   * The sum of the elements' hashes, as {@link java.util.Set#hashCode}, with a byte array hashing
   * by content ({@link java.util.Arrays#hashCode(byte[])}): equal {@link #forBytes()} sets have
   * equal hash codes. ({@code equals} is {@code AbstractSet}'s, which asks this set whether it
   * contains the other's elements, so byte arrays already compare by content there.)
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    return dict.keySet().hashCode();
  }

  /**
   * Returns {@code [a, b]} as {@link java.util.AbstractCollection#toString} does, with byte arrays
   * shown as text when they are valid UTF-8, else as {@code 0x}-prefixed hex; beyond 10 elements
   * only the first ones and the size: {@code [a, b, … (1000000 entries)]}.
   *
   * @return the text
   */
  @Override
  public String toString() {
    return Dict.bounded(dict, true);
  }

  /**
   * Returns a random element, or null if empty. Redis: dictGetRandomKey.
   *
   * @param rnd the source of randomness
   * @return an element or null
   */
  public E randomElement(RandomGenerator rnd) {
    Map.Entry<E, Boolean> e = dict.randomEntry(rnd);
    return e == null ? null : e.getKey();
  }

  /**
   * Returns a random element with a fairer distribution. Redis: dictGetFairRandomKey.
   *
   * @param rnd the source of randomness
   * @return an element or null
   */
  public E fairRandomElement(RandomGenerator rnd) {
    Map.Entry<E, Boolean> e = dict.fairRandomEntry(rnd);
    return e == null ? null : e.getKey();
  }

  /**
   * Samples up to {@code n} elements, maybe fewer, maybe with duplicates. Redis: dictGetSomeKeys.
   *
   * @param n the number wanted, at least 0
   * @param rnd the source of randomness
   * @return the sample
   */
  public List<E> sampleElements(int n, RandomGenerator rnd) {
    return dict.sampleEntries(n, rnd).stream().map(Map.Entry::getKey).toList();
  }

  /**
   * Performs up to {@code n} rehash steps; see {@link Dict#rehashSteps}.
   *
   * @param n positive number of steps
   * @return whether entries remain to be moved
   */
  public boolean rehashSteps(int n) {
    return dict.rehashSteps(n);
  }

  /**
   * Rehashes for about {@code budget}; see {@link Dict#rehashFor}.
   *
   * @param budget the time to spend
   * @return the number of steps requested
   */
  public int rehashFor(Duration budget) {
    return dict.rehashFor(Objects.requireNonNull(budget, "budget"));
  }

  /**
   * Allows or disallows resizing; see {@link Dict#setResizeAllowed}.
   *
   * @param allowed whether resizing is allowed
   */
  public void setResizeAllowed(boolean allowed) {
    dict.setResizeAllowed(allowed);
  }

  /**
   * Tells whether a rehash is in progress.
   *
   * @return whether rehashing
   */
  public boolean isRehashing() {
    return dict.isRehashing();
  }

  void checkInvariants() {
    dict.checkInvariants();
  }
}
