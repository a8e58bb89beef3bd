package dev.redstruct.rdb;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import java.util.List;
import java.util.Objects;

/**
 * {@code DUMP} payloads of the redstruct structures, byte for byte as Redis 7.0.15's {@code DUMP}
 * returns them, and loading of payloads from Redis (Redis: {@code createDumpPayload}, {@code
 * verifyDumpPayload} and {@code restoreCommand}, src/cluster.c; {@code rdbSaveObject} and {@code
 * rdbLoadObject}, src/rdb.c).
 *
 * <pre>
 *   &lt;type byte&gt; &lt;value as in an RDB file&gt; &lt;RDB version 10: 0a 00&gt; &lt;CRC-64, 8 bytes LE&gt;
 * </pre>
 *
 * <table class="striped">
 *   <caption>What is written and read</caption>
 *   <tr><th>Java value</th><th>RDB type written</th><th>types read</th></tr>
 *   <tr><td>{@code byte[]} string, {@link Bitmap}, {@link HyperLogLog}</td><td>0</td><td>0</td></tr>
 *   <tr><td>{@link QuickList}</td><td>18</td><td>18, 14, 10, 1</td></tr>
 *   <tr><td>{@link ZSet}</td><td>17 or 5</td><td>17, 12, 5, 3</td></tr>
 *   <tr><td>{@link RedisSet}</td><td>11 or 2</td><td>11, 2</td></tr>
 *   <tr><td>{@link RedisHash}</td><td>16 or 4</td><td>16, 13, 9, 4</td></tr>
 * </table>
 *
 * <p>{@code compression} is Redis's {@code rdbcompression} (default yes): with it, strings (and
 * list nodes) longer than 20 bytes are LZF-compressed when that saves at least 4 bytes. A payload
 * is accepted by {@code RESTORE} on Redis 7.0 and later (they accept RDB versions up to their own);
 * Redis 6.2 and earlier reject version 10.
 *
 * <p>Thread-safe: every call works on its own buffers (and its own 256 KiB LZF table when a value
 * compresses); to build many payloads on one thread, {@link PayloadWriter} reuses them. Loading
 * checks the CRC-64 and the version first and then throws {@link CorruptEncodingException} for any
 * malformed body, nothing else.
 */
public final class RedisPayloads {
  /* Implementation notes: one PayloadAdapter per Redis type; dump() picks by Java type, load() by
   * RDB type. The list is immutable. */
  private static final StringAdapter STRINGS = new StringAdapter();
  private static final ListAdapter LISTS = new ListAdapter();
  private static final ZSetAdapter ZSETS = new ZSetAdapter();
  private static final SetAdapter SETS = new SetAdapter();
  private static final HashAdapter HASHES = new HashAdapter();
  private static final List<PayloadAdapter<?>> ADAPTERS =
      List.of(STRINGS, LISTS, ZSETS, SETS, HASHES);

  private RedisPayloads() {}

  /**
   * Returns the payload of a string value (type 0).
   *
   * @param value the string's bytes
   * @param compression Redis's {@code rdbcompression}
   * @return the payload, ready for {@code RESTORE}
   */
  public static byte[] dump(byte[] value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(STRINGS, value, compression);
  }

  /**
   * Returns the payload of a HyperLogLog: its Redis string value (type 0).
   *
   * @param value the sketch
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   */
  public static byte[] dump(HyperLogLog value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(STRINGS, value.toByteArray(), compression);
  }

  /**
   * Returns the payload of a bitmap: its Redis string value (type 0).
   *
   * @param value the bitmap
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   */
  public static byte[] dump(Bitmap value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(STRINGS, value.toByteArray(), compression);
  }

  /**
   * Returns the payload of a list (type 18, quicklist 2), node for node as the list holds them.
   *
   * @param value the list
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   */
  public static byte[] dump(QuickList value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(LISTS, value, compression);
  }

  /**
   * Returns the payload of a sorted set: type 17 (listpack) or 5 (skiplist), as it is encoded.
   *
   * @param value the set
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   */
  public static byte[] dump(ZSet value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(ZSETS, value, compression);
  }

