package dev.redstruct.hash;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.dict.Dict;
import dev.redstruct.listpack.ListPack;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * {@code HRANDFIELD key [count [WITHVALUES]]} (src/t_hash.c, Redis 7.0.15: hrandfieldCommand and
 * hrandfieldWithCountCommand) with its four strategies: with values, a flat field/value array in
 * RESP2 and an array of [field, value] pairs in RESP3.
 */
final class HashRandom {
  private HashRandom() {}

  /** Redis: hrandfieldCommand: the count and options first, then the key. */
  static void hrandfield(
      byte[][] argv, KeyLookup<RedisHash> keys, RandomGenerator rnd, RespWriter out) {
    if (argv.length >= 3) {
      long l = rangeLong(argv[2]);
      boolean withValues = false;
      if (argv.length > 4 || (argv.length == 4 && !RedisWords.is(argv[3], "withvalues"))) {
        throw new ReplyError(HashCommands.ERR_SYNTAX);
      } else if (argv.length == 4) {
        withValues = true;
        if (l < -Long.MAX_VALUE / 2 || l > Long.MAX_VALUE / 2) {
          throw new ReplyError("ERR value is out of range");
        }
      }
      withCount(HashCommands.hash(keys, argv), l, withValues, rnd, out);
      return;
    }
    RedisHash h = HashCommands.hash(keys, argv);
    if (h.isEmpty()) {
      out.nullReply();
      return;
    }
    out.bulk(randomPair(h, rnd)[0]);
  }

  /** getRangeLongFromObjectOrReply(-LONG_MAX, LONG_MAX) with the default texts. */
  private static long rangeLong(byte[] arg) {
    long v = HashCommands.integer(arg);
    if (v == Long.MIN_VALUE) {
      throw new ReplyError(HashCommands.ERR_RANGE_LONG);
    }
    return v;
  }

  /** Redis: hashTypeRandomElement (lpRandomPair or dictGetFairRandomKey). */
  private static byte[][] randomPair(RedisHash h, RandomGenerator rnd) {
    ListPack lp = h.listpackOrNull();
    if (lp != null) {
      int i = lp.randomPair(rnd);
      return new byte[][] {lp.get(i), lp.get(i + 1)};
    }
    Map.Entry<byte[], byte[]> e = h.dictOrNull().fairRandomEntry(rnd);
    return new byte[][] {e.getKey(), e.getValue()};
  }

  /** Redis: hrandfieldWithCountCommand. */
  private static void withCount(
      RedisHash h, long l, boolean withValues, RandomGenerator rnd, RespWriter out) {
    if (h.isEmpty()) {
      out.arrayHeader(0);
      return;
    }
    long size = h.size();
    boolean uniq = l >= 0;
    long count = Math.abs(l);
    if (count == 0) {
      out.arrayHeader(0);
      return;
    }
    int per = withValues ? 2 : 1;
    if (!uniq || count == 1) {
      if (count * per > HashCommands.MAX_REPLY) {
        throw new IllegalArgumentException("reply of " + count * per + " elements");
      }
      caseOne(h, (int) count, withValues, rnd, out);
      return;
    }
    long replySize = Math.min(count, size);
    header(replySize, withValues, out);
    if (count >= size) {
      h.forEach((f, v) -> pair(f, v, withValues, out)); // CASE 2: the whole hash
    } else if (count * HashCommands.SUB_STRATEGY_MUL > size) {
      caseThree(h, count, withValues, rnd, out);
    } else {
      caseFour(h, (int) count, withValues, rnd, out);
    }
  }

  /** The reply's header: {@code n} pairs flat in RESP2, {@code n} 2-element arrays in RESP3. */
  private static void header(long n, boolean withValues, RespWriter out) {
    out.arrayHeader(withValues && out.protocol() == 2 ? 2 * n : n);
  }

  private static void pair(byte[] f, byte[] v, boolean withValues, RespWriter out) {
    if (withValues && out.protocol() > 2) {
      out.arrayHeader(2);
    }
    out.bulk(f);
    if (withValues) {
      out.bulk(v);
    }
  }

  /** CASE 1: count independent draws (listpack: lpRandomPairs in batches of 1000). */
  private static void caseOne(
      RedisHash h, int count, boolean withValues, RandomGenerator rnd, RespWriter out) {
    header(count, withValues, out);
    ListPack lp = h.listpackOrNull();
    if (lp == null) {
      Dict<byte[], byte[]> d = h.dictOrNull();
      for (int i = 0; i < count; i++) {
        Map.Entry<byte[], byte[]> e = d.fairRandomEntry(rnd);
        pair(e.getKey(), e.getValue(), withValues, out);
      }
      return;
    }
    byte[][] elements = elements(lp);
    while (count > 0) {
      int batch = Math.min(count, HashCommands.RANDOM_SAMPLE_LIMIT);
      count -= batch;
      for (int i : lp.randomPairs(batch, rnd)) {
        pair(elements[i], elements[i + 1], withValues, out);
      }
    }
  }

  /** CASE 3: copy all into a temporary dict, remove fair random entries down to count. */
  private static void caseThree(
      RedisHash h, long count, boolean withValues, RandomGenerator rnd, RespWriter out) {
    Dict<byte[], byte[]> d = Dict.forBytes();
    h.forEach(d::put);
    while (d.size() > count) {
      d.remove(d.fairRandomEntry(rnd).getKey());
    }
    d.forEach((f, v) -> pair(f, v, withValues, out));
  }

  /**
   * CASE 4: a listpack picks distinct pairs in listpack order (lpRandomPairsUnique); a hashtable
   * draws until count distinct fields, replying in pick order.
   */
  private static void caseFour(
      RedisHash h, int count, boolean withValues, RandomGenerator rnd, RespWriter out) {
    ListPack lp = h.listpackOrNull();
    if (lp != null) {
      byte[][] elements = elements(lp);
      for (int i : lp.randomPairsUnique(count, rnd)) {
        pair(elements[i], elements[i + 1], withValues, out);
      }
      return;
    }
    Dict<byte[], Boolean> picked = Dict.forBytes();
    while (picked.size() < count) {
      Map.Entry<byte[], byte[]> e = h.dictOrNull().fairRandomEntry(rnd);
      if (picked.put(e.getKey(), Boolean.TRUE) == null) {
        pair(e.getKey(), e.getValue(), withValues, out);
      }
    }
  }

  /** Every element of a listpack, decoded once (integers as their decimal text). */
  private static byte[][] elements(ListPack lp) {
    byte[][] all = new byte[lp.size()][];
    int[] i = {0};
    lp.forEach(
        new ListPack.ElementConsumer() {
          @Override
          public void string(byte[] array, int offset, int length) {
            all[i[0]++] = java.util.Arrays.copyOfRange(array, offset, offset + length);
          }

          @Override
          public void integer(long value) {
            all[i[0]++] = RedisNumbers.ll2string(value);
          }
        });
    return all;
  }
}
