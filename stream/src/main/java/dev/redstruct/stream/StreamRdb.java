package dev.redstruct.stream;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.listpack.ListPack;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The body of RDB type 19 ({@code RDB_TYPE_STREAM_LISTPACKS_2}): the nodes as they are, then the
 * counters, then each group with its PEL and consumers. Redis: rdbSaveObject and rdbLoadObject
 * (src/rdb.c), streamValidateListpackIntegrity (src/t_stream.c).
 */
final class StreamRdb {
  private StreamRdb() {}

  private static final String FORMAT = "stream RDB body";

  static void write(RedisStream s, RdbWriter w) {
    w.length(s.nodes.size());
    for (var e : s.nodes.entrySet()) {
      w.string(key(e.getKey()));
      w.string(e.getValue().toByteArray());
    }
    w.length(s.length);
    w.length(s.lastId.ms()).length(s.lastId.seq());
    w.length(s.firstId.ms()).length(s.firstId.seq());
    w.length(s.maxDeletedId.ms()).length(s.maxDeletedId.seq());
    w.length(s.entriesAdded);
    w.length(s.groups.size());
    for (ConsumerGroup g : s.groups.values()) {
      w.string(g.name);
      w.length(g.lastId.ms()).length(g.lastId.seq());
      w.length(g.entriesRead);
      w.length(g.pel.size());
      for (var e : g.pel.entrySet()) {
        w.raw(key(e.getKey()));
        w.raw(millis(e.getValue().deliveryTime));
        w.length(e.getValue().deliveryCount);
      }
      w.length(g.consumers.size());
      for (ConsumerGroup.Consumer c : g.consumers.values()) {
        w.string(c.name);
        w.raw(millis(c.seenTime));
        w.length(c.pel.size());
        for (StreamId id : c.pel.keySet()) {
          w.raw(key(id));
        }
      }
    }
  }

  /** Redis: streamEncodeID (two big-endian 64-bit numbers). */
  static byte[] key(StreamId id) {
    return ByteBuffer.allocate(16).putLong(id.ms()).putLong(id.seq()).array();
  }

