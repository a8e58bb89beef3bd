package dev.redstruct.rdb;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random values of every type the module covers, each with the Redis commands that build the same
 * value and the JVM object: the shared corpus of the payload, RDB and cluster tests.
 */
final class Samples {
  private Samples() {}

  /**
   * One key: its JVM value (byte[], HyperLogLog, Bitmap, QuickList, ZSet, RedisSet or RedisHash)
   * and Redis commands.
   */
  record Sample(byte[] key, Object value, List<byte[][]> commands) {
    byte[] payload(boolean compression) {
      if (value instanceof byte[] s) {
        return RedisPayloads.dump(s, compression);
      } else if (value instanceof HyperLogLog h) {
        return RedisPayloads.dump(h, compression);
      } else if (value instanceof Bitmap b) {
        return RedisPayloads.dump(b, compression);
      }
      if (value instanceof ZSet z) {
        return RedisPayloads.dump(z, compression);
      }
      if (value instanceof RedisSet set) {
        return RedisPayloads.dump(set, compression);
      }
      if (value instanceof RedisHash hash) {
        return RedisPayloads.dump(hash, compression);
      }
      return RedisPayloads.dump((QuickList) value, compression);
    }
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static Sample random(SplittableRandom rnd, String key) {
    switch (rnd.nextInt(7)) {
      case 6:
        return hash(rnd, key, 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 700 : 20));
      case 5:
        return set(rnd, key, 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 700 : 20));
      case 4:
        return zset(rnd, key, 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 300 : 20));
      case 0:
        return string(rnd, key);
      case 1:
        return hll(rnd, key, rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(3000) : 1 + rnd.nextInt(200));
      case 2:
        return bitmap(rnd, key, 1 + rnd.nextInt(40), rnd.nextInt(2) == 0 ? 2_000 : 200_000);
      default:
        return list(rnd, key, 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 2_000 : 60));
    }
  }

  /** Integers (inside and outside int32, non-canonical), short text, long compressible, binary. */
  static Sample string(SplittableRandom rnd, String key) {
    byte[] v = element(rnd, rnd.nextInt(8) == 0 ? 3_000 : 200);
    return new Sample(utf8(key), v, List.<byte[][]>of(new byte[][] {utf8("SET"), utf8(key), v}));
  }

  static Sample hll(SplittableRandom rnd, String key, int n) {
    HyperLogLog h = HyperLogLog.create();
    List<byte[][]> cmds = new ArrayList<>();
    List<byte[]> args = new ArrayList<>(List.of(utf8("PFADD"), utf8(key)));
    for (int i = 0; i < n; i++) {
      byte[] e = utf8("e" + rnd.nextInt(1_000_000));
      h.add(e);
      args.add(e);
      if (args.size() == 202 || i == n - 1) {
        cmds.add(args.toArray(new byte[0][]));
        args = new ArrayList<>(List.of(utf8("PFADD"), utf8(key)));
      }
    }
    return new Sample(utf8(key), h, cmds);
  }

  static Sample bitmap(SplittableRandom rnd, String key, int bits, int maxOffset) {
    Bitmap b = Bitmap.create();
    List<byte[][]> cmds = new ArrayList<>();
    for (int i = 0; i < bits; i++) {
      long off = rnd.nextInt(maxOffset);
      b.setBit(off, true);
      cmds.add(new byte[][] {utf8("SETBIT"), utf8(key), utf8(Long.toString(off)), utf8("1")});
    }
    return new Sample(utf8(key), b, cmds);
  }

  static Sample list(SplittableRandom rnd, String key, int n) {
    QuickList ql = QuickList.create();
    List<byte[][]> cmds = new ArrayList<>();
    List<byte[]> args = new ArrayList<>(List.of(utf8("RPUSH"), utf8(key)));
    int maxLen = rnd.nextInt(5) == 0 ? 400 : 30;
    for (int i = 0; i < n; i++) {
      byte[] e = element(rnd, maxLen);
      ql.pushTail(e);
      args.add(e);
      if (args.size() == 202 || i == n - 1) {
        cmds.add(args.toArray(new byte[0][]));
        args = new ArrayList<>(List.of(utf8("RPUSH"), utf8(key)));
      }
    }
    return new Sample(utf8(key), ql, cmds);
  }

  static Sample zset(SplittableRandom rnd, String key, int n) {
    ZSet z = ZSet.create();
    List<byte[]> args = new ArrayList<>(List.of(utf8("ZADD"), utf8(key)));
    for (int i = 0; i < n; i++) {
      byte[] m = element(rnd, rnd.nextInt(10) == 0 ? 100 : 20);
      double score = rnd.nextInt(3) == 0 ? rnd.nextInt(100) : (rnd.nextDouble() - 0.5) * 1e6;
      z.add(m, score);
      args.add(utf8(Double.toString(score)));
      args.add(m);
    }
    return new Sample(utf8(key), z, List.<byte[][]>of(args.toArray(new byte[0][])));
  }

  /**
   * A set of integers (an intset up to 512 members, as in Redis) or, one time in three, of any
   * element shapes (a hashtable unless every member is an integer).
   */
  static Sample set(SplittableRandom rnd, String key, int n) {
    RedisSet set = RedisSet.create();
    boolean integers = rnd.nextInt(3) != 0;
    List<byte[][]> cmds = new ArrayList<>();
    List<byte[]> args = new ArrayList<>(List.of(utf8("SADD"), utf8(key)));
    for (int i = 0; i < n; i++) {
      byte[] m =
          integers
              ? utf8(Long.toString(rnd.nextLong() >> rnd.nextInt(64)))
              : element(rnd, rnd.nextInt(10) == 0 ? 100 : 20);
      set.add(m);
      args.add(m);
      if (args.size() == 202 || i == n - 1) {
        cmds.add(args.toArray(new byte[0][]));
        args = new ArrayList<>(List.of(utf8("SADD"), utf8(key)));
      }
    }
    return new Sample(utf8(key), set, cmds);
  }

  /**
   * A hash of fields and values of the element shapes: a listpack while it has at most 512 fields
   * and no field or value over 64 bytes, else a hashtable (as in Redis).
   */
  static Sample hash(SplittableRandom rnd, String key, int n) {
    RedisHash hash = RedisHash.create();
    List<byte[][]> cmds = new ArrayList<>();
    List<byte[]> args = new ArrayList<>(List.of(utf8("HSET"), utf8(key)));
    int maxLen = rnd.nextInt(8) == 0 ? 100 : 30;
    for (int i = 0; i < n; i++) {
      byte[] f = element(rnd, maxLen);
      byte[] v = element(rnd, maxLen);
      hash.put(f, v);
      args.add(f);
      args.add(v);
      if (args.size() >= 202 || i == n - 1) {
        cmds.add(args.toArray(new byte[0][]));
        args = new ArrayList<>(List.of(utf8("HSET"), utf8(key)));
      }
    }
    return new Sample(utf8(key), hash, cmds);
  }

  /** A string of one of the shapes rdbSaveRawString and the listpack encoder tell apart. */
  static byte[] element(SplittableRandom rnd, int maxLen) {
    switch (rnd.nextInt(6)) {
      case 0:
        return utf8(Long.toString(rnd.nextLong() >> rnd.nextInt(64)));
      case 1:
        return utf8(Integer.toString(rnd.nextInt(100_000) - 50_000));
      case 2:
        return utf8(rnd.nextBoolean() ? "-0" : "0" + rnd.nextInt(1000));
      case 3:
        return repeated(rnd, rnd.nextInt(maxLen + 1));
      case 4:
        return binary(rnd, rnd.nextInt(maxLen + 1));
      default:
        return utf8("v" + rnd.nextInt(1000));
    }
  }

  private static byte[] repeated(SplittableRandom rnd, int n) {
    byte[] b = new byte[n];
    String unit = "abcdefgh".substring(rnd.nextInt(8));
    for (int i = 0; i < n; i++) {
      b[i] = (byte) unit.charAt(i % unit.length());
    }
    return b;
  }

  private static byte[] binary(SplittableRandom rnd, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) rnd.nextInt(rnd.nextBoolean() ? 4 : 256);
    }
    return b;
  }
}
