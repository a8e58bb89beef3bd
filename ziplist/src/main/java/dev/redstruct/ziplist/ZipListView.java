package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListFormat.END;

import dev.redstruct.core.Codec;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipListFormat.Entry;
import java.util.AbstractList;
import java.util.ConcurrentModificationException;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The {@link java.util.List} face of a {@link ZipList} ({@link ZipList#asList}). Index access walks
 * the list (O(n)); the iterator keeps a byte offset and steps in O(1), and its {@code remove},
 * {@code set} and {@code add} work at that offset as Redis's iterator-based commands do.
 */
final class ZipListView<E> extends AbstractList<E> {
  private final ZipList zl;
  private final Codec<E> codec;
  private final byte[] digits = new byte[RedisNumbers.MAX_LONG_CHARS];

  ZipListView(ZipList zl, Codec<E> codec) {
    this.zl = zl;
    this.codec = codec;
    zl.countStructuralChanges();
  }

  @Override
  public int size() {
    return zl.size();
  }

  @Override
  public E get(int index) {
    Objects.checkIndex(index, size());
    Entry e = new Entry();
    int p = zl.offsetOf(index);
    if (p < 0) {
      throw zl.noEntry(index);
    }
    return decode(decodeAt(e, p));
  }

  @Override
  public E set(int index, E element) {
    Objects.checkIndex(index, size());
    byte[] bytes = codec.encode(element);
    E old = get(index);
    zl.replace(index, bytes);
    return old;
  }

  @Override
  public void add(int index, E element) {
    Objects.checkIndex(index, size() + 1);
    zl.insert(index, codec.encode(element));
    modCount++;
  }

  @Override
  public boolean add(E element) {
    zl.pushTail(codec.encode(element));
    modCount++;
    return true;
  }

  @Override
  public E remove(int index) {
    E old = get(index);
    zl.delete(index);
    modCount++;
    return old;
  }

  @Override
  protected void removeRange(int fromIndex, int toIndex) {
    if (toIndex > fromIndex) {
      zl.deleteRange(fromIndex, toIndex - fromIndex);
      modCount++;
    }
  }

  @Override
  public void clear() {
    removeRange(0, size());
  }

  @Override
  public ListIterator<E> listIterator(int index) {
    Objects.checkIndex(index, size() + 1);
    return new Itr(index);
  }

  @Override
  public java.util.Iterator<E> iterator() {
    return new Itr(0);
  }

  /** Decodes the entry at {@code p}, bounds-checked (the view is not a hot path). */
  private Entry decodeAt(Entry e, int p) {
    byte[] arr = zl.array();
    return ZipListFormat.decodeChecked(e, arr, ZipListFormat.zlbytesInt(arr), p, true);
  }

  E decode(Entry e) {
    byte[] arr = zl.array();
    if (e.isString()) {
      return codec.decode(arr, e.contentOffset(), (int) e.len);
    }
    int n = RedisNumbers.ll2string(e.intValue(arr), digits, 0);
    return codec.decode(digits, 0, n);
  }

  /**
   * A list iterator over byte offsets; -1 stands for the 0xFF position, which moves. The entry
   * count is read once and then kept in step with the iterator's own changes: {@link
   * ZipList#size()} costs a walk while zllen is saturated (65535 or more entries), which made a
   * full pass quadratic when every {@code hasNext} asked it.
   */
  private final class Itr implements ListIterator<E> {
    private final Entry e = new Entry();
    private int size;
    private int cursor;
    private int nextOffset;
    private int lastRet = -1;
    private int lastOffset;
    private int expectedMod;
    private int expectedLayout;

    Itr(int index) {
      cursor = index;
      size = zl.size();
      sync();
    }

    private void sync() {
      expectedMod = zl.modCount();
      expectedLayout = zl.version();
      nextOffset = zl.offsetOf(cursor);
      if (lastRet >= 0) {
        lastOffset = zl.offsetOf(lastRet);
      }
    }

    private void check() {
      if (zl.modCount() != expectedMod) {
        throw new ConcurrentModificationException();
      }
      if (zl.version() != expectedLayout) {
        sync(); // a replacement elsewhere moved bytes but not elements
      }
    }

    @Override
    public boolean hasNext() {
      return cursor < size;
    }

    @Override
    public E next() {
      check();
      if (cursor >= size) {
        throw new NoSuchElementException();
      }
      if (nextOffset < 0) {
        throw zl.noEntry(cursor); // zllen of a wrapped list counted entries that are not there
      }
      byte[] arr = zl.array();
      ZipListFormat.decode(e, arr, ZipListFormat.zlbytesInt(arr), nextOffset, zl.trusted());
      lastRet = cursor++;
      lastOffset = nextOffset;
      nextOffset = orEnd(nextOffset + e.rawLength());
      return decode(e);
    }

    @Override
    public boolean hasPrevious() {
      return cursor > 0;
    }

    @Override
    public E previous() {
      check();
      if (cursor == 0) {
        throw new NoSuchElementException();
      }
      int p;
      if (nextOffset < 0) {
        p = ZipListFormat.tailEntryOffset(zl.array());
        if (p < 0) {
          throw zl.noEntry(cursor - 1); // zllen of a wrapped list counted entries
        }
      } else {
        p = nextOffset - (int) decodeAt(e, nextOffset).prevRawLen;
      }
      decodeAt(e, p);
      lastRet = --cursor;
      lastOffset = p;
      nextOffset = p;
      return decode(e);
    }

    @Override
    public int nextIndex() {
      return cursor;
    }

    @Override
    public int previousIndex() {
      return cursor - 1;
    }

    @Override
    public void remove() {
      if (lastRet < 0) {
        throw new IllegalStateException();
      }
      check();
      zl.deleteAt(lastOffset, 1); // the next entry now starts at lastOffset
      ZipListView.this.modCount++;
      size--;
      cursor = lastRet;
      nextOffset = orEnd(lastOffset);
      lastRet = -1;
      expectedMod = zl.modCount();
      expectedLayout = zl.version();
    }

    @Override
    public void set(E element) {
      if (lastRet < 0) {
        throw new IllegalStateException();
      }
      check();
      zl.put(
          ZipListWriter.REPLACE,
          lastOffset,
          codec.encode(element)); // the new entry starts where the old did
      if (lastRet < cursor) {
        nextOffset = orEnd(decodeAt(e, lastOffset).next());
      } else {
        nextOffset = lastOffset;
      }
      expectedMod = zl.modCount();
      expectedLayout = zl.version();
    }

    @Override
    public void add(E element) {
      check();
      byte[] bytes = codec.encode(element);
      int at = nextOffset < 0 ? zl.blobLength() - 1 : nextOffset;
      zl.put(ZipListWriter.INSERT, at, bytes);
      ZipListView.this.modCount++;
      size++;
      nextOffset = orEnd(decodeAt(e, at).next());
      cursor++;
      lastRet = -1;
      expectedMod = zl.modCount();
      expectedLayout = zl.version();
    }

    private int orEnd(int p) {
      return (zl.array()[p] & 0xFF) == END ? -1 : p;
    }
  }
}
