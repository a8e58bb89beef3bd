package dev.redstruct.dict;

import java.util.AbstractCollection;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/** The {@link Map} views of a {@link Dict} and their fail-fast iterator. */
/* Implementation notes
 *
 * Iterators never rehash, but get()/containsKey() called while an iterator is open do perform
 * rehash steps, which move chains from t0 to t1, and resizes can start while it is open (expand(),
 * the end of a rehash running a deferred shrink check, the iterator's own remove()). Walking t0
 * and then t1 linearly (as Redis's dictNext does, relying on a paused rehash or a fingerprint
 * assertion) would then repeat or miss entries. Instead the iterator fixes g = the smaller table
 * size at creation and walks "groups" 0..g-1, where group i is every entry whose hash has
 * (h & (g-1)) == i, wherever it lives. An entry always sits in bucket (h & mask) of its table, so
 * in a table of at least g buckets group i is exactly the buckets b == i (mod g), and in a smaller
 * table (a shrink started after the iterator opened) it is the part of bucket (i & mask) whose
 * hashes match. Collecting a group looks at both tables at one instant, so every entry is taken
 * exactly once, however rehash steps and resizes move it between groups' collections. Each group's
 * entries are copied into a small buffer before they are handed out, so a move that happens while
 * the caller holds the group is harmless. Without a rehash g is the table size and the walk is a
 * plain linear pass.
 *
 * Cost: a table of S >= g buckets costs S bucket reads in all; a table of s < g buckets costs g/s
 * walks of each of its chains. A shrink targets at least the entry count, and adding entries ends
 * the iteration (modCount), so that is O(g) more work at most per shrink.
 */
final class DictViews {
  private DictViews() {}

  static <K, V> Iterable<Node<K, V>> allNodes(Dict<K, V> d) {
    return () ->
        new NodeIterator<K, V, Node<K, V>>(d) {
          @Override
          Node<K, V> map(Node<K, V> e) {
            return e;
          }
        };
  }

  abstract static class NodeIterator<K, V, T> implements Iterator<T> {
    final Dict<K, V> d;
    private int expectedMod;
    private final int groups;
    private int group;

    @SuppressWarnings("unchecked")
    private Node<K, V>[] buf = (Node<K, V>[]) new Node<?, ?>[4];

    private int len;
    private int pos;
    private Node<K, V> last;

    NodeIterator(Dict<K, V> d) {
      this.d = d;
      this.expectedMod = d.modCount;
      if (d.t0 == null) {
        groups = 0;
      } else if (d.rehashIdx >= 0) {
        groups = Math.min(d.mask0, d.mask1) + 1;
      } else {
        groups = d.mask0 + 1;
      }
    }

    abstract T map(Node<K, V> e);

    @Override
    public boolean hasNext() {
      if (d.modCount != expectedMod) {
        return true; // let next() report the modification
      }
      fill();
      return pos < len;
    }

    @Override
    public T next() {
      if (d.modCount != expectedMod) {
        throw new ConcurrentModificationException();
      }
      fill();
      if (pos >= len) {
        throw new NoSuchElementException();
      }
      last = buf[pos];
      buf[pos++] = null;
      return map(last);
    }

    @Override
    public void remove() {
      if (last == null) {
        throw new IllegalStateException();
      }
      if (d.modCount != expectedMod) {
        throw new ConcurrentModificationException();
      }
      d.removeNode(last.key, false);
      d.shrinkIfNeeded(); // as Dict.remove; the walk below survives the shrink it may start
      last = null;
      expectedMod = d.modCount;
    }

    private void fill() {
      while (pos == len && group < groups) {
        pos = 0;
        len = 0;
        collect(d.t0, d.mask0);
        if (d.rehashIdx >= 0) {
          collect(d.t1, d.mask1);
        }
        group++;
      }
    }

    private void collect(Node<K, V>[][] dir, int mask) {
      if (mask >= groups - 1) { // every bucket b == group (mod groups) holds only this group
        for (long b = group; b <= mask; b += groups) {
          for (Node<K, V> e = Buckets.get(dir, (int) b); e != null; e = e.next) {
            add(e);
          }
        }
        return;
      }
      // A table smaller than the group count (a shrink started after this iterator opened): its
      // bucket (group & mask) merges several groups; take this group's entries only.
      for (Node<K, V> e = Buckets.get(dir, group & mask); e != null; e = e.next) {
        if (((int) e.hash & (groups - 1)) == group) {
          add(e);
        }
      }
    }

    private void add(Node<K, V> e) {
      if (len == buf.length) {
        buf = Arrays.copyOf(buf, len * 2);
      }
      buf[len++] = e;
    }
  }

  static final class KeySet<K, V> extends AbstractSet<K> {
    private final Dict<K, V> d;

    KeySet(Dict<K, V> d) {
      this.d = d;
    }

    @Override
    public Iterator<K> iterator() {
      return new NodeIterator<K, V, K>(d) {
        @Override
        K map(Node<K, V> e) {
          return e.key;
        }
      };
    }

    @Override
    public int size() {
      return d.size();
    }

    @Override
    public boolean contains(Object o) {
      return d.containsKey(o);
    }

    @Override
    public boolean remove(Object o) {
      return d.remove(o) != null;
    }

    @Override
    public void clear() {
      d.clear();
    }

    /** The sum of the keys' hashes, a byte array hashing as {@code Arrays.hashCode}. */
    @Override
    public int hashCode() {
      int h = 0;
      for (Node<K, V> e : allNodes(d)) {
        h += Node.contentHash(e.key);
      }
      return h;
    }

    @Override
    public String toString() {
      return Dict.bounded(d, true);
    }
  }

  static final class Values<K, V> extends AbstractCollection<V> {
    private final Dict<K, V> d;

    Values(Dict<K, V> d) {
      this.d = d;
    }

    @Override
    public Iterator<V> iterator() {
      return new NodeIterator<K, V, V>(d) {
        @Override
        V map(Node<K, V> e) {
          return e.value;
        }
      };
    }

    @Override
    public int size() {
      return d.size();
    }

    @Override
    public boolean contains(Object o) {
      return d.containsValue(o);
    }

    @Override
    public void clear() {
      d.clear();
    }
  }

  static final class EntrySet<K, V> extends AbstractSet<Map.Entry<K, V>> {
    private final Dict<K, V> d;

    EntrySet(Dict<K, V> d) {
      this.d = d;
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
      return new NodeIterator<K, V, Map.Entry<K, V>>(d) {
        @Override
        Map.Entry<K, V> map(Node<K, V> e) {
          return e;
        }
      };
    }

    @Override
    public int size() {
      return d.size();
    }

    @Override
    public boolean contains(Object o) {
      if (!(o instanceof Map.Entry<?, ?> e) || e.getKey() == null || e.getValue() == null) {
        return false;
      }
      Node<K, V> n = d.find(e.getKey());
      return n != null && Node.contentEquals(n.value, e.getValue());
    }

    @Override
    public boolean remove(Object o) {
      if (contains(o)) {
        d.remove(((Map.Entry<?, ?>) o).getKey());
        return true;
      }
      return false;
    }

    @Override
    public void clear() {
      d.clear();
    }
  }
}
