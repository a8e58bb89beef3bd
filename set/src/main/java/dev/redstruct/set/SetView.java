package dev.redstruct.set;

import dev.redstruct.core.Codec;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Objects;

/**
 * A {@link RedisSet} seen as a set of {@code E}: each element is its codec's bytes. Writes go
 * through to the set; iteration decodes each member. Equality and hash code are {@code Set}'s over
 * the decoded elements.
 */
final class SetView<E> extends AbstractSet<E> {
  private final RedisSet set;
  private final Codec<E> codec;

  SetView(RedisSet set, Codec<E> codec) {
    this.set = set;
    this.codec = codec;
  }

  @Override
  public int size() {
    return set.size();
  }

  @Override
  public boolean contains(Object o) {
    byte[] m = encodeOrNull(o);
    return m != null && set.contains(m);
  }

  @Override
  public boolean add(E e) {
    return set.add(codec.encode(Objects.requireNonNull(e, "element")));
  }

  @Override
  public boolean remove(Object o) {
    byte[] m = encodeOrNull(o);
    return m != null && set.remove(m);
  }

  @Override
  public void clear() {
    set.clear();
  }

  @Override
  public Iterator<E> iterator() {
    Iterator<byte[]> it = set.iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public E next() {
        return codec.decode(it.next());
      }

      @Override
      public void remove() {
        it.remove();
      }
    };
  }

  @Override
  public String toString() {
    return RedisSet.bounded(this, String::valueOf);
  }

  /** The member bytes of {@code o}, or null when {@code o} is not an {@code E}. */
  @SuppressWarnings("unchecked")
  private byte[] encodeOrNull(Object o) {
    Objects.requireNonNull(o, "element");
    try {
      return codec.encode((E) o);
    } catch (ClassCastException e) {
      return null;
    }
  }
}
