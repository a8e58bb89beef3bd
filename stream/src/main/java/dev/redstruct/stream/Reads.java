package dev.redstruct.stream;

import static dev.redstruct.stream.StreamCommands.is;
import static dev.redstruct.stream.StreamCommands.parseId;
import static dev.redstruct.stream.StreamCommands.parseInterval;
import static dev.redstruct.stream.StreamCommands.parseLong;
import static dev.redstruct.stream.StreamCommands.text;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.stream.ConsumerGroup.Consumer;
import dev.redstruct.stream.ConsumerGroup.Pending;
import dev.redstruct.stream.StreamCommands.Ctx;
import java.util.ArrayList;
import java.util.List;

/** XRANGE, XREVRANGE, XREAD, XREADGROUP. Redis: their functions in src/t_stream.c. */
final class Reads {
  private Reads() {}

  /** Redis: xrangeGenericCommand. */
  static void xrange(Ctx c, boolean rev) {
    byte[] startArg = rev ? c.argv[3] : c.argv[2];
    byte[] endArg = rev ? c.argv[2] : c.argv[3];
    StreamId start = parseInterval(startArg, 0, true);
    StreamId end = parseInterval(endArg, -1L, false);
    long count = -1;
    for (int j = 4; j < c.argv.length; j++) {
      int additional = c.argv.length - j - 1;
      if (is(c.argv[j], "count") && additional >= 1) {
        count = parseLong(c.argv[j + 1], null);
        if (count < 0) {
          count = 0;
        }
        j++;
      } else {
        throw new ReplyError(StreamCommands.ERR_SYNTAX);
      }
    }
    RedisStream s = c.read(c.argv[1]);
    if (s == null) {
      c.out.arrayHeader(0);
      return;
    }
    if (count == 0) {
      c.out.nullArrayReply();
      return;
    }
    c.entries(s.range(start, end, count == -1 ? 0 : count, rev));
  }

  /** Redis: xreadCommand, without blocking (see StreamCommands). */
  static void xread(Ctx c) {
    byte[][] argv = c.argv;
    boolean group = argv[0].length == 10;
    long timeout = -1;
    long count = 0;
    int streamsArg = 0;
    int streams = 0;
    boolean noack = false;
    byte[] groupName = null;
    byte[] consumerName = null;
    for (int i = 1; i < argv.length; i++) {
      int more = argv.length - i - 1;
      byte[] o = argv[i];
      if (is(o, "block") && more > 0) {
        if (c.env.fromScript()) {
          throw new ReplyError(
              "ERR "
                  + new String(argv[0], java.nio.charset.StandardCharsets.ISO_8859_1)
                  + " command is not allowed with BLOCK option from scripts");
        }
        i++;
        timeout = parseLong(argv[i], "timeout is not an integer or out of range");
        if (timeout < 0) {
          throw new ReplyError("ERR timeout is negative");
        }
      } else if (is(o, "count") && more > 0) {
        i++;
        count = parseLong(argv[i], null);
        if (count < 0) {
          count = 0;
        }
      } else if (is(o, "streams") && more > 0) {
        streamsArg = i + 1;
        streams = argv.length - streamsArg;
        if (streams % 2 != 0) {
          throw new ReplyError(
              "ERR Unbalanced XREAD list of streams: for each stream key an ID or '$' must be"
                  + " specified.");
        }
        streams /= 2;
        break;
      } else if (is(o, "group") && more >= 2) {
        if (!group) {
          throw new ReplyError(
              "ERR The GROUP option is only supported by XREADGROUP. You called XREAD instead.");
        }
        groupName = argv[i + 1];
        consumerName = argv[i + 2];
        i += 2;
      } else if (is(o, "noack")) {
        if (!group) {
          throw new ReplyError(
              "ERR The NOACK option is only supported by XREADGROUP. You called XREAD instead.");
        }
        noack = true;
      } else {
        throw new ReplyError(StreamCommands.ERR_SYNTAX);
      }
    }
    if (streamsArg == 0) {
      throw new ReplyError(StreamCommands.ERR_SYNTAX);
    }
    if (group && groupName == null) {
      throw new ReplyError("ERR Missing GROUP option for XREADGROUP");
    }
    StreamId[] ids = new StreamId[streams];
    ConsumerGroup[] groups = new ConsumerGroup[streams];
    for (int i = streamsArg + streams; i < argv.length; i++) {
      int idx = i - streamsArg - streams;
      byte[] key = argv[i - streams];
      RedisStream s = c.read(key);
      if (groupName != null) {
        ConsumerGroup g = s == null ? null : s.groups.get(groupName);
        if (g == null) {
          throw new ReplyError(
              "NOGROUP No such key '"
                  + text(key)
                  + "' or consumer group '"
                  + text(groupName)
                  + "' in XREADGROUP with GROUP option");
        }
        groups[idx] = g;
      }
      byte[] a = argv[i];
      if (a.length == 1 && a[0] == '$') {
        if (group) {
          throw new ReplyError(
              "ERR The $ ID is meaningless in the context of XREADGROUP: you want to read the"
                  + " history of this consumer by specifying a proper ID, or use the > ID to get"
                  + " new messages. The $ ID would just return an empty result set.");
        }
        ids[idx] = s == null ? StreamId.MIN : s.lastId;
      } else if (a.length == 1 && a[0] == '>') {
        if (!group) {
          throw new ReplyError(
              "ERR The > ID can be specified only when calling XREADGROUP using the GROUP <group>"
                  + " <consumer> option.");
        }
        ids[idx] = StreamId.MAX;
      } else {
        ids[idx] = parseId(a, 0, true);
      }
    }
    int served = 0;
    int mark = c.out.mark();
    List<Runnable> none = new ArrayList<>();
    for (int i = 0; i < streams; i++) {
      RedisStream s = c.read(argv[streamsArg + i]);
      if (s == null) {
        continue;
      }
      StreamId gt = ids[i];
      boolean sync = false;
      boolean history = false;
      if (groupName != null) {
        if (!gt.equals(StreamId.MAX)) {
          sync = true;
          history = true;
        } else if (s.length > 0 && s.edgeId(false).compareTo(groups[i].lastId) > 0) {
          sync = true;
        }
      } else if (s.length > 0 && s.edgeId(false).compareTo(gt) > 0) {
        sync = true;
      }
      if (!sync) {
        continue;
      }
      served++;
      if (c.out.protocol() == 2) {
        c.out.arrayHeader(2);
      }
      c.out.bulk(argv[streamsArg + i]);
      StreamId from = groupName != null && !history ? groups[i].lastId.next() : gt.next();
      if (groupName == null) {
        c.entries(s.range(from == null ? StreamId.MAX : from, StreamId.MAX, count, false));
        continue;
      }
      ConsumerGroup g = groups[i];
      Consumer consumer = g.consumer(consumerName, true, c.now);
      byte[] key = argv[streamsArg + i];
      if (consumer == null) {
        consumer = g.createConsumer(consumerName, c.now);
        c.dirty(1);
        c.notify("xgroup-createconsumer", key);
        if (noack) {
          c.propagateConsumerCreation(key, groupName, consumer.name);
        }
      }
      if (history) {
        fromPel(c, s, from, count, consumer);
      } else {
        deliver(c, s, key, g, groupName, consumer, from, count, noack);
      }
      c.dirty(1);
    }
    // Redis: the reads propagate as what they changed (XCLAIM, XGROUP), never themselves
    c.keys.preventPropagation();
    if (served > 0) {
      // the top-level header goes before the per-stream replies
      byte[] body = c.out.toByteArray();
      byte[] tail = java.util.Arrays.copyOfRange(body, mark, body.length);
      c.out.rewind(mark);
      if (c.out.protocol() == 2) {
        c.out.arrayHeader(served);
      } else {
        c.out.mapHeader(served);
      }
      c.out.raw(tail);
      return;
    }
    none.clear();
    c.out.nullArrayReply();
  }

