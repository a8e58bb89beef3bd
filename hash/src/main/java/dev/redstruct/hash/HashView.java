package dev.redstruct.hash;

import dev.redstruct.core.Codec;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link RedisHash} seen as a map of {@code K} to {@code V}: each field and value is its codec's
 * bytes. Writes go through to the hash; iteration decodes each pair. Equality and hash code are
 * {@code Map}'s over the decoded pairs.
 */
final class HashView<K, V> extends AbstractMap<K, V> {
  private static final int TO_STRING_PAIRS = 10;

  private final RedisHash hash;
  private final Codec<K> fields;
  private final Codec<V> values;

  HashView(RedisHash hash, Codec<K> fields, Codec<V> values) {
    this.hash = hash;
    this.fields = fields;
    this.values = values;
  }

  @Override
  public int size() {
    return hash.size();
  }

  @Override
  public boolean containsKey(Object key) {
    byte[] f = encodeOrNull(key);
    return f != null && hash.containsKey(f);
  }

  @Override
  public V get(Object key) {
    byte[] f = encodeOrNull(key);
    byte[] v = f == null ? null : hash.get(f);
    return v == null ? null : values.decode(v);
  }

  @Override
  public V put(K key, V value) {
    byte[] old =
        hash.put(
            fields.encode(Objects.requireNonNull(key, "key")),
            values.encode(Objects.requireNonNull(value, "value")));
    return old == null ? null : values.decode(old);
  }

  @Override
  public V remove(Object key) {
    byte[] f = encodeOrNull(key);
    byte[] old = f == null ? null : hash.remove(f);
    return old == null ? null : values.decode(old);
  }

  @Override
  public void clear() {
    hash.clear();
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<K, V>> iterator() {
        Iterator<Map.Entry<byte[], byte[]>> it = hash.entrySet().iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public Map.Entry<K, V> next() {
            Map.Entry<byte[], byte[]> e = it.next();
            return new ViewEntry(e);
          }

          @Override
          public void remove() {
            it.remove();
          }
        };
      }

      @Override
      public int size() {
        return hash.size();
      }

      @Override
      public void clear() {
        hash.clear();
      }
    };
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    int shown = 0;
    for (Map.Entry<K, V> e : entrySet()) {
      if (shown == TO_STRING_PAIRS) {
        sb.append(", ... (").append(size() - shown).append(" more)");
        break;
      }
      sb.append(shown++ == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
    }
    return sb.append('}').toString();
  }

  /** The field bytes of {@code o}, or null when {@code o} is not a {@code K}. */
  @SuppressWarnings("unchecked")
  private byte[] encodeOrNull(Object o) {
    Objects.requireNonNull(o, "key");
    try {
      return fields.encode((K) o);
    } catch (ClassCastException e) {
      return null;
    }
  }

  /** A decoded pair whose setValue writes through. */
  private final class ViewEntry extends AbstractMap.SimpleEntry<K, V> {
    private static final long serialVersionUID = 1L;
    private final transient Map.Entry<byte[], byte[]> raw;

    ViewEntry(Map.Entry<byte[], byte[]> raw) {
      super(fields.decode(raw.getKey()), values.decode(raw.getValue()));
      this.raw = raw;
    }

    @Override
    public V setValue(V value) {
      raw.setValue(values.encode(Objects.requireNonNull(value, "value")));
      return super.setValue(value);
    }
  }
}
