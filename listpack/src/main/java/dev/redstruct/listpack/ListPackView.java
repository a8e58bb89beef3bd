package dev.redstruct.listpack;

import dev.redstruct.core.Codec;
import dev.redstruct.core.RedisNumbers;
import java.util.AbstractList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The {@link java.util.List} face of a {@link ListPack} ({@link ListPack#asList}). Index access
 * walks from the nearer end (O(n)); {@link #iterator()} keeps a byte offset and steps in O(1).
 * Writes go to the listpack as {@code lpInsert}, {@code lpReplace} and {@code lpDelete} would.
 */
final class ListPackView<E> extends AbstractList<E> {
  private final ListPack lp;
  private final Codec<E> codec;
  private final ListPackFormat.Element scratch = new ListPackFormat.Element();

  ListPackView(ListPack lp, Codec<E> codec) {
    this.lp = lp;
    this.codec = codec;
  }

  @Override
  public int size() {
    return lp.size();
  }

  @Override
  public E get(int index) {
    Objects.checkIndex(index, lp.count());
    return decode(lp.at(index));
  }

  private E decode(ListPackFormat.Element e) {
    if (e.isInteger) {
      byte[] digits = RedisNumbers.ll2string(e.value);
      return codec.decode(digits, 0, digits.length);
    }
    return codec.decode(lp.buf, e.dataOffset, e.dataLength);
  }

  @Override
  public E set(int index, E element) {
    Objects.checkIndex(index, lp.count());
    byte[] bytes = codec.encode(element);
    E old = get(index);
    lp.replace(index, bytes);
    return old;
  }

  @Override
  public void add(int index, E element) {
    Objects.checkIndex(index, lp.count() + 1);
    lp.insert(index, codec.encode(element));
    modCount++;
  }

  @Override
  public boolean add(E element) {
    lp.append(codec.encode(element));
    modCount++;
    return true;
  }

  @Override
  public E remove(int index) {
    Objects.checkIndex(index, lp.count());
    E old = get(index);
    lp.delete(index);
    modCount++;
    return old;
  }

  @Override
  protected void removeRange(int fromIndex, int toIndex) {
    if (toIndex > fromIndex) {
      lp.deleteRange(fromIndex, toIndex - fromIndex);
      modCount++;
    }
  }

  @Override
  public void clear() {
    removeRange(0, lp.count());
  }

  @Override
  public Iterator<E> iterator() {
    return new Itr();
  }

  /** A forward iterator over byte offsets: O(1) per step; remove() is lpDelete at the offset. */
  private final class Itr implements Iterator<E> {
    private int next = ListPackReader.first(lp.buf, lp.base);
    private int lastReturned = ListPackReader.NONE;
    private int expectedModCount = modCount;
    private int expectedListPackMod = lp.modCount;

    @Override
    public boolean hasNext() {
      return next != ListPackReader.NONE;
    }

    @Override
    public E next() {
      checkForComodification();
      if (next == ListPackReader.NONE) {
        throw new NoSuchElementException();
      }
      ListPackFormat.Element e = ListPackFormat.decode(lp.buf, next, scratch);
      lastReturned = next;
      int q = e.end();
      next = (lp.buf[q] & 0xFF) == ListPackFormat.EOF ? ListPackReader.NONE : q;
      return decode(e);
    }

    @Override
    public void remove() {
      if (lastReturned == ListPackReader.NONE) {
        throw new IllegalStateException();
      }
      checkForComodification();
      next = ListPackWriter.deleteFrom(lp, lastReturned, 1, ListPackWriter.HEAD_OR_TAIL);
      lastReturned = ListPackReader.NONE;
      modCount++;
      expectedModCount = modCount;
      expectedListPackMod = lp.modCount;
    }

    private void checkForComodification() {
      if (modCount != expectedModCount || lp.modCount != expectedListPackMod) {
        throw new ConcurrentModificationException();
      }
    }
  }
}