  /**
   * Returns the payload of a set: type 11 (intset, byte-identical to Redis's {@code DUMP}) or 2
   * (hashtable, members in this set's table order, which is not Redis's: its order follows a random
   * per-process hash seed), as it is encoded.
   *
   * @param value the set, not empty
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   * @throws IllegalStateException if the set is empty (Redis has no empty keys)
   */
  public static byte[] dump(RedisSet value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(SETS, value, compression);
  }

  /**
   * Returns the payload of a hash: type 16 (listpack, byte-identical to Redis's {@code DUMP}) or 4
   * (hashtable, pairs in this hash's table order, which is not Redis's: its order follows a random
   * per-process hash seed), as it is encoded.
   *
   * @param value the hash, not empty
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   * @throws IllegalStateException if the hash is empty (Redis has no empty keys)
   */
  public static byte[] dump(RedisHash value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dump(HASHES, value, compression);
  }

  private static <T> byte[] dump(PayloadAdapter<T> adapter, T value, boolean compression) {
    RdbWriter w = RdbWriter.create(compression);
    adapter.write(value, w);
    return w.toDumpPayload();
  }

  /**
   * Loads a payload as {@code RESTORE} does: footer first (at least 11 bytes, RDB version at most
   * 10, matching CRC-64), then the value, read from the whole payload: bytes the value leaves
   * unread before the footer are ignored, and a value may end inside the footer ({@code
   * restoreCommand} checks neither). A type this module does not model is returned as {@link
   * RedisValue.Unmodelled}; a type byte that is no RDB object type of Redis 7.0.15, and type 6, are
   * refused as {@code RESTORE} refuses them ("Bad data format").
   *
   * @param payload the bytes from {@code DUMP} (untrusted)
   * @return the value
   * @throws CorruptEncodingException if the payload is malformed
   */
  public static RedisValue load(byte[] payload) {
    Objects.requireNonNull(payload, "payload");
    int type = RdbPayload.verify(payload);
    if (!isObjectType(type) || type == RdbPayload.TYPE_MODULE) {
      throw new CorruptEncodingException(
          "DUMP payload", 0, "RDB type " + type + ": RESTORE answers 'Bad data format'");
    }
    // as restoreCommand: the body is read from a buffer over the rest of the payload, footer too
    RdbReader body = RdbReader.of(payload, 1, payload.length - 1);
    return loadBody(type, body, payload, payload.length - 1L - RdbPayload.FOOTER);
  }

  /**
   * Redis: rdbIsObjectType (src/rdb.h, 7.0.15): 0-7 and 9-19. Type 6 is one too, but rdbLoadObject
   * refuses it ("Pre-release module format not supported").
   */
  private static boolean isObjectType(int type) {
    return (type >= 0 && type <= 7) || (type >= 9 && type <= 19);
  }

  /**
   * Decodes one object body with the adapter of its type (the footer or file checksum is the
   * caller's); a type no adapter reads is {@link RedisValue.Unmodelled} of {@code encodedLength}
   * bytes.
   */
  static RedisValue loadBody(int type, RdbReader body, byte[] shown, long encodedLength) {
    for (PayloadAdapter<?> a : ADAPTERS) {
      if (a.reads(type)) {
        return a.read(type, body, shown);
      }
    }
    return new RedisValue.Unmodelled(type, encodedLength);
  }

  /** Returns whether an adapter loads this RDB type (the others are reported as unmodelled). */
  static boolean models(int type) {
    for (PayloadAdapter<?> a : ADAPTERS) {
      if (a.reads(type)) {
        return true;
      }
    }
    return false;
  }

  /** Appends the type byte and value of a supported Java value, for the RDB file writer. */
  static void write(Object value, RdbWriter out) {
    if (value instanceof HyperLogLog h) {
      STRINGS.write(h.toByteArray(), out);
    } else if (value instanceof Bitmap b) {
      STRINGS.write(b.toByteArray(), out);
    } else {
      writeWithAdapter(value, out);
    }
  }

  private static void writeWithAdapter(Object value, RdbWriter out) {
    for (PayloadAdapter<?> a : ADAPTERS) {
      if (a.javaType().isInstance(value)) {
        writeAs(a, value, out);
        return;
      }
    }
    throw new IllegalArgumentException("no RDB form for " + value.getClass().getName());
  }

  private static <T> void writeAs(PayloadAdapter<T> a, Object value, RdbWriter out) {
    a.write(a.javaType().cast(value), out);
  }
}
