package dev.redstruct.rdb;

import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.stream.RedisStream;
import java.util.Objects;

/**
 * A value read from a {@code DUMP} payload or an RDB file: one case per Redis type this module
 * models, and {@link Unmodelled} for the rest (reported with its RDB type, never mis-read).
 *
 * <p>Strings hold bitmaps and HyperLogLogs too (Redis stores both as strings): wrap them with
 * {@code Bitmap.copyOf} or {@code HyperLogLog.copyOf} when the key is known to hold one.
 */
public sealed interface RedisValue {
  /**
   * Returns the RDB object type the value was read from (e.g. 0 for a string, 18 for a 7.0 list).
   *
   * @return the type byte, 0..255
   */
  int rdbType();

  /**
   * A string (RDB type 0): plain text, an integer, a bitmap or a HyperLogLog.
   *
   * @param bytes the value; the array is owned by this record, do not change it
   */
  record StringValue(byte[] bytes) implements RedisValue {
    /**
     * Checks the argument.
     *
     * @throws NullPointerException if {@code bytes} is null
     */
    public StringValue {
      Objects.requireNonNull(bytes, "bytes");
    }

    @Override
    public int rdbType() {
      return 0;
    }
  }

  /**
   * A list (RDB type 18, or 14/10/1 from older servers), loaded with Redis's default fill and
   * compress depth.
   *
   * @param list the list
   * @param rdbType the type it was read from
   */
  record ListValue(QuickList list, int rdbType) implements RedisValue {
    /**
     * Checks the argument.
     *
     * @throws NullPointerException if {@code list} is null
     */
    public ListValue {
      Objects.requireNonNull(list, "list");
    }
  }

  /**
   * A sorted set (RDB type 17 or 5, or 12/3 from older servers), loaded with Redis's default
   * thresholds.
   *
   * @param zset the set
   * @param rdbType the type it was read from
   */
  record ZSetValue(ZSet zset, int rdbType) implements RedisValue {
    /**
     * Checks the argument.
     *
     * @throws NullPointerException if {@code zset} is null
     */
    public ZSetValue {
      Objects.requireNonNull(zset, "zset");
    }
  }

  /**
   * A set (RDB type 11 or 2), loaded with Redis's default {@code set-max-intset-entries}.
   *
   * @param set the set
   * @param rdbType the type it was read from
   */
  record SetValue(RedisSet set, int rdbType) implements RedisValue {
    /**
     * Checks the argument.
     *
     * @throws NullPointerException if {@code set} is null
     */
    public SetValue {
      Objects.requireNonNull(set, "set");
    }
  }

  /**
   * A hash (RDB type 16 or 4, or 13/9 from older servers), loaded with Redis's default {@code
   * hash-max-listpack-entries} and {@code hash-max-listpack-value}.
   *
   * @param hash the hash
   * @param rdbType the type it was read from
   */
  record HashValue(RedisHash hash, int rdbType) implements RedisValue {
    /**
     * Checks the argument.
     *
     * @throws NullPointerException if {@code hash} is null
     */
    public HashValue {
      Objects.requireNonNull(hash, "hash");
    }
  }

  /**
   * A stream (RDB type 19).
   *
   * @param stream the stream
   * @param rdbType the type it was read from
   */
  record StreamValue(RedisStream stream, int rdbType) implements RedisValue {
    /**
     * Checks the argument.
     *
     * @throws NullPointerException if {@code stream} is null
     */
    public StreamValue {
      Objects.requireNonNull(stream, "stream");
    }
  }

  /**
   * A value of a type this module does not model (streams of RDB type 15, module values): its RDB
   * type and its encoded size, never its contents.
   *
   * @param rdbType the type byte
   * @param encodedLength the number of bytes of the encoded value after the type byte
   */
  record Unmodelled(int rdbType, long encodedLength) implements RedisValue {}
}
