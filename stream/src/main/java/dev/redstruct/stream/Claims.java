package dev.redstruct.stream;

import static dev.redstruct.stream.StreamCommands.is;
import static dev.redstruct.stream.StreamCommands.parseId;
import static dev.redstruct.stream.StreamCommands.parseInterval;
import static dev.redstruct.stream.StreamCommands.parseLong;
import static dev.redstruct.stream.StreamCommands.text;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.stream.ConsumerGroup.Consumer;
import dev.redstruct.stream.ConsumerGroup.Pending;
import dev.redstruct.stream.StreamCommands.Ctx;
import java.util.ArrayList;
import java.util.List;

/** XCLAIM and XAUTOCLAIM. Redis: their functions in src/t_stream.c. */
final class Claims {
  private Claims() {}

  private static ReplyError noGroup(Ctx c) {
    return new ReplyError(
        "NOGROUP No such key '"
            + text(c.argv[1])
            + "' or consumer group '"
            + text(c.argv[2])
            + "'");
  }

  /** Redis: xclaimCommand. */
  static void xclaim(Ctx c) {
    byte[][] argv = c.argv;
    RedisStream s = c.read(argv[1]);
    ConsumerGroup g = s == null ? null : s.groups.get(argv[2]);
    if (g == null) {
      throw new ReplyError(
          "NOGROUP No such key '" + text(argv[1]) + "' or consumer group '" + text(argv[2]) + "'");
    }
    long minIdle = parseLong(argv[4], "Invalid min-idle-time argument for XCLAIM");
    if (minIdle < 0) {
      minIdle = 0;
    }
    List<StreamId> ids = new ArrayList<>();
    int j = 5;
    for (; j < argv.length; j++) {
      StreamId id = StreamIds.parse(argv[j], 0, true);
      if (id == null) {
        break;
      }
      ids.add(id);
    }
    long now = c.now;
    long retryCount = -1;
    long deliveryTime = -1;
    boolean force = false;
    boolean justId = false;
    StreamId lastId = StreamId.MIN;
    for (; j < argv.length; j++) {
      int more = argv.length - 1 - j;
      byte[] opt = argv[j];
      if (is(opt, "force")) {
        force = true;
      } else if (is(opt, "justid")) {
        justId = true;
      } else if (is(opt, "idle") && more > 0) {
        j++;
        deliveryTime = now - parseLong(argv[j], "Invalid IDLE option argument for XCLAIM");
      } else if (is(opt, "time") && more > 0) {
        j++;
        deliveryTime = parseLong(argv[j], "Invalid TIME option argument for XCLAIM");
      } else if (is(opt, "retrycount") && more > 0) {
        j++;
        retryCount = parseLong(argv[j], "Invalid RETRYCOUNT option argument for XCLAIM");
      } else if (is(opt, "lastid") && more > 0) {
        j++;
        lastId = parseId(argv[j], 0, true);
      } else {
        throw new ReplyError("ERR Unrecognized XCLAIM option '" + cstr(opt) + "'");
      }
    }
    boolean propagateLastId = false;
    if (lastId.compareTo(g.lastId) > 0) {
      g.lastId = lastId;
      propagateLastId = true;
    }
    if (deliveryTime != -1) {
      if (deliveryTime < 0 || deliveryTime > now) {
        deliveryTime = now;
      }
    } else {
      deliveryTime = now;
    }
    Consumer consumer = null;
    int mark = c.out.mark();
    int n = 0;
    RespCollector items = new RespCollector();
    for (int k = 0; k < ids.size(); k++) {
      StreamId id = ids.get(k);
      byte[] idArg = argv[5 + k]; // Redis propagates the argument as given
      Pending p = g.pel.get(id);
      StreamEntry e = s.entry(id);
      if (e == null) {
        if (p != null) {
          c.propagateXclaim(argv[1], g, argv[2], idArg, p);
          propagateLastId = false;
          c.dirty(1);
          g.pel.remove(id);
          p.consumer.pel.remove(id);
        }
        continue;
      }
      if (force && p == null) {
        p = new Pending(null, now, 1);
        g.pel.put(id, p);
      }
      if (p == null) {
        continue;
      }
      if (p.consumer != null && minIdle != 0 && now - p.deliveryTime < minIdle) {
        continue;
      }
      if (consumer == null) {
        consumer = g.consumer(argv[3], true, now);
        if (consumer == null) {
          consumer = g.createConsumer(argv[3], now);
          c.dirty(1);
          c.notify("xgroup-createconsumer", argv[1]);
        }
      }
      if (p.consumer != consumer && p.consumer != null) {
        p.consumer.pel.remove(id);
      }
      p.deliveryTime = deliveryTime;
      if (retryCount >= 0) {
        p.deliveryCount = retryCount;
      } else if (!justId) {
        p.deliveryCount++;
      }
      if (p.consumer != consumer) {
        consumer.pel.put(id, p);
        p.consumer = consumer;
      }
      items.add(justId ? null : e, id);
      n++;
      c.propagateXclaim(argv[1], g, argv[2], idArg, p);
      propagateLastId = false;
      c.dirty(1);
    }
    if (propagateLastId) {
      c.propagateGroupId(argv[1], g, argv[2]);
      c.dirty(1);
    }
    c.keys.preventPropagation();
    c.out.rewind(mark);
    c.out.arrayHeader(n);
    items.write(c);
  }