  /** Redis: streamReplyWithRange with a group and consumer (new entries: ">"). */
  static void deliver(
      Ctx c,
      RedisStream s,
      byte[] key,
      ConsumerGroup g,
      byte[] groupName,
      Consumer consumer,
      StreamId from,
      long count,
      boolean noack) {
    List<StreamEntry> es = from == null ? List.of() : s.range(from, StreamId.MAX, count, false);
    boolean propagateLastId = false;
    for (StreamEntry e : es) {
      StreamId id = e.id();
      if (id.compareTo(g.lastId) > 0) {
        if (g.entriesRead != ConsumerGroup.INVALID_ENTRIES_READ
            && !s.rangeHasTombstones(id, null)) {
          g.entriesRead++;
        } else if (s.entriesAdded != 0) {
          g.entriesRead = s.estimateDistance(id);
        }
        g.lastId = id;
        propagateLastId = noack; // otherwise each XCLAIM carries it (LASTID)
      }
      if (!noack) {
        Pending p = g.pel.get(id);
        if (p == null) {
          p = new Pending(consumer, c.now, 1);
          g.pel.put(id, p);
          consumer.pel.put(id, p);
        } else {
          p.consumer.pel.remove(id);
          p.consumer = consumer;
          p.deliveryTime = c.now;
          p.deliveryCount = 1;
          consumer.pel.put(id, p);
        }
        c.propagateXclaim(key, g, groupName, id.toBytes(), p);
      }
    }
    if (propagateLastId) {
      c.propagateGroupId(key, g, groupName);
    }
    c.entries(es);
  }

  /** Redis: streamReplyWithRangeFromConsumerPEL. */
  static void fromPel(Ctx c, RedisStream s, StreamId start, long count, Consumer consumer) {
    List<StreamId> ids = new ArrayList<>();
    if (start != null) {
      for (StreamId id : consumer.pel.tailMap(start, true).keySet()) {
        if (count != 0 && ids.size() >= count) {
          break;
        }
        ids.add(id);
      }
    }
    c.out.arrayHeader(ids.size());
    for (StreamId id : ids) {
      StreamEntry e = s.entry(id);
      if (e == null) {
        c.out.arrayHeader(2);
        c.id(id);
        c.out.nullArrayReply();
      } else {
        Pending p = consumer.pel.get(id);
        p.deliveryTime = c.now;
        p.deliveryCount++;
        c.entry(e);
      }
    }
  }
}
