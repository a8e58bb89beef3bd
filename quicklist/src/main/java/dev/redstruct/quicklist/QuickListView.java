package dev.redstruct.quicklist;

import dev.redstruct.core.Codec;
import java.util.AbstractList;
import java.util.ConcurrentModificationException;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A {@link QuickList} seen as a {@code java.util.List} and {@code Deque} of {@code E}, as {@code
 * LinkedList} is both: elements are encoded with a {@link dev.redstruct.core.Codec} and stored in
 * the quicklist, so the nodes, fill and compression are Redis's. Pushes and pops at the ends are
 * the list commands' own paths ({@code LPUSH}, {@code RPOP}...); {@code get(i)} is {@code LINDEX}
 * (O(nodes), then within one node); {@code add(i, e)} is {@code LINSERT}'s insert at a position;
 * {@code remove(i)} a one-element {@code quicklistDelRange}. Nulls are rejected by the codec; null
 * queries answer {@code false}/-1. {@code iterator()} and {@code descendingIterator()} walk a
 * {@link QuickListCursor} (no node changes, only the decoded element allocated per step) and fail
 * fast on any change to the list's elements; {@code listIterator()} walks by index (each step a
 * {@code get}) and fails fast on structural changes made through this view. Not thread-safe.
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
  public Iterator<E> iterator() {
    return new CursorIterator(true);
  }

  @Override
  public Iterator<E> descendingIterator() {
    return new CursorIterator(false);
  }

  /**
   * An iterator over a {@link QuickListCursor}: each step allocates only the decoded element. A
   * removal deletes one element ({@code quicklistDelRange}) and seeks a new cursor to the element
   * that comes next, in O(nodes).
   */
  private final class CursorIterator implements Iterator<E> {
    private final boolean forward;
    private QuickListCursor cursor = ql.cursor();
    private boolean onNext; // the cursor already stands on the element next() returns
    private long remaining = ql.size();
    private long lastReturned = -1;
    private int expectedModCount = modCount;

    CursorIterator(boolean forward) {
      this.forward = forward;
      if (!forward) {
        cursor.toEnd();
      }
    }

    @Override
    public boolean hasNext() {
      return remaining > 0;
    }

    @Override
    public E next() {
      checkForComodification();
      if (remaining == 0) {
        throw new NoSuchElementException();
      }
      if (!onNext && !(forward ? cursor.next() : cursor.previous())) {
        throw new ConcurrentModificationException();
      }
      onNext = false;
      remaining--;
      lastReturned = forward ? ql.size() - remaining - 1 : remaining;
      return cursor.decode(codec);
    }

    @Override
    public void remove() {
      if (lastReturned < 0) {
        throw new IllegalStateException();
      }
      checkForComodification();
      ql.deleteRange(lastReturned, 1);
      modCount++;
      expectedModCount = modCount;
      cursor = ql.cursor();
      long nextIndex = forward ? lastReturned : lastReturned - 1;
      onNext = remaining > 0 && cursor.seek(nextIndex);
      lastReturned = -1;
    }

    private void checkForComodification() {
      if (modCount != expectedModCount) {
        throw new ConcurrentModificationException();
      }
    }
  }
}
