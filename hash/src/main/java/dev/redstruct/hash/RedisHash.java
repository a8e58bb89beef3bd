package dev.redstruct.hash;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.dict.Dict;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.ListPackCursor;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Redis 7.0.15's hash type ({@code src/t_hash.c}) as a {@link Map} of byte strings compared by
 * content: a {@link ListPack} of field, value, field, value ... in insertion order while there are
 * at most {@code maxListpackEntries} fields (Redis's {@code hash-max-listpack-entries}, default
 * 512) and every field and value written is at most {@code maxListpackValue} bytes ({@code
 * hash-max-listpack-value}, default 64); a progressive-rehash hashtable ({@link Dict}) otherwise.
 * It converts exactly when Redis converts and never back: {@link #put} checks the pair's lengths
 * before the write ({@code hashTypeTryConversion}), then the count after it ({@code hashTypeSet});
 * removing never converts. A changed value replaces its listpack entry in place, so the order is
 * kept. Loading re-decides the encoding as Redis's {@code rdbLoadObject} does ({@link
 * #fromRdbPayload(byte[], long, long)}).
 *
 * <p><b>Java face.</b> Fields and values are {@code byte[]}, compared by content: {@code get(new
 * byte[] {'a'})} finds field {@code "a"}; {@link #equals} and {@link #hashCode} follow {@link
 * Map}'s contract with {@link Arrays#equals(byte[], byte[])} and {@link Arrays#hashCode(byte[])}.
 * {@link #asStrings()} and {@link #view(Codec, Codec)} give a {@code Map<String, String>} (UTF-8)
 * or any other types over the same hash. Iteration: insertion order for a listpack, the table's
 * order for a hashtable; iterators are fail-fast and support {@code remove}; an entry's {@code
 * setValue} writes through. Values returned are fresh arrays for a listpack and the stored arrays
 * for a hashtable (do not modify). Nulls are refused ({@link NullPointerException}). {@code
 * toString} shows ten pairs at most.
 *
 * <p><b>Cost.</b> Listpack: lookups and updates walk the fields, O(n) for n ≤ 512 by default.
 * Hashtable: O(1) expected. Not thread-safe; nothing is shared between instances.
 */
public final class RedisHash extends AbstractMap<byte[], byte[]> {
  /* Implementation notes (Redis 7.0.15, src/t_hash.c).
   * I1: exactly one of lp and dict is non-null. I2: an empty hash is an empty listpack (Redis has
   * no empty hashes: the key is deleted and createHashObject starts a new one as a listpack).
   * I3: lp holds an even number of elements and no field twice. Checked by checkInvariants(). A
   * loaded listpack may hold more than maxListpackValue bytes in an entry (type 16 keeps them, as
   * Redis does); only the count is an invariant of the encoding, and only after each write. */

  /** Redis's default {@code hash-max-listpack-entries}. */
  public static final long DEFAULT_MAX_LISTPACK_ENTRIES = 512;

  /** Redis's default {@code hash-max-listpack-value}. */
  public static final long DEFAULT_MAX_LISTPACK_VALUE = 64;

  /** listpack.c: LISTPACK_MAX_SAFETY_SIZE, the size lpSafeToAdd keeps a listpack under. */
  static final long LISTPACK_MAX_SAFETY_SIZE = 1L << 30;

  private static final int TO_STRING_PAIRS = 10;

  /** The two encodings, as {@code OBJECT ENCODING} names them. */
  public enum Encoding {
    /** Field, value pairs in one listpack ({@code OBJ_ENCODING_LISTPACK}). */
    LISTPACK("listpack"),
    /** The hash table ({@code OBJ_ENCODING_HT}). */
    HASHTABLE("hashtable");

    private final String redisName;

    Encoding(String redisName) {
      this.redisName = redisName;
    }

    /**
     * The name {@code OBJECT ENCODING} replies.
     *
     * @return {@code "listpack"} or {@code "hashtable"}
     */
    public String redisName() {
      return redisName;
    }
  }

  private final long maxEntries;
  private final long maxValue;
  private ListPack lp;
  private Dict<byte[], byte[]> dict;
  private int modCount;
  private int valueWrites; // in-place listpack updates, which move no pair but void cursors

  private RedisHash(long maxEntries, long maxValue) {
    if (maxEntries < 0 || maxValue < 0) {
      throw new IllegalArgumentException("negative limit: " + maxEntries + ", " + maxValue);
    }
    this.maxEntries = maxEntries;
    this.maxValue = maxValue;
    this.lp = ListPack.create();
  }

  /**
   * An empty hash with Redis's default limits (512 entries, 64 bytes).
   *
   * @return a new hash
   */
  public static RedisHash create() {
    return new RedisHash(DEFAULT_MAX_LISTPACK_ENTRIES, DEFAULT_MAX_LISTPACK_VALUE);
  }

  /**
   * An empty hash with the given {@code hash-max-listpack-entries} and {@code
   * hash-max-listpack-value}.
   *
   * @param maxListpackEntries the most fields a listpack holds, 0 or more
   * @param maxListpackValue the longest field or value a write keeps in a listpack, 0 or more
   * @return a new hash
   * @throws IllegalArgumentException if a limit is negative
   */
  public static RedisHash create(long maxListpackEntries, long maxListpackValue) {
    return new RedisHash(maxListpackEntries, maxListpackValue);
  }

  /**
   * A hash of the given UTF-8 field, value pairs, put in order as {@code HSET key f1 v1 f2 v2 ...}
   * builds it.
   *
   * @param fieldsAndValues field, value, field, value ...
   * @return a new hash with the default limits
   * @throws IllegalArgumentException if the count is odd
   */
  public static RedisHash ofStrings(String... fieldsAndValues) {
    Objects.requireNonNull(fieldsAndValues, "fieldsAndValues");
    if (fieldsAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("odd number of fields and values");
    }
    RedisHash h = create();
    for (int i = 0; i < fieldsAndValues.length; i += 2) {
      h.put(
          Bytes.utf8(Objects.requireNonNull(fieldsAndValues[i], "field")),
          Bytes.utf8(Objects.requireNonNull(fieldsAndValues[i + 1], "value")));
    }
    return h;
  }

  /**
   * A hash of the given map's pairs (copied), put in the map's iteration order.
   *
   * @param pairs the pairs
   * @return a new hash with the default limits
   */
  public static RedisHash copyOf(Map<byte[], byte[]> pairs) {
    Objects.requireNonNull(pairs, "pairs");
    RedisHash h = create();
    pairs.forEach((f, v) -> h.put(f.clone(), v.clone()));
    return h;
  }

  /**
   * A copy with the same pairs, encoding and limits (a hashtable copy has its own table, so its
   * iteration order may differ).
   *
   * @return the copy
   */
  public RedisHash copy() {
    RedisHash c = new RedisHash(maxEntries, maxValue);
    if (lp != null) {
      c.lp = ListPack.wrap(lp.toByteArray());
    } else {
      c.lp = null;
      c.dict = Dict.forBytes();
      dict.forEach((f, v) -> c.dict.put(f.clone(), v.clone()));
    }
    return c;
  }

  /**
   * The configured {@code hash-max-listpack-entries}.
   *
   * @return the limit
   */
  public long maxListpackEntries() {
    return maxEntries;
  }

  /**
   * The configured {@code hash-max-listpack-value}.
   *
   * @return the limit
   */
  public long maxListpackValue() {
    return maxValue;
  }

  /**
   * The live encoding, as {@code OBJECT ENCODING} reports it.
   *
   * @return the encoding
   */
  public Encoding encoding() {
    return lp != null ? Encoding.LISTPACK : Encoding.HASHTABLE;
  }

  @Override
  public int size() {
    return lp != null ? lp.size() >> 1 : dict.size();
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  /**
   * The value of a field, compared by content. Redis: hashTypeGetValue.
   *
   * @param field a {@code byte[]}; anything else is absent
   * @return the value, or null
   */
  @Override
  public byte[] get(Object field) {
    Objects.requireNonNull(field, "field");
    if (!(field instanceof byte[] f)) {
      return null;
    }
    if (dict != null) {
      return dict.get(f);
    }
    ListPackCursor c = lp.cursor();
    return c.find(f, 1) && c.next() ? c.toByteArray() : null;
  }

  @Override
  public boolean containsKey(Object field) {
    return get(field) != null;
  }

  /**
   * Sets a field, converting to a hashtable first when the field or value is longer than {@code
   * maxListpackValue} (or the listpack would pass 1 GiB), and after the write when there are more
   * than {@code maxListpackEntries} fields. Redis: hashTypeTryConversion, then hashTypeSet. A
   * hashtable keeps both arrays: do not modify them afterwards.
   *
   * @param field the field
   * @param value the value
   * @return the previous value, or null
   */
  @Override
  public byte[] put(byte[] field, byte[] value) {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, "value");
    tryConversion(field.length, value.length, (long) field.length + value.length);
    if (dict != null) {
      byte[] old = dict.put(field, value); // one lookup (hashTypeSet on a hashtable)
      if (old == null) {
        modCount++;
      }
      return old;
    }
    byte[] old = get(field);
    set(field, value);
    return old;
  }

  /**
   * Redis: hashTypeTryConversion over the lengths of the arguments a command writes: any longer
   * than the value limit, or a sum the listpack cannot take (lpSafeToAdd), converts.
   */
  void tryConversion(long longest, long secondLongest, long sum) {
    if (lp == null) {
      return;
    }
    if (longest > maxValue || secondLongest > maxValue || !safeToAdd(sum)) {
      convertToHashtable();
    }
  }

  /** Redis: lpSafeToAdd. */
  boolean safeToAdd(long add) {
    return lp.sizeInBytes() + add <= LISTPACK_MAX_SAFETY_SIZE;
  }

  /**
   * Redis: hashTypeSet: a field or value past the value limit converts first; a listpack replaces
   * the value in place or appends the pair, then converts past the entry limit.
   *
   * @return whether the field existed (an update)
   */
  boolean set(byte[] field, byte[] value) {
    if (lp != null && (field.length > maxValue || value.length > maxValue)) {
      convertToHashtable();
    }
    if (dict != null) {
      boolean update = dict.put(field, value) != null;
      if (!update) {
        modCount++;
      }
      return update;
    }
    ListPackCursor c = lp.cursor();
    if (c.find(field, 1)) {
      c.next();
      c.replace(value);
      valueWrites++;
      return true;
    }
    lp.append(field);
    lp.append(value);
    modCount++;
    if (size() > maxEntries) {
      convertToHashtable();
    }
    return false;
  }

  /**
   * Removes a field; the encoding stays. Redis: hashTypeDelete (a hashtable shrinks as dictResize
   * would).
   *
   * @param field a {@code byte[]}; anything else is absent
   * @return the removed value, or null
   */
  @Override
  public byte[] remove(Object field) {
    Objects.requireNonNull(field, "field");
    if (!(field instanceof byte[] f)) {
      return null;
    }
    byte[] old;
    if (dict != null) {
      old = dict.remove(f);
    } else {
      ListPackCursor c = lp.cursor();
      if (!c.find(f, 1)) {
        return null;
      }
      c.remove();
      old = c.toByteArray();
      c.remove();
    }
    if (old != null) {
      afterRemoval();
    }
    return old;
  }

  @Override
  public void clear() {
    lp = ListPack.create();
    dict = null;
    modCount++;
  }

  private void afterRemoval() {
    modCount++;
    if (dict != null && dict.isEmpty()) {
      clear();
    }
  }

  /**
   * Calls {@code action} with each field and value in iteration order (listpack integers as their
   * decimal text).
   *
   * @param action receives each pair; must not modify the hash
   */
  @Override
  public void forEach(BiConsumer<? super byte[], ? super byte[]> action) {
    Objects.requireNonNull(action, "action");
    if (dict != null) {
      dict.forEach(action);
      return;
    }
    ListPackCursor c = lp.cursor();
    while (c.next()) {
      byte[] f = c.toByteArray();
      c.next();
      action.accept(f, c.toByteArray());
    }
  }

  @Override
  public Set<Map.Entry<byte[], byte[]>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<byte[], byte[]>> iterator() {
        return new PairIterator();
      }

      @Override
      public int size() {
        return RedisHash.this.size();
      }

      @Override
      public void clear() {
        RedisHash.this.clear();
      }
    };
  }

  /**
   * A view of this hash with fields and values of other types, each converted by its codec; changes
   * write through both ways.
   *
   * @param fields how fields map to bytes (must be injective)
   * @param values how values map to bytes (must be injective)
   * @param <K> the field type
   * @param <V> the value type
   * @return the view
   */
  public <K, V> Map<K, V> view(Codec<K> fields, Codec<V> values) {
    return new HashView<>(
        this, Objects.requireNonNull(fields, "fields"), Objects.requireNonNull(values, "values"));
  }

  /**
   * A view of this hash as a map of UTF-8 strings.
   *
   * @return the view
   */
  public Map<String, String> asStrings() {
    return view(Codec.utf8(), Codec.utf8());
  }

  /**
   * This hash as Redis 7.0.15's {@code DUMP} of a key holding it, with LZF ({@code rdbcompression
   * yes}); see {@link #toRdbPayload(boolean)}.
   *
   * @return the payload
   */
  public byte[] toRdbPayload() {
    return toRdbPayload(true);
  }

  /**
   * This hash as a {@code DUMP} payload: RDB type 16 (the listpack as one RDB string,
   * byte-identical to Redis's) or type 4 (the field count, then each field and value as RDB strings
   * in this hash's table order, which is not Redis's: Redis's follows its random hash seed), then
   * RDB version 10 and the CRC-64.
   *
   * @param compress Redis's {@code rdbcompression}: LZF for strings longer than 20 bytes that
   *     shrink
   * @return the payload, ready for {@code RESTORE}
   * @throws IllegalStateException if the hash is empty (Redis has no empty keys)
   */
  public byte[] toRdbPayload(boolean compress) {
    return HashRdb.write(this, compress);
  }

  /**
   * A hash loaded from a {@code DUMP} payload with the default limits; see {@link
   * #fromRdbPayload(byte[], long, long)}.
   *
   * @param payload the payload with its footer (untrusted)
   * @return the hash
   * @throws CorruptEncodingException if Redis 7.0's {@code RESTORE} would refuse it
   */
  public static RedisHash fromRdbPayload(byte[] payload) {
    return fromRdbPayload(payload, DEFAULT_MAX_LISTPACK_ENTRIES, DEFAULT_MAX_LISTPACK_VALUE);
  }

  /**
   * A hash loaded from a {@code DUMP} payload as Redis 7.0.15's {@code RESTORE} loads one with
   * {@code sanitize-dump-payload yes} ({@code rdbLoadObject}): the footer checked (RDB version at
   * most 10, CRC-64), then type 16 (a deep-validated listpack of pairs, no field twice; kept as a
   * listpack, even with long entries, unless it has more than {@code maxListpackEntries} fields),
   * type 13 (Redis 6.2's ziplist, validated the same way and converted to a listpack, then as type
   * 16), type 9 (Redis 2.4's zipmap, deep-validated, converted to a listpack, then to a hashtable
   * when it has more fields than the entry limit or a field or value longer than the value limit)
   * or type 4 (a count, then fields and values: a hashtable from the start when the count passes
   * the entry limit, else a listpack until a field or value passes the value limit; a field twice
   * is refused). An empty hash is refused. Bytes left before the footer are ignored, as Redis does.
   *
   * @param payload the payload with its footer (untrusted)
   * @param maxListpackEntries the {@code hash-max-listpack-entries} to load with
   * @param maxListpackValue the {@code hash-max-listpack-value} to load with
   * @return the hash
   * @throws CorruptEncodingException if Redis would refuse it
   */
  public static RedisHash fromRdbPayload(
      byte[] payload, long maxListpackEntries, long maxListpackValue) {
    Objects.requireNonNull(payload, "payload");
    return HashRdb.read(payload, create(maxListpackEntries, maxListpackValue));
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Map<?, ?> m) || m.size() != size()) {
      return false;
    }
    try {
      for (Map.Entry<byte[], byte[]> e : entrySet()) {
        Object v = m.get(e.getKey());
        if (!(v instanceof byte[] b) || !Arrays.equals(b, e.getValue())) {
          return false;
        }
      }
    } catch (ClassCastException | NullPointerException e) {
      return false;
    }
    return true;
  }

  @Override
  public int hashCode() {
    int[] h = {0};
    forEach((f, v) -> h[0] += Arrays.hashCode(f) ^ Arrays.hashCode(v));
    return h[0];
  }

  /** Ten pairs at most, as text when UTF-8 else 0x-hex: {@code {a=1, b=2, ... (98 more)}}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    int shown = 0;
    for (Map.Entry<byte[], byte[]> e : entrySet()) {
      if (shown == TO_STRING_PAIRS) {
        sb.append(", ... (").append(size() - shown).append(" more)");
        break;
      }
      sb.append(shown++ == 0 ? "" : ", ");
      sb.append(Bytes.readable(e.getKey())).append('=').append(Bytes.readable(e.getValue()));
    }
    return sb.append('}').toString();
  }

  // ---------------------------------------------------------------- package-private, for siblings

  /** The listpack while listpack-encoded, else null. */
  ListPack listpackOrNull() {
    return lp;
  }

  /** The table while hashtable-encoded, else null. */
  Dict<byte[], byte[]> dictOrNull() {
    return dict;
  }

  /** Redis: hashTypeConvertListpack(OBJ_ENCODING_HT): every pair into a new table. */
  void convertToHashtable() {
    if (lp == null) {
      return;
    }
    Dict<byte[], byte[]> d = Dict.forBytes();
    ListPackCursor c = lp.cursor();
    while (c.next()) {
      byte[] f = c.toByteArray();
      c.next();
      d.put(f, c.toByteArray());
    }
    dict = d;
    lp = null;
    modCount++;
  }

  /** Adopts a validated listpack of pairs (type-16 loading). */
  void adoptListpack(ListPack l) {
    lp = l;
    dict = null;
    modCount++;
  }

  /** I1..I3 of the implementation notes. */
  void checkInvariants() {
    if ((lp == null) == (dict == null)) {
      throw new AssertionError("I1: exactly one encoding");
    }
    if (dict != null && dict.isEmpty()) {
      throw new AssertionError("I2: an empty hash is a listpack");
    }
    if (lp != null) {
      if (lp.size() % 2 != 0) {
        throw new AssertionError("I3: odd listpack");
      }
      ListPack.validatePairs(lp.toByteArray());
    }
  }

  /** Iterates pairs of either encoding; remove and setValue write through. */
  private final class PairIterator implements Iterator<Map.Entry<byte[], byte[]>> {
    private final Iterator<Map.Entry<byte[], byte[]>> dictIt =
        dict != null ? dict.entrySet().iterator() : null;
    private int pair; // listpack: index of the next pair
    private ListPackCursor cursor; // listpack: on the last value returned, or null
    private int cursorWrites;
    private byte[] lastField;
    private int expected = modCount;

    @Override
    public boolean hasNext() {
      check();
      return dictIt != null ? dictIt.hasNext() : pair < lp.size() >> 1;
    }

    @Override
    public Map.Entry<byte[], byte[]> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      if (dictIt != null) {
        Map.Entry<byte[], byte[]> e = dictIt.next();
        lastField = e.getKey();
        return new Entry(e.getKey(), e.getValue());
      }
      if (cursor == null || cursorWrites != valueWrites) {
        cursorWrites = valueWrites;
        cursor = lp.cursor(); // a fresh cursor after a removal: walk to the pair once
        if (pair > 0) {
          cursor.seek(2 * pair - 1);
        }
      }
      cursor.next();
      pair++;
      lastField = cursor.toByteArray();
      cursor.next();
      return new Entry(lastField, cursor.toByteArray());
    }

    @Override
    public void remove() {
      check();
      if (lastField == null) {
        throw new IllegalStateException();
      }
      if (dictIt != null) {
        dictIt.remove();
        modCount++;
        if (dict.isEmpty()) {
          lp = ListPack.create();
          dict = null;
        }
      } else {
        lp.deleteRange(2 * --pair, 2);
        cursor = null;
        modCount++;
      }
      lastField = null;
      expected = modCount;
    }

    private void check() {
      if (modCount != expected) {
        throw new ConcurrentModificationException();
      }
    }
  }

  /** A pair whose setValue puts through to the hash. */
  private final class Entry extends AbstractMap.SimpleEntry<byte[], byte[]> {
    private static final long serialVersionUID = 1L;

    Entry(byte[] field, byte[] value) {
      super(field, value);
    }

    @Override
    public byte[] setValue(byte[] value) {
      byte[] old = put(getKey(), Objects.requireNonNull(value, "value"));
      super.setValue(value);
      return old;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Map.Entry<?, ?> e
          && e.getKey() instanceof byte[] k
          && e.getValue() instanceof byte[] v
          && Arrays.equals(k, getKey())
          && Arrays.equals(v, getValue());
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(getKey()) ^ Arrays.hashCode(getValue());
    }
  }
}
