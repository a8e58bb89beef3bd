package dev.redstruct.dict;

import java.util.Map;

/**
 * A dict entry that the caller's own object extends, so that one object is both the link in a
 * {@link Dict}'s bucket chain and the value its key maps to (an <em>intrusive</em> entry): a lookup
 * returns the caller's object without a second load, and adding a key allocates nothing besides
 * that object. Redis's sorted set uses its dict the same way in spirit: the value of a member is a
 * pointer into the skiplist node that holds it.
 *
 * <p>An entry maps its key to itself ({@code getValue() == this}). It is linked with {@link
 * Dict#addAbsentEntry} or {@link Dict#putEntry} and unlinked by any removal of its key; an entry
 * belongs to at most one dict at a time, and its key must not change while it is linked. Equality
 * is identity (an entry is its own value, so the {@link Map.Entry} rule would recurse).
 *
 * <p>The ordinary {@link Map} operations stay correct on a dict holding such entries: {@code
 * put(key, v)} on a linked key stores {@code v} in the entry (which then no longer maps to itself),
 * so callers that want the intrusive guarantee use {@link Dict#putEntry} instead.
 *
 * @param <K> the key type
 * @param <E> the concrete entry type, a subclass of this class (the value type of its dict)
 */
public abstract class DictEntry<K, E extends DictEntry<K, E>> extends Node<K, E> {
  /**
   * An unlinked entry for {@code key}.
   *
   * @param key the key; may be null only for an entry that is never linked (a sentinel)
   */
  @SuppressWarnings("unchecked")
  protected DictEntry(K key) {
    super(0, key, null, null);
    value = (E) this;
  }

  /**
   * The key this entry holds.
   *
   * @return the key
   */
  public final K key() {
    return key;
  }

  /** Identity: an entry is its own value, so comparing values would recurse. */
  @Override
  public final boolean equals(Object o) {
    return this == o;
  }

  @Override
  public final int hashCode() {
    return System.identityHashCode(this);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + key + "]";
  }
}
