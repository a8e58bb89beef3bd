package dev.redstruct.quicklist;

import dev.redstruct.core.Codec;
import java.util.AbstractList;
import java.util.Deque;
import java.util.Iterator;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A {@link QuickList} seen as a {@code java.util.List} and {@code Deque} of {@code E}, as {@code
 * LinkedList} is both: elements are encoded with a {@link dev.redstruct.core.Codec} and stored in
 * the quicklist, so the nodes, fill and compression are Redis's. Pushes and pops at the ends are
 * the list commands' own paths ({@code LPUSH}, {@code RPOP}...); {@code get(i)} is {@code LINDEX}
 * (O(nodes), then within one node); {@code add(i, e)} is {@code LINSERT}'s insert at a position;
 * {@code remove(i)} a one-element {@code quicklistDelRange}. Nulls are rejected by the codec; null
 * queries answer {@code false}/-1. Iterators walk by index (each step is a {@code get}) and fail
 * fast on structural changes made through this view. Not thread-safe.
 *
 * @param <E> the element type
 */
public final class QuickListView<E> extends AbstractList<E> implements Deque<E> {
  private final QuickList ql;
  private final Codec<E> codec;

  QuickListView(QuickList ql, Codec<E> codec) {
    this.ql = ql;
    this.codec = Objects.requireNonNull(codec, "codec");
  }

  private byte[] encode(E e) {
    return codec.encode(Objects.requireNonNull(e, "element"));
  }

  private E decode(byte[] b) {
    return codec.decode(b, 0, b.length);
  }

  @Override
  public int size() {
    return (int) Math.min(Integer.MAX_VALUE, ql.size());
  }

  @Override
  public E get(int index) {
    Objects.checkIndex(index, size());
    return decode(ql.get(index));
  }

  @Override
  public E set(int index, E element) {
    Objects.checkIndex(index, size());
    byte[] v = encode(element);
    E old = decode(ql.get(index));
    ql.set(index, v);
    return old;
  }

  @Override
  public void add(int index, E element) {
    Objects.checkIndex(index, size() + 1);
    byte[] v = encode(element);
    if (index == size()) {
      ql.pushTail(v);
    } else if (index == 0) {
      ql.pushHead(v);
    } else {
      ql.insertBefore(index, v);
    }
    modCount++;
  }

  @Override
  public E remove(int index) {
    Objects.checkIndex(index, size());
    E old = decode(ql.get(index));
    ql.deleteRange(index, 1);
    modCount++;
    return old;
  }

  @Override
  protected void removeRange(int fromIndex, int toIndex) {
    if (toIndex > fromIndex) {
      ql.deleteRange(fromIndex, toIndex - fromIndex);
      modCount++;
    }
  }

  @Override
  public void clear() {
    ql.deleteRange(0, ql.size());
    modCount++;
  }

  // ---------------------------------------------------------------- Deque

  @Override
  public void addFirst(E e) {
    byte[] v = encode(e);
    ql.pushHead(v);
    modCount++;
  }

  @Override
  public void addLast(E e) {
    byte[] v = encode(e);
    ql.pushTail(v);
    modCount++;
  }

  @Override
  public boolean offerFirst(E e) {
    addFirst(e);
    return true;
  }

  @Override
  public boolean offerLast(E e) {
    addLast(e);
    return true;
  }

  @Override
  public E removeFirst() {
    E e = pollFirst();
    if (e == null) {
      throw new NoSuchElementException();
    }
    return e;
  }

  @Override
  public E removeLast() {
    E e = pollLast();
    if (e == null) {
      throw new NoSuchElementException();
    }
    return e;
  }

  @Override
  public E pollFirst() {
    byte[] v = ql.popHead();
    if (v == null) {
      return null;
    }
    modCount++;
    return decode(v);
  }

  @Override
  public E pollLast() {
    byte[] v = ql.popTail();
    if (v == null) {
      return null;
    }
    modCount++;
    return decode(v);
  }

  @Override
  public E getFirst() {
    if (ql.size() == 0) {
      throw new NoSuchElementException();
    }
    return get(0);
  }

  @Override
  public E getLast() {
    if (ql.size() == 0) {
      throw new NoSuchElementException();
    }
    return decode(ql.get(-1));
  }

  @Override
  public E peekFirst() {
    return ql.size() == 0 ? null : get(0);
  }

  @Override
  public E peekLast() {
    return ql.size() == 0 ? null : decode(ql.get(-1));
  }

  @Override
  public boolean removeFirstOccurrence(Object o) {
    return removeOccurrence(o, 1);
  }

  @Override
  public boolean removeLastOccurrence(Object o) {
    return removeOccurrence(o, -1);
  }

  @SuppressWarnings("unchecked")
  private boolean removeOccurrence(Object o, long count) {
    if (o == null) {
      return false;
    }
    byte[] v;
    try {
      v = codec.encode((E) o);
    } catch (ClassCastException e) {
      return false;
    }
    if (ql.remove(count, v) == 0) {
      return false;
    }
    modCount++;
    return true;
  }

  @Override
  public boolean remove(Object o) {
    return removeFirstOccurrence(o);
  }

  @Override
  public boolean offer(E e) {
    return offerLast(e);
  }

  @Override
  public E remove() {
    return removeFirst();
  }

  @Override
  public E poll() {
    return pollFirst();
  }

  @Override
  public E element() {
    return getFirst();
  }

  @Override
  public E peek() {
    return peekFirst();
  }

  @Override
  public void push(E e) {
    addFirst(e);
  }

  @Override
  public E pop() {
    return removeFirst();
  }

  @Override
  public Iterator<E> descendingIterator() {
    ListIterator<E> it = listIterator(size());
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasPrevious();
      }

      @Override
      public E next() {
        return it.previous();
      }

      @Override
      public void remove() {
        it.remove();
      }
    };
  }
}
