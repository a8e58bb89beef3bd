package dev.redstruct.stream;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.stream.ConsumerGroup.Pending;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The Redis face of {@link RedisStream}: the stream commands of Redis 7.0.15 given their argument
 * byte strings exactly as a client sends them, answered with the reply bytes Redis would send
 * (RESP2 or RESP3), error texts included: {@code XADD XLEN XRANGE XREVRANGE XDEL XTRIM XSETID XREAD
 * XREADGROUP XGROUP XACK XPENDING XCLAIM XAUTOCLAIM XINFO}.
 *
 * <p>What the caller (a keyspace) provides: {@code keys}, whose {@code get} returns the stream
 * under a key or a {@link RedisStream#placeholder()} for a missing key (the same instance within
 * one call) and throws {@link ReplyError#WRONGTYPE} for another type; after the call the caller
 * keeps the streams that {@link RedisStream#isCreated()} and drops placeholders. {@code env} gives
 * the time, the node limits and takes the signal that blocked readers may be served. The arity has
 * been checked by the caller (the command table). XREAD and XREADGROUP never block here: with
 * {@code BLOCK} and nothing to serve they answer the null array, as Redis does for a client that
 * may not block; a server blocks them itself. Not thread-safe.
 */
public final class StreamCommands {
  /*
   * Implementation notes: one method per command, named after its t_stream.c function. A reply
   * error is thrown as ReplyError and replaces whatever the command began to write.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_INVALID_ID = "ERR Invalid stream ID specified as stream command argument";

  private StreamCommands() {}

  // the words of the propagated commands (Redis: shared.xclaim, shared.time, ...)
  private static final byte[] XCLAIM = ascii("XCLAIM");
  private static final byte[] XGROUP = ascii("XGROUP");
  private static final byte[] SETID = ascii("SETID");
  private static final byte[] ENTRIESREAD = ascii("ENTRIESREAD");
  private static final byte[] CREATECONSUMER = ascii("CREATECONSUMER");
  private static final byte[] ZERO = ascii("0");
  private static final byte[] TIME = ascii("TIME");
  private static final byte[] RETRYCOUNT = ascii("RETRYCOUNT");
  private static final byte[] FORCE = ascii("FORCE");
  private static final byte[] JUSTID = ascii("JUSTID");
  private static final byte[] LASTID = ascii("LASTID");

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** What the stream commands need from their caller besides the keys. */
  public interface Env {
    /**
     * The time in ms since the epoch (new IDs, delivery and seen times).
     *
     * @return the time
     */
    long nowMillis();

    /**
     * Redis's {@code stream-node-max-bytes}.
     *
     * @return the limit (0: none)
     */
    default long nodeMaxBytes() {
      return 4096;
    }

    /**
     * Redis's {@code stream-node-max-entries}.
     *
     * @return the limit (0: none)
     */
    default long nodeMaxEntries() {
      return 100;
    }

    /**
     * A stream got entries or lost a group: readers blocked on it may be served. Redis:
     * signalKeyAsReady.
     *
     * @param key the key
     */
    default void keyReady(byte[] key) {}

    /**
     * Whether the caller is a script (XREAD with BLOCK is refused there).
     *
     * @return true inside a script
     */
    default boolean fromScript() {
      return false;
    }
  }

  /**
   * Executes one stream command and appends its reply to {@code out}, in {@code out}'s protocol.
   *
   * @param argv the command name and its arguments
   * @param keys the stream of each key argument (see the class comment)
   * @param env the clock, the node limits and the ready signal
   * @param out where the reply goes
   * @throws IllegalArgumentException if {@code argv} names another command
   */
  public static void execute(byte[][] argv, KeyLookup<RedisStream> keys, Env env, RespWriter out) {
    Objects.requireNonNull(argv, "argv");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(env, "env");
    Objects.requireNonNull(out, "out");
    int start = out.mark();
    try {
      Ctx c = new Ctx(argv, keys, env, out);
      switch (lower(argv[0])) {
        case "xadd" -> Writes.xadd(c);
        case "xlen" -> out.integer(c.read(argv[1]) == null ? 0 : c.read(argv[1]).length);
        case "xrange" -> Reads.xrange(c, false);
        case "xrevrange" -> Reads.xrange(c, true);
        case "xdel" -> Writes.xdel(c);
        case "xtrim" -> Writes.xtrim(c);
        case "xsetid" -> Writes.xsetid(c);
        case "xread", "xreadgroup" -> Reads.xread(c);
        case "xgroup" -> Groups.xgroup(c);
        case "xack" -> Groups.xack(c);
        case "xpending" -> Groups.xpending(c);
        case "xclaim" -> Claims.xclaim(c);
        case "xautoclaim" -> Claims.xautoclaim(c);
        case "xinfo" -> Info.xinfo(c);
        default -> throw new IllegalArgumentException("not a stream command: " + lower(argv[0]));
      }
    } catch (ReplyError e) {
      out.rewind(start).error(e.getMessage());
    }
  }

  static String lower(byte[] a) {
    return new String(a, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
  }

  /** One call's arguments and collaborators. */
  static final class Ctx {
    final byte[][] argv;
    final KeyLookup<RedisStream> keys;
    final Env env;
    final RespWriter out;
    final long now;

    Ctx(byte[][] argv, KeyLookup<RedisStream> keys, Env env, RespWriter out) {
      this.argv = argv;
      this.keys = keys;
      this.env = env;
      this.out = out;
      this.now = env.nowMillis();
    }

    /** Redis: lookupKeyRead + checkType; null for a missing key. */
    RedisStream read(byte[] key) {
      RedisStream s = keys.get(key);
      return s.isCreated() ? s : null;
    }

    /** Redis: notifyKeyspaceEvent(NOTIFY_STREAM, event, key). */
    void notify(String event, byte[] key) {
      keys.notify(KeyLookup.NOTIFY_STREAM, event, key);
    }

    /** Redis: server.dirty += n. */
    void dirty(long n) {
      keys.dirty(n);
    }

    /**
     * Redis: streamPropagateXCLAIM: the pending entry as an idempotent XCLAIM ({@code XCLAIM key
     * group consumer 0 id TIME ms RETRYCOUNT n FORCE JUSTID LASTID last}), ahead of the command.
     */
    void propagateXclaim(byte[] key, ConsumerGroup g, byte[] group, byte[] id, Pending p) {
      keys.alsoPropagate(
          XCLAIM,
          key,
          group,
          p.consumer.name.clone(),
          ZERO,
          id,
          TIME,
          RedisNumbers.ll2string(p.deliveryTime),
          RETRYCOUNT,
          RedisNumbers.ll2string(p.deliveryCount),
          FORCE,
          JUSTID,
          LASTID,
          g.lastId.toBytes());
    }

    /** Redis: streamPropagateGroupID ({@code XGROUP SETID key group id ENTRIESREAD n}). */
    void propagateGroupId(byte[] key, ConsumerGroup g, byte[] group) {
      keys.alsoPropagate(
          XGROUP,
          SETID,
          key,
          group,
          g.lastId.toBytes(),
          ENTRIESREAD,
          RedisNumbers.ll2string(g.entriesRead));
    }

    /** Redis: streamPropagateConsumerCreation ({@code XGROUP CREATECONSUMER key group name}). */
    void propagateConsumerCreation(byte[] key, byte[] group, byte[] consumer) {
      keys.alsoPropagate(XGROUP, CREATECONSUMER, key, group, consumer.clone());
    }

    void id(StreamId id) {
      out.bulk(id.toBytes());
    }

    /** Redis: addReplyStreamID plus the field/value array of one entry. */
    void entry(StreamEntry e) {
      out.arrayHeader(2);
      id(e.id());
      byte[][] fv = e.raw();
      out.arrayHeader(fv.length);
      for (byte[] b : fv) {
        out.bulk(b);
      }
    }

    void entries(List<StreamEntry> es) {
      out.arrayHeader(es.size());
      for (StreamEntry e : es) {
        entry(e);
      }
    }
  }

  // ------------------------------------------------------------------ argument helpers

  /** Redis: getLongLongFromObjectOrReply. */
  static long parseLong(byte[] a, String err) {
    if (!RedisNumbers.isCanonicalLong(a, 0, a.length)) {
      throw new ReplyError(err == null ? ERR_NOT_INTEGER : "ERR " + err);
    }
    return RedisNumbers.parseCanonicalLong(a, 0, a.length);
  }

  /** Redis: streamParseIDOrReply (strict: no - or +). */
  static StreamId parseId(byte[] a, long missingSeq, boolean strict) {
    StreamId id = StreamIds.parse(a, missingSeq, strict);
    if (id == null) {
      throw new ReplyError(ERR_INVALID_ID);
    }
    return id;
  }

  /** Redis: streamParseIntervalIDOrReply; the start is raised past an exclusive bound. */
  static StreamId parseInterval(byte[] a, long missingSeq, boolean isStart) {
    boolean exclusive = a.length > 1 && a[0] == '(';
    if (!exclusive) {
      return parseId(a, missingSeq, false);
    }
    byte[] rest = java.util.Arrays.copyOfRange(a, 1, a.length);
    StreamId id = parseId(rest, missingSeq, true);
    StreamId moved = isStart ? id.next() : id.previous();
    if (moved == null) {
      throw new ReplyError(
          isStart
              ? "ERR invalid start ID for the interval"
              : "ERR invalid end ID for the interval");
    }
    return moved;
  }

  static boolean is(byte[] a, String word) {
    return RedisWords.is(a, word);
  }

  /** An error text that Redis's addReplyErrorFormat would send: newlines become spaces. */
  static String text(byte[] a) {
    return new String(a, StandardCharsets.ISO_8859_1).replace('\r', ' ').replace('\n', ' ');
  }
}
