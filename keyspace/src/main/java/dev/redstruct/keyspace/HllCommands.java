package dev.redstruct.keyspace;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.hll.HyperLogLog;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * {@code PFADD PFCOUNT PFMERGE} on string keys, as Redis 7.0.15's src/hyperloglog.c runs them, over
 * hll's {@link HyperLogLog} (the value's bytes are the sketch, byte for byte); {@code PFDEBUG
 * GETREG|DECODE|ENCODING|TODENSE}. {@code PFSELFTEST} (a test of Redis's own code) is not offered.
 */
final class HllCommands {
  /*
   * Implementation notes. Redis checks a value in two steps: isHLLObjectOrReply (the header: a
   * string of at least 16 bytes, "HYLL", encoding 0 or 1, a dense one exactly 12304 bytes long;
   * else "WRONGTYPE Key is not a valid HyperLogLog string value.") before anything changes, then
   * the sparse body while it works on it (INVALIDOBJ). HyperLogLog checks the body whole when it
   * loads the bytes, so here the header check comes first (isHll), then the key is unshared as in
   * Redis (a PFADD or single-key PFCOUNT makes the value raw even when it then fails), then the
   * sketch is loaded (INVALIDOBJ on a bad body). Difference: Redis finds a bad sparse body only
   * where its walk reaches it, so a few corrupt values that Redis still reads or adds to get
   * INVALIDOBJ here (PFADD without elements loads nothing, as in Redis).
   */
  static final String ERR_NOT_HLL = "WRONGTYPE Key is not a valid HyperLogLog string value.";
  static final String ERR_INVALID = "INVALIDOBJ Corrupted HLL object detected";

  /** HLL_HDR_SIZE and HLL_DENSE_SIZE, src/hyperloglog.c. */
  private static final int HDR_SIZE = 16;

  private static final int DENSE_SIZE = HDR_SIZE + (16384 * 6 + 7) / 8;

  private HllCommands() {}

  static void run(String name, byte[][] argv, StringKeys keys, RespWriter out) {
    switch (name) {
      case "pfadd" -> pfadd(argv, keys, out);
      case "pfcount" -> pfcount(argv, keys, out);
      case "pfmerge" -> pfmerge(argv, keys, out);
      case "pfdebug" -> pfdebug(argv, keys, out);
      case "pfselftest" -> pfselftest(out);
      default -> throw new IllegalArgumentException("not a PF command: " + name);
    }
  }

  /** Redis: pfselftestCommand, on the hll module's registers and estimator. */
  private static void pfselftest(RespWriter out) {
    String failed = HyperLogLog.selfTest(new java.util.SplittableRandom());
    if (failed != null) {
      throw new ReplyError("ERR " + failed);
    }
    out.simple("OK");
  }

  /** Redis: isHLLObjectOrReply after checkType: the header only. */
  private static void checkHeader(RedisString v) {
    if (v instanceof RedisString.Raw r && r.isHyperLogLogView()) {
      return; // loaded before, so valid
    }
    byte[] s = v instanceof RedisString.Int ? null : v.bytesForRead();
    boolean ok =
        s != null
            && s.length >= HDR_SIZE
            && s[0] == 'H'
            && s[1] == 'Y'
            && s[2] == 'L'
            && s[3] == 'L'
            && (s[4] & 0xFF) <= 1
            && (s[4] != 0 || s.length == DENSE_SIZE);
    if (!ok) {
      throw new ReplyError(ERR_NOT_HLL);
    }
  }

  /** The sketch of a value whose header passed, for reading (a raw value keeps it as its view). */
  private static HyperLogLog sketch(RedisString v) {
    try {
      return v instanceof RedisString.Raw r
          ? r.hyperLogLog()
          : HyperLogLog.copyOf(v.bytesForRead());
    } catch (CorruptEncodingException e) {
      throw new ReplyError(HyperLogLog.redisError(e));
    }
  }

  /** Redis: pfaddCommand. */
  private static void pfadd(byte[][] argv, StringKeys keys, RespWriter out) {
    byte[] key = argv[1];
    RedisString v = keys.get(key);
    boolean updated = false;
    RedisString.Raw r;
    if (v == null) {
      r = RedisString.raw(HyperLogLog.create());
      keys.replace(key, r);
      updated = true;
    } else {
      checkHeader(v);
      r = StringEdits.unshare(key, v, keys);
    }
    if (argv.length > 2) {
      HyperLogLog h = sketch(r);
      for (int j = 2; j < argv.length; j++) {
        updated |= h.add(argv[j]);
      }
    }
    if (updated) {
      keys.modified(key);
    }
    out.integer(updated ? 1 : 0);
  }

  /** Redis: pfcountCommand: one key uses and refreshes its cache, several merge. */
  private static void pfcount(byte[][] argv, StringKeys keys, RespWriter out) {
    if (argv.length > 2) {
      HyperLogLog[] sketches = new HyperLogLog[argv.length - 1];
      int n = 0;
      for (int j = 1; j < argv.length; j++) {
        RedisString v = keys.get(argv[j]);
        if (v != null) {
          checkHeader(v);
          sketches[n++] = sketch(v);
        }
      }
      out.integer(HyperLogLog.redisCountUnion(Arrays.copyOf(sketches, n)));
      return;
    }
    byte[] key = argv[1];
    RedisString v = keys.get(key);
    if (v == null) {
      out.integer(0);
      return;
    }
    checkHeader(v);
    RedisString.Raw raw = StringEdits.unshare(key, v, keys); // Redis: dbUnshareStringValue
    if (!raw.isHyperLogLogView()) {
      // A valid cache is the reply without reading the body, however the body reads.
      OptionalLong header = HyperLogLog.cachedCount(raw.bytesForRead());
      if (header.isPresent()) {
        out.integer(header.getAsLong());
        return;
      }
    }
    HyperLogLog h = sketch(raw);
    boolean cached = h.isCacheValid();
    long card = h.redisCount();
    if (!cached) {
      keys.modified(key);
    }
    out.integer(card);
  }

  /** Redis: pfmergeCommand: the target is one of the inputs. */
  private static void pfmerge(byte[][] argv, StringKeys keys, RespWriter out) {
    HyperLogLog[] sources = new HyperLogLog[argv.length - 1];
    int n = 0;
    for (int j = 1; j < argv.length; j++) {
      RedisString v = keys.get(argv[j]);
      if (v != null) {
        checkHeader(v);
        sources[n++] = sketch(v);
      }
    }
    byte[] key = argv[1];
    RedisString v = keys.get(key);
    RedisString.Raw r;
    if (v == null) {
      r = RedisString.raw(HyperLogLog.create());
      keys.replace(key, r);
    } else {
      r = StringEdits.unshare(key, v, keys);
    }
    sketch(r).merge(Arrays.copyOf(sources, n));
    keys.modified(key);
    out.simple("OK");
  }

  /**
   * Redis: pfdebugCommand. GETREG and TODENSE turn a sparse value dense for good (without
   * signalling the key, as Redis does not); DECODE prints a sparse body's opcodes.
   */
  private static void pfdebug(byte[][] argv, StringKeys keys, RespWriter out) {
    String cmd = new String(argv[1], java.nio.charset.StandardCharsets.ISO_8859_1);
    byte[] key = argv[2];
    RedisString v = keys.get(key);
    if (v == null) {
      throw new ReplyError("ERR The specified key does not exist");
    }
    checkHeader(v);
    HyperLogLog h = sketch(StringEdits.unshare(key, v, keys));
    switch (cmd.toLowerCase(java.util.Locale.ROOT)) {
      case "getreg" -> {
        h.toDense();
        out.arrayHeader(16384);
        for (int j = 0; j < 16384; j++) {
          out.integer(h.register(j));
        }
      }
      case "decode" -> {
        if (h.isDense()) {
          throw new ReplyError("ERR HLL encoding is not sparse");
        }
        out.bulk(decode(h.toByteArray()).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      }
      case "encoding" -> out.simple(h.isDense() ? "dense" : "sparse");
      case "todense" -> out.integer(h.toDense() ? 1 : 0);
      default -> throw new ReplyError("ERR Unknown PFDEBUG subcommand '" + cmd + "'");
    }
  }

  /** PFDEBUG DECODE's text of a sparse body: "z:len", "Z:len" and "v:value,len" opcodes. */
  private static String decode(byte[] s) {
    StringBuilder sb = new StringBuilder();
    int p = HDR_SIZE;
    while (p < s.length) {
      int b = s[p] & 0xFF;
      if ((b & 0xC0) == 0) {
        sb.append("z:").append((b & 0x3F) + 1).append(' ');
        p++;
      } else if ((b & 0xC0) == 0x40) {
        int next = p + 1 < s.length ? s[p + 1] & 0xFF : 0;
        sb.append("Z:").append((((b & 0x3F) << 8) | next) + 1).append(' ');
        p += 2;
      } else {
        sb.append("v:").append(((b >> 2) & 0x1F) + 1).append(',').append((b & 3) + 1).append(' ');
        p++;
      }
    }
    return sb.toString().trim();
  }
}