  private static byte[] millis(long t) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(t).array();
  }

  private static CorruptEncodingException corrupt(RdbReader r, String reason) {
    return new CorruptEncodingException(FORMAT, r.position(), reason);
  }

  /** Reads and checks a body (untrusted: every count is bounded by the bytes left). */
  static RedisStream read(RdbReader r, boolean v2) {
    RedisStream s = RedisStream.create();
    long nodes = r.length();
    bound(r, nodes, 2);
    long sum = 0;
    StreamId prevLast = null;
    for (long i = 0; i < nodes; i++) {
      byte[] k = r.string();
      if (k.length != 16) {
        throw corrupt(r, "Stream node key entry is not the size of a stream ID");
      }
      ByteBuffer kb = ByteBuffer.wrap(k);
      StreamId master = new StreamId(kb.getLong(), kb.getLong());
      byte[] blob = r.string();
      ListPack lp;
      try {
        lp = ListPack.copyOf(blob);
      } catch (CorruptEncodingException e) {
        throw corrupt(r, "Stream listpack integrity check failed: " + e.reason());
      }
      if (lp.isEmpty()) {
        throw corrupt(r, "Empty listpack inside stream");
      }
      StreamNode n = checkNode(r, master, lp);
      if (s.nodes.containsKey(master)) {
        throw corrupt(r, "Listpack re-added with existing key");
      }
      if (prevLast != null && master.compareTo(prevLast) <= 0) {
        throw corrupt(r, "stream nodes overlap");
      }
      prevLast = n.entries.isEmpty() ? master : n.lastId();
      sum += n.count;
      s.nodes.put(master, lp);
    }
    s.length = r.length();
    s.lastId = new StreamId(r.length(), r.length());
    if (v2) {
      s.firstId = new StreamId(r.length(), r.length());
      s.maxDeletedId = new StreamId(r.length(), r.length());
      s.entriesAdded = r.length();
    } else { // Redis &lt;= 6.2: rdbLoadObject derives them
      s.entriesAdded = s.length;
      s.firstId = sum == 0 ? StreamId.MAX : s.edgeId(true);
    }
    if (s.length != sum) {
      throw corrupt(r, "Stream length inconsistent with rax entries");
    }
    if (prevLast != null && prevLast.compareTo(s.lastId) > 0) {
      throw corrupt(r, "stream entry after the last ID");
    }
    long groups = r.length();
    bound(r, groups, 4);
    for (long i = 0; i < groups; i++) {
      readGroup(r, s, v2);
    }
    return s;
  }

  private static void readGroup(RdbReader r, RedisStream s, boolean v2) {
    byte[] name = r.string();
    StreamId last = new StreamId(r.length(), r.length());
    long entriesRead = v2 ? r.length() : s.estimateDistance(last);
    if (s.groups.containsKey(name)) {
      throw corrupt(r, "Duplicated consumer group name");
    }
    ConsumerGroup g = new ConsumerGroup(name, last, entriesRead);
    s.groups.put(name, g);
    long pel = r.length();
    bound(r, pel, 25);
    for (long j = 0; j < pel; j++) {
      StreamId id = rawId(r);
      long time = ByteBuffer.wrap(r.raw(8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
      long count = r.length();
      if (g.pel.putIfAbsent(id, new ConsumerGroup.Pending(null, time, count)) != null) {
        throw corrupt(r, "Duplicated global PEL entry loading stream consumer group");
      }
    }
    long consumers = r.length();
    bound(r, consumers, 10);
    for (long j = 0; j < consumers; j++) {
      byte[] cname = r.string();
      long seen = ByteBuffer.wrap(r.raw(8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
      ConsumerGroup.Consumer c = g.createConsumer(cname, seen);
      if (c == null) {
        throw corrupt(r, "Duplicate stream consumer detected.");
      }
      long n = r.length();
      bound(r, n, 16);
      for (long k = 0; k < n; k++) {
        StreamId id = rawId(r);
        ConsumerGroup.Pending p = g.pel.get(id);
        if (p == null) {
          throw corrupt(r, "Consumer entry not found in group global PEL");
        }
        p.consumer = c;
        if (c.pel.putIfAbsent(id, p) != null) {
          throw corrupt(r, "Duplicated consumer PEL entry loading a stream consumer group");
        }
      }
    }
    for (ConsumerGroup.Pending p : g.pel.values()) {
      if (p.consumer == null) {
        throw corrupt(r, "Stream CG PEL entry without consumer");
      }
    }
  }

  private static StreamId rawId(RdbReader r) {
    ByteBuffer b = ByteBuffer.wrap(r.raw(16));
    return new StreamId(b.getLong(), b.getLong());
  }

  /** A declared count must fit the bytes left at {@code minBytes} bytes per item. */
  private static void bound(RdbReader r, long count, int minBytes) {
    if (count < 0 || count > r.remaining() / minBytes) {
      throw corrupt(r, "count " + Long.toUnsignedString(count) + " exceeds the bytes left");
    }
  }

  /**
   * Redis: streamValidateListpackIntegrity with deep set, plus what this decoder relies on: entry
   * IDs inside the node, ascending, from the master ID; live and deleted counts matching the flags.
   */
  private static StreamNode checkNode(RdbReader r, StreamId master, ListPack lp) {
    Object[] el = StreamNode.elements(lp);
    int p = 0;
    long count = integer(r, el, p++);
    long deleted = integer(r, el, p++);
    long fields = integer(r, el, p++);
    if (count < 0 || deleted < 0 || fields < 0 || fields > el.length) {
      throw corrupt(r, "Stream listpack integrity check failed: master entry");
    }
    p += (int) fields;
    if (integer(r, el, p++) != 0) {
      throw corrupt(r, "Stream listpack integrity check failed: master entry terminator");
    }
    long total = count + deleted;
    long live = 0;
    long dead = 0;
    StreamId prev = null;
    for (long e = 0; e < total; e++) {
      long flags = integer(r, el, p++);
      long ms = integer(r, el, p++);
      long seq = integer(r, el, p++);
      long n = fields;
      long extra = 3;
      if ((flags & StreamNode.FLAG_SAMEFIELDS) == 0) {
        n = integer(r, el, p++);
        if (n < 0 || n > el.length) {
          throw corrupt(r, "Stream listpack integrity check failed: num-fields");
        }
        p += (int) n;
        extra += n + 1;
      }
      p += (int) n;
      if (integer(r, el, p++) != n + extra) {
        throw corrupt(r, "Stream listpack integrity check failed: lp-count");
      }
      StreamId id = new StreamId(master.ms() + ms, master.seq() + seq);
      if ((prev == null && id.compareTo(master) < 0) || (prev != null && id.compareTo(prev) <= 0)) {
        throw corrupt(r, "stream entry IDs out of order");
      }
      prev = id;
      if ((flags & StreamNode.FLAG_DELETED) != 0) {
        dead++;
      } else {
        live++;
      }
    }
    if (p != el.length) {
      throw corrupt(r, "Stream listpack integrity check failed: trailing elements");
    }
    if (live != count || dead != deleted || total == 0) {
      throw corrupt(r, "stream node counts do not match its entries");
    }
    return new StreamNode(master, lp);
  }

  private static long integer(RdbReader r, Object[] el, int i) {
    if (i < 0 || i >= el.length) {
      throw corrupt(r, "Stream listpack integrity check failed: truncated entry");
    }
    if (!(el[i] instanceof Long v)) {
      throw corrupt(r, "Stream listpack integrity check failed: integer expected");
    }
    return v;
  }
}
