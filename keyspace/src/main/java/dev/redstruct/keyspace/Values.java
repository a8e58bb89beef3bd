package dev.redstruct.keyspace;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.rdb.RedisPayloads;
import dev.redstruct.rdb.RedisValue;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.stream.RedisStream;

/**
 * What the keyspace needs to know of a stored value whatever its type: TYPE's name, OBJECT
 * ENCODING's, emptiness, COPY's duplicate, DUMP's payload and RESTORE's value. Redis: the per-type
 * switches of src/object.c (strEncoding), src/db.c (copyCommand) and src/rdb.c.
 */
final class Values {
  private Values() {}

  /** Redis: getObjectTypeName. */
  static RedisType type(Object v) {
    if (v instanceof QuickList) {
      return RedisType.LIST;
    } else if (v instanceof RedisSet) {
      return RedisType.SET;
    } else if (v instanceof RedisHash) {
      return RedisType.HASH;
    } else if (v instanceof ZSet) {
      return RedisType.ZSET;
    } else if (v instanceof RedisStream) {
      return RedisType.STREAM;
    }
    assert v instanceof RedisString : v;
    return RedisType.STRING;
  }

  /** Redis: strEncoding(o->encoding). */
  static String encoding(Object v) {
    if (v instanceof QuickList) {
      return "quicklist";
    } else if (v instanceof RedisSet s) {
      return s.encoding().redisName();
    } else if (v instanceof RedisHash h) {
      return h.encoding().redisName();
    } else if (v instanceof ZSet z) {
      return z.encoding() == ZSet.Encoding.COMPACT ? "listpack" : "skiplist";
    } else if (v instanceof RedisStream) {
      return "stream";
    }
    return StringValues.encoding(v);
  }

  /** Whether a collection became empty (its key must go); a string is never empty here. */
  static boolean isEmpty(Object v) {
    if (v instanceof QuickList l) {
      return l.size() == 0;
    } else if (v instanceof RedisSet s) {
      return s.isEmpty();
    } else if (v instanceof RedisHash h) {
      return h.isEmpty();
    } else if (v instanceof ZSet z) {
      return z.isEmpty();
    } else if (v instanceof RedisStream s) {
      return !s.isCreated();
    }
    return false;
  }

  /** A deep copy with the same encoding. Redis: the *Dup functions called by copyCommand. */
  static Object dup(Object v) {
    if (v instanceof QuickList l) {
      return QuickList.fromRdbPayload(l.toRdbPayload(false), l.fill(), l.compressDepth());
    } else if (v instanceof RedisSet s) {
      return s.copy();
    } else if (v instanceof RedisHash h) {
      return h.copy();
    } else if (v instanceof ZSet z) {
      return z.copy();
    } else if (v instanceof RedisStream s) {
      return s.copy();
    }
    return StringValues.dup(v);
  }

  /** DUMP's payload with rdbcompression yes. Redis: createDumpPayload (src/cluster.c). */
  static byte[] dump(Object v) {
    if (v instanceof QuickList l) {
      return RedisPayloads.dump(l, true);
    } else if (v instanceof RedisSet s) {
      return RedisPayloads.dump(s, true);
    } else if (v instanceof RedisHash h) {
      return RedisPayloads.dump(h, true);
    } else if (v instanceof ZSet z) {
      return RedisPayloads.dump(z, true);
    } else if (v instanceof RedisStream s) {
      return RedisPayloads.dump(s, true);
    }
    return RedisPayloads.dump(StringValues.bytes(v), true);
  }

  /**
   * The value of a RESTORE payload, or null when RESTORE answers "Bad data format" (a type we do
   * not model counts as one: streams and modules cannot be stored here).
   *
   * @throws CorruptEncodingException when the footer (version, CRC) is wrong
   */
  static Object load(RedisValue v) {
    if (v instanceof RedisValue.StringValue s) {
      return StringValues.fromRdb(s.bytes());
    } else if (v instanceof RedisValue.ListValue l) {
      return l.list();
    } else if (v instanceof RedisValue.SetValue s) {
      return s.set();
    } else if (v instanceof RedisValue.HashValue h) {
      return h.hash();
    } else if (v instanceof RedisValue.ZSetValue z) {
      return z.zset();
    } else if (v instanceof RedisValue.StreamValue s) {
      return s.stream();
    }
    return null;
  }
}
