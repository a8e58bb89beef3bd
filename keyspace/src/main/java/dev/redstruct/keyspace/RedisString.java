package dev.redstruct.keyspace;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.hll.HyperLogLog;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A Redis string value: bytes, with the encoding Redis 7.0.15 would give them ({@code OBJECT
 * ENCODING}): {@code int} for a canonical 64-bit decimal of at most 20 bytes (Redis's {@code
 * string2l}), {@code embstr} for other values of at most 44 bytes, {@code raw} beyond, and {@code
 * raw} for every string that {@code APPEND}, {@code SETRANGE}, the bit commands or the {@code PF*}
 * commands changed in place.
 *
 * <p>{@link #copyOf(byte[])} and {@link #wrap(byte[])} encode as {@code SET} does (Redis:
 * tryObjectEncoding, src/object.c); {@link #ofLong(long)} as {@code INCR} stores its result.
 * Equality is over the bytes, whatever the encoding. {@link #toByteArray()} is a fresh copy, as
 * {@code GET} returns it.
 *
 * <p>Small integers: Redis keeps one shared object per value 0..9999 ({@code OBJ_SHARED_INTEGERS})
 * and stores it for every such value unless {@code maxmemory} is set with an LRU or LFU policy; the
 * encoding is {@code int} either way, only {@code OBJECT REFCOUNT} shows the difference. {@link
 * #isSharedInteger()} tells whether Redis, under its default configuration, would hold this value
 * as a shared integer. Here the {@code int} values 0..9999 are shared instances too (they are
 * immutable).
 *
 * <p>Thread safety: {@code int} and {@code embstr} values are immutable; a {@code raw} value
 * changes in place under the commands that edit it, so share it between threads only with external
 * synchronisation (as the keyspace that owns it does).
 */
public abstract sealed class RedisString {
  /*
   * Implementation notes. Three representations, one per Redis encoding, so a value costs what
   * Redis's robj costs in kind: an Int holds its long (no bytes, as Redis keeps the long in the
   * robj's pointer), an Emb its exact bytes (one object plus one array: 16 + 16 + len bytes with
   * compressed oops), a Raw a growable buffer as an sds with free space. The common GET/SET path
   * reads one field and writes one bulk.
   *
   * A Raw string also caches one structured view of its bytes while the commands that use it run
   * on it: a Bitmap (SETBIT, BITFIELD, ...: bitfield's word layout) or a HyperLogLog (PF*). The
   * view then IS the value (buf is null); a command that needs plain bytes (APPEND, SETRANGE)
   * takes them back from the view. Reads (GET, GETRANGE, STRLEN) ask the view without converting.
   *
   * Invariants (checkInvariants):
   *   I1 Int: none beyond its long (every long is a canonical decimal of at most 20 bytes).
   *   I2 Emb: bytes.length <= 44. (An embstr may hold a canonical decimal: INCRBYFLOAT stores
   *      its result with createStringObject, so "3" is an embstr there.)
   *   I3 Raw: exactly one of buf and view is non-null; with buf, 0 <= len <= buf.length.
   */

  /** OBJ_ENCODING_EMBSTR_SIZE_LIMIT, src/object.c: the longest embstr. */
  static final int EMBSTR_SIZE_LIMIT = 44;

  /** OBJ_SHARED_INTEGERS, src/server.h: values 0..9999 are shared objects. */
  static final int SHARED_INTEGERS = 10000;

  /** SDS_MAX_PREALLOC, src/sds.h: growth doubles below it and adds it above. */
  static final int SDS_MAX_PREALLOC = 1024 * 1024;

  private static final Int[] SHARED = new Int[SHARED_INTEGERS];

  static {
    for (int i = 0; i < SHARED_INTEGERS; i++) {
      SHARED[i] = new Int(i);
    }
  }

  /** The encodings {@code OBJECT ENCODING} reports for a string. */
  public enum Encoding {
    /** A 64-bit integer held as a number. */
    INT("int"),
    /** A short string stored with its object. */
    EMBSTR("embstr"),
    /** A string in its own growable buffer. */
    RAW("raw");

    private final String redisName;

    Encoding(String redisName) {
      this.redisName = redisName;
    }

    /**
     * The name {@code OBJECT ENCODING} replies with.
     *
     * @return {@code "int"}, {@code "embstr"} or {@code "raw"}
     */
    public String redisName() {
      return redisName;
    }
  }

  private RedisString() {}

  // ---------------------------------------------------------------- factories

  /**
   * The value {@code SET key value} stores, from a copy of {@code value}. Redis: tryObjectEncoding.
   *
   * @param value the bytes
   * @return an {@code int}, {@code embstr} or {@code raw} string
   */
  public static RedisString copyOf(byte[] value) {
    Objects.requireNonNull(value, "value");
    int n = value.length;
    if (n <= RedisNumbers.MAX_LONG_CHARS && RedisNumbers.isCanonicalLong(value, 0, n)) {
      return ofLong(RedisNumbers.parseCanonicalLong(value, 0, n));
    }
    return n <= EMBSTR_SIZE_LIMIT ? new Emb(value.clone()) : new Raw(value.clone(), n);
  }

  /**
   * The value {@code SET key value} stores, taking {@code value} without copying it when it keeps
   * the bytes (the caller must not touch the array afterwards). Redis: tryObjectEncoding.
   *
   * @param value the bytes
   * @return an {@code int}, {@code embstr} or {@code raw} string
   */
  public static RedisString wrap(byte[] value) {
    Objects.requireNonNull(value, "value");
    int n = value.length;
    if (n <= RedisNumbers.MAX_LONG_CHARS && RedisNumbers.isCanonicalLong(value, 0, n)) {
      return ofLong(RedisNumbers.parseCanonicalLong(value, 0, n));
    }
    return n <= EMBSTR_SIZE_LIMIT ? new Emb(value) : new Raw(value, n);
  }

  /**
   * An {@code int} string, as {@code INCR} stores its result (the shared instance for 0..9999).
   * Redis: createStringObjectFromLongLongForValue.
   *
   * @param value the number
   * @return an {@code int} string
   */
  public static RedisString ofLong(long value) {
    return value >= 0 && value < SHARED_INTEGERS ? SHARED[(int) value] : new Int(value);
  }

  /**
   * {@code embstr} up to 44 bytes, else {@code raw}, never {@code int}: what INCRBYFLOAT stores.
   * Takes the array. Redis: createStringObject.
   */
  static RedisString embstrOrRaw(byte[] value) {
    return value.length <= EMBSTR_SIZE_LIMIT ? new Emb(value) : new Raw(value, value.length);
  }

  /** A {@code raw} string over the first len bytes of buf (taken). Redis: createRawStringObject. */
  static Raw raw(byte[] buf, int len) {
    return new Raw(buf, len);
  }

  /** A {@code raw} string whose value is the bitmap (taken). */
  static Raw raw(Bitmap bits) {
    return new Raw(bits);
  }

  /** A {@code raw} string whose value is the HyperLogLog (taken). Redis: createHLLObject. */
  static Raw raw(HyperLogLog hll) {
    return new Raw(hll);
  }

  // ---------------------------------------------------------------- reading

  /**
   * The encoding {@code OBJECT ENCODING} reports.
   *
   * @return the encoding
   */
  public abstract Encoding encoding();

  /**
   * The length in bytes, as {@code STRLEN} (for an {@code int}, the length of its decimal form).
   * Redis: stringObjectLen.
   *
   * @return the length
   */
  public abstract int length();

  /**
   * The bytes, as {@code GET} returns them.
   *
   * @return a fresh array
   */
  public abstract byte[] toByteArray();

  /**
   * Whether Redis 7.0.15 under its default configuration (no {@code maxmemory} with an LRU or LFU
   * policy) holds this value as one of its shared integer objects ({@code OBJECT REFCOUNT} then
   * replies 2147483647): an {@code int} from 0 to 9999.
   *
   * @return true for a small non-negative {@code int}
   */
  public boolean isSharedInteger() {
    return this instanceof Int i && i.value >= 0 && i.value < SHARED_INTEGERS;
  }

  /** Appends the bulk reply of the value. Redis: addReplyBulk. */
  abstract void writeBulk(RespWriter out);

  /**
   * The bytes without copying where the representation holds them exactly (an embstr's array); a
   * fresh array otherwise. The caller must not change the result.
   */
  abstract byte[] bytesForRead();

  /** Checks the invariants of the implementation notes; throws AssertionError. */
  abstract void checkInvariants();

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof RedisString other)) {
      return false;
    }
    if (this instanceof Int a && other instanceof Int b) {
      return a.value == b.value;
    }
    return Arrays.equals(bytesForRead(), other.bytesForRead());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytesForRead());
  }

  /**
   * The encoding and, for up to 64 bytes, the bytes as text (ISO-8859-1).
   *
   * @return a short description
   */
  @Override
  public String toString() {
    byte[] b = bytesForRead();
    String text =
        b.length <= 64
            ? new String(b, StandardCharsets.ISO_8859_1)
            : new String(b, 0, 64, StandardCharsets.ISO_8859_1) + "...";
    return "RedisString{" + encoding().redisName() + ", " + b.length + " bytes: " + text + "}";
  }

  // ---------------------------------------------------------------- int

  /** OBJ_ENCODING_INT: the long itself. */
  static final class Int extends RedisString {
    final long value;

    Int(long value) {
      this.value = value;
    }

    @Override
    public Encoding encoding() {
      return Encoding.INT;
    }

    @Override
    public int length() {
      return RedisNumbers.stringLength(value);
    }

    @Override
    public byte[] toByteArray() {
      return RedisNumbers.ll2string(value);
    }

    @Override
    void writeBulk(RespWriter out) {
      byte[] b = new byte[RedisNumbers.MAX_LONG_CHARS];
      out.bulk(b, RedisNumbers.ll2string(value, b, 0));
    }

    @Override
    byte[] bytesForRead() {
      return toByteArray();
    }

    @Override
    void checkInvariants() {
      // I1: nothing to check
    }
  }

  // ---------------------------------------------------------------- embstr

  /** OBJ_ENCODING_EMBSTR: at most 44 bytes, never changed in place. */
  static final class Emb extends RedisString {
    final byte[] bytes;

    Emb(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public Encoding encoding() {
      return Encoding.EMBSTR;
    }

    @Override
    public int length() {
      return bytes.length;
    }

    @Override
    public byte[] toByteArray() {
      return bytes.clone();
    }

    @Override
    void writeBulk(RespWriter out) {
      out.bulk(bytes);
    }

    @Override
    byte[] bytesForRead() {
      return bytes;
    }

    @Override
    void checkInvariants() {
      if (bytes.length > EMBSTR_SIZE_LIMIT) {
        throw new AssertionError("I2: embstr of " + bytes.length + " bytes");
      }
    }
  }

  // ---------------------------------------------------------------- raw

  /**
   * OBJ_ENCODING_RAW: an sds-like buffer with free space, or a bitmap or HyperLogLog view that is
   * the value while the bit or PF* commands run on it.
   */
  static final class Raw extends RedisString {
    private byte[] buf;
    private int len;
    private Object view;

    Raw(byte[] buf, int len) {
      this.buf = buf;
      this.len = len;
    }

    Raw(Object view) {
      this.view = view;
    }

    @Override
    public Encoding encoding() {
      return Encoding.RAW;
    }

    @Override
    public int length() {
      if (view instanceof Bitmap b) {
        return b.byteLength();
      }
      if (view instanceof HyperLogLog h) {
        return h.serializedSize();
      }
      return len;
    }

    @Override
    public byte[] toByteArray() {
      if (view instanceof Bitmap b) {
        return b.toByteArray();
      }
      if (view instanceof HyperLogLog h) {
        return h.toByteArray();
      }
      return Arrays.copyOf(buf, len);
    }

    @Override
    void writeBulk(RespWriter out) {
      if (view == null) {
        out.bulk(buf, len);
      } else {
        out.bulk(toByteArray());
      }
    }

    @Override
    byte[] bytesForRead() {
      return view == null && len == buf.length ? buf : toByteArray();
    }

    /** The plain buffer, taking the bytes back from a view. */
    private void materialize() {
      if (view != null) {
        buf = toByteArray();
        len = buf.length;
        view = null;
      }
    }

    /**
     * Appends bytes, growing as sdscatlen (sdsMakeRoomFor, greedy) does; the caller has checked the
     * 512 MB limit. Redis: sdscatlen.
     */
    void append(byte[] a) {
      materialize();
      growTo(len + a.length);
      System.arraycopy(a, 0, buf, len - a.length, a.length);
    }

    /** Writes value at offset, zero-filling any gap. Redis: sdsgrowzero and memcpy (SETRANGE). */
    void setRange(int offset, byte[] value) {
      materialize();
      if (offset + value.length > len) {
        growTo(offset + value.length);
      }
      System.arraycopy(value, 0, buf, offset, value.length);
    }

    /** Extends to newLen bytes (new bytes zero). Redis: sdsMakeRoomFor(greedy) + the new length. */
    private void growTo(int newLen) {
      if (newLen > buf.length) {
        long room = newLen < SDS_MAX_PREALLOC ? 2L * newLen : (long) newLen + SDS_MAX_PREALLOC;
        buf = Arrays.copyOf(buf, (int) Math.min(room, Integer.MAX_VALUE - 16));
      }
      len = newLen;
    }

    /** Whether the value is held as a HyperLogLog view (so it is a valid one). */
    boolean isHyperLogLogView() {
      return view instanceof HyperLogLog;
    }

    /** The value as a bitmap, which from now on is the value. */
    Bitmap bitmap() {
      if (view instanceof Bitmap b) {
        return b;
      }
      Bitmap b = Bitmap.copyOf(bytesForRead());
      view = b;
      buf = null;
      len = 0;
      return b;
    }

    /**
     * The value as a HyperLogLog, which from now on is the value; nothing changes when the bytes
     * are not a valid one.
     *
     * @throws CorruptEncodingException when they are not
     */
    HyperLogLog hyperLogLog() {
      if (view instanceof HyperLogLog h) {
        return h;
      }
      HyperLogLog h = HyperLogLog.copyOf(bytesForRead());
      view = h;
      buf = null;
      len = 0;
      return h;
    }

    @Override
    void checkInvariants() {
      if ((buf == null) == (view == null)) {
        throw new AssertionError("I3: buf and view both " + (buf == null ? "null" : "set"));
      }
      if (buf != null && (len < 0 || len > buf.length)) {
        throw new AssertionError("I3: len " + len + " of " + buf.length);
      }
    }
  }
}
