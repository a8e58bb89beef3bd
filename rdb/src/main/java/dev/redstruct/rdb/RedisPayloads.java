package dev.redstruct.rdb;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hash.internal.RedisHashBodies;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.quicklist.internal.QuickListBodies;
import dev.redstruct.set.RedisSet;
import dev.redstruct.set.internal.RedisSetBodies;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.internal.ZSetWalks;
import dev.redstruct.stream.RedisStream;
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
  /*
   * Implementation notes: the type table is in one place, as rdbSaveObject and rdbLoadObject are
   * switches on the type in Redis: write() picks the form by Java type, modelOf() and loadBody() by
   * RDB type. Each structure module writes and reads its own object body (the internal *Bodies
   * classes, exported to this module only); the footer is added and checked here and in core's
   * RdbPayload, once.
   */

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
    return dumpObject(value, compression);
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
    return dumpObject(value.toByteArray(), compression);
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
    return dumpObject(value.toByteArray(), compression);
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
    return dumpObject(value, compression);
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
    return dumpObject(value, compression);
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
    return dumpObject(value, compression);
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
    return dumpObject(value, compression);
  }

  private static byte[] dumpObject(Object value, boolean compression) {
    RdbWriter w = RdbWriter.create(compression);
    write(value, w);
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
    return load(payload, LoadLimits.DEFAULTS);
  }

  /**
   * Loads a payload as {@link #load(byte[])} does, the value built with {@code limits} as Redis
   * builds it with its configured encoding directives.
   *
   * @param payload the bytes from {@code DUMP} (untrusted)
   * @param limits the encoding directives the value gets
   * @return the value
   * @throws CorruptEncodingException if the payload is malformed
   */
  public static RedisValue load(byte[] payload, LoadLimits limits) {
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(limits, "limits");
    int type = RdbPayload.verify(payload);
    if (!isObjectType(type) || type == RdbPayload.TYPE_MODULE) {
      throw new CorruptEncodingException(
          "DUMP payload", 0, "RDB type " + type + ": RESTORE answers 'Bad data format'");
    }
    // as restoreCommand: the body is read from a buffer over the rest of the payload, footer too
    RdbReader body = RdbReader.of(payload, 1, payload.length - 1);
    return loadBody(type, body, payload, payload.length - 1L - RdbPayload.FOOTER, limits);
  }

  /**
   * Redis: rdbIsObjectType (src/rdb.h, 7.0.15): 0-7 and 9-19. Type 6 is one too, but rdbLoadObject
   * refuses it ("Pre-release module format not supported").
   */
  private static boolean isObjectType(int type) {
    return (type >= 0 && type <= 7) || (type >= 9 && type <= 19);
  }

  /**
   * The Java type an RDB type loads as, or null for a type this module does not model (reported as
   * {@link RedisValue.Unmodelled}). Loaded values get Redis's default limits, which decide their
   * encodings as in Redis: lists fill -2 and compress depth 0; sorted sets 128 entries / 64 bytes;
   * sets {@code set-max-intset-entries} 512; hashes 512 entries / 64 bytes.
   */
  private static Class<?> modelOf(int type) {
    return switch (type) {
      case RdbPayload.TYPE_STRING -> byte[].class;
      case RdbPayload.TYPE_LIST_QUICKLIST_2,
          RdbPayload.TYPE_LIST_QUICKLIST,
          RdbPayload.TYPE_LIST_ZIPLIST,
          RdbPayload.TYPE_LIST ->
          QuickList.class;
      case RdbPayload.TYPE_ZSET_LISTPACK,
          RdbPayload.TYPE_ZSET_ZIPLIST,
          RdbPayload.TYPE_ZSET_2,
          RdbPayload.TYPE_ZSET ->
          ZSet.class;
      case RdbPayload.TYPE_SET_INTSET, RdbPayload.TYPE_SET -> RedisSet.class;
      case RdbPayload.TYPE_HASH_LISTPACK,
          RdbPayload.TYPE_HASH_ZIPLIST,
          RdbPayload.TYPE_HASH_ZIPMAP,
          RdbPayload.TYPE_HASH ->
          RedisHash.class;
      case RdbPayload.TYPE_STREAM_LISTPACKS_2, RdbPayload.TYPE_STREAM_LISTPACKS ->
          RedisStream.class;
      default -> null;
    };
  }

  /**
   * Decodes one object body, once, by the module of its type (the payload's footer or the file's
   * checksum is the caller's); a type not modelled is {@link RedisValue.Unmodelled} of {@code
   * encodedLength} bytes. Redis: rdbLoadObject.
   *
   * @param shown the input shown in error messages, or null
   */
  static RedisValue loadBody(
      int type, RdbReader body, byte[] shown, long encodedLength, LoadLimits limits) {
    Class<?> model = modelOf(type);
    if (model == byte[].class) {
      // restoreCommand reads over the whole payload (footer included) and checks no end
      return new RedisValue.StringValue(body.string());
    } else if (model == QuickList.class) {
      QuickList list =
          QuickListBodies.readRdb(
              type, body, limits.listMaxListpackSize(), limits.listCompressDepth());
      return new RedisValue.ListValue(list, type);
    } else if (model == ZSet.class) {
      ZSet z =
          ZSetWalks.readRdb(
              type, body, shown, limits.zsetMaxListpackEntries(), limits.zsetMaxListpackValue());
      return new RedisValue.ZSetValue(z, type);
    } else if (model == RedisSet.class) {
      RedisSet s = RedisSetBodies.readRdb(type, body, shown, limits.setMaxIntsetEntries());
      return new RedisValue.SetValue(s, type);
    } else if (model == RedisHash.class) {
      RedisHash h =
          RedisHashBodies.readRdb(
              type, body, shown, limits.hashMaxListpackEntries(), limits.hashMaxListpackValue());
      return new RedisValue.HashValue(h, type);
    } else if (model == RedisStream.class) {
      byte[] rest = bodyBytes(body);
      RedisStream s =
          type == RdbPayload.TYPE_STREAM_LISTPACKS_2
              ? RedisStream.fromRdbBody(rest, 0, rest.length)
              : RedisStream.fromLegacyRdbBody(rest, 0, rest.length);
      return new RedisValue.StreamValue(s, type);
    }
    return new RedisValue.Unmodelled(type, encodedLength);
  }

  /** The rest of a reader's input as an array (a stream body is read by the stream module). */
  private static byte[] bodyBytes(RdbReader body) {
    return body.raw(body.remaining());
  }

  /**
   * Returns the payload of a stream: type 19, its nodes as they are.
   *
   * @param value the stream
   * @param compression Redis's {@code rdbcompression}
   * @return the payload
   */
  public static byte[] dump(RedisStream value, boolean compression) {
    Objects.requireNonNull(value, "value");
    return dumpObject(value, compression);
  }

  /** Returns whether this module loads the RDB type (the others are reported as unmodelled). */
  static boolean models(int type) {
    return modelOf(type) != null;
  }

  /**
   * Appends the type byte and object body of a supported Java value, for payloads and the RDB file
   * writer (the footer is the caller's). Redis: rdbSaveObjectType and rdbSaveObject. A string is
   * one RDB string: a canonical decimal integer of at most 11 bytes fitting 32 bits in its integer
   * form, a longer one LZF-compressed when the writer compresses and it saves at least 4 bytes,
   * else verbatim (rdbSaveStringObject's choice, whatever Redis's object encoding).
   */
  static void write(Object value, RdbWriter out) {
    if (value instanceof byte[] s) {
      out.type(RdbPayload.TYPE_STRING).string(s);
    } else if (value instanceof HyperLogLog h) {
      out.type(RdbPayload.TYPE_STRING).string(h.toByteArray());
    } else if (value instanceof Bitmap b) {
      out.type(RdbPayload.TYPE_STRING).string(b.toByteArray());
    } else if (value instanceof QuickList l) {
      QuickListBodies.writeRdb(l, out);
    } else if (value instanceof ZSet z) {
      ZSetWalks.writeRdb(z, out);
    } else if (value instanceof RedisSet s) {
      RedisSetBodies.writeRdb(s, out);
    } else if (value instanceof RedisHash h) {
      RedisHashBodies.writeRdb(h, out);
    } else if (value instanceof RedisStream st) {
      out.type(RdbPayload.TYPE_STREAM_LISTPACKS_2).raw(st.toRdbBody(out.compresses()));
    } else {
      throw new IllegalArgumentException("no RDB form for " + value.getClass().getName());
    }
  }
}