  /** The claimed entries (or IDs) in order, written after the count is known. */
  private static final class RespCollector {
    private final List<StreamEntry> entries = new ArrayList<>();
    private final List<StreamId> ids = new ArrayList<>();

    void add(StreamEntry e, StreamId id) {
      entries.add(e);
      ids.add(id);
    }

    void write(Ctx c) {
      for (int i = 0; i < ids.size(); i++) {
        if (entries.get(i) == null) {
          c.id(ids.get(i));
        } else {
          c.entry(entries.get(i));
        }
      }
    }
  }

  /** The C string of an argument (Redis prints up to the first NUL). */
  static String cstr(byte[] a) {
    int n = 0;
    while (n < a.length && a[n] != 0) {
      n++;
    }
    return text(java.util.Arrays.copyOf(a, n));
  }

  /** Redis: xautoclaimCommand. */
  static void xautoclaim(Ctx c) {
    byte[][] argv = c.argv;
    long minIdle = parseLong(argv[4], "Invalid min-idle-time argument for XAUTOCLAIM");
    if (minIdle < 0) {
      minIdle = 0;
    }
    StreamId start = parseInterval(argv[5], 0, true);
    long count = 100;
    boolean justId = false;
    int j = 6;
    while (j < argv.length) {
      int more = argv.length - 1 - j;
      if (is(argv[j], "count") && more > 0) {
        long max = Long.MAX_VALUE / 16;
        byte[] a = argv[j + 1];
        if (!RedisNumbers.isCanonicalLong(a, 0, a.length)) {
          throw new ReplyError("ERR COUNT must be > 0");
        }
        count = RedisNumbers.parseCanonicalLong(a, 0, a.length);
        if (count < 1 || count > max) {
          throw new ReplyError("ERR COUNT must be > 0");
        }
        j++;
      } else if (is(argv[j], "justid")) {
        justId = true;
      } else {
        throw new ReplyError(StreamCommands.ERR_SYNTAX);
      }
      j++;
    }
    RedisStream s = c.read(argv[1]);
    ConsumerGroup g = s == null ? null : s.groups.get(argv[2]);
    if (g == null) {
      throw noGroup(c);
    }
    long attempts = count * 10;
    long now = c.now;
    Consumer consumer = null;
    List<StreamId> deletedIds = new ArrayList<>();
    RespCollector items = new RespCollector();
    int n = 0;
    StreamId cursor = start;
    StreamId endId = StreamId.MIN;
    while (true) {
      var next = cursor == null ? null : g.pel.ceilingEntry(cursor);
      if (attempts-- == 0 || count == 0 || next == null) {
        // Redis: raxNext once more for the next cursor
        if (next != null) {
          endId = next.getKey();
        }
        break;
      }
      StreamId id = next.getKey();
      Pending p = next.getValue();
      cursor = id.next();
      StreamEntry e = s.entry(id);
      if (e == null) {
        c.propagateXclaim(argv[1], g, argv[2], id.toBytes(), p);
        c.dirty(1);
        g.pel.remove(id);
        p.consumer.pel.remove(id);
        deletedIds.add(id);
        count--;
        continue;
      }
      if (minIdle != 0 && now - p.deliveryTime < minIdle) {
        continue;
      }
      if (consumer == null) {
        consumer = g.consumer(argv[3], true, now);
        if (consumer == null) {
          consumer = g.createConsumer(argv[3], now);
          c.dirty(1);
          c.notify("xgroup-createconsumer", argv[1]);
        }
      }
      if (p.consumer != consumer && p.consumer != null) {
        p.consumer.pel.remove(id);
      }
      p.deliveryTime = now;
      if (!justId) {
        p.deliveryCount++;
      }
      if (p.consumer != consumer) {
        consumer.pel.put(id, p);
        p.consumer = consumer;
      }
      items.add(justId ? null : e, id);
      n++;
      count--;
      c.propagateXclaim(argv[1], g, argv[2], id.toBytes(), p);
      c.dirty(1);
    }
    c.keys.preventPropagation();
    c.out.arrayHeader(3);
    c.id(endId);
    c.out.arrayHeader(n);
    items.write(c);
    c.out.arrayHeader(deletedIds.size());
    for (StreamId id : deletedIds) {
      c.id(id);
    }
  }
}
