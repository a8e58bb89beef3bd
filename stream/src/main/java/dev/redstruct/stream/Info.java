package dev.redstruct.stream;

import static dev.redstruct.stream.StreamCommands.is;
import static dev.redstruct.stream.StreamCommands.parseLong;
import static dev.redstruct.stream.StreamCommands.text;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.stream.ConsumerGroup.Consumer;
import dev.redstruct.stream.ConsumerGroup.Pending;
import dev.redstruct.stream.StreamCommands.Ctx;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** XINFO. Redis: xinfoCommand and xinfoReplyWithStreamInfo, src/t_stream.c. */
final class Info {
  private Info() {}

  private static final String[] HELP = {
    "CONSUMERS <key> <groupname>",
    "    Show consumers of <groupname>.",
    "GROUPS <key>",
    "    Show the stream consumer groups.",
    "STREAM <key> [FULL [COUNT <count>]",
    "    Show information about the stream.",
  };

  static void xinfo(Ctx c) {
    byte[][] argv = c.argv;
    if (is(argv[1], "help")) {
      if (argv.length != 2) {
        throw Groups.subcommandSyntax(c);
      }
      Groups.help(c, "XINFO", HELP);
      return;
    } else if (argv.length < 3) {
      throw Groups.subcommandSyntax(c);
    }
    RedisStream s = c.read(argv[2]);
    if (s == null) {
      throw new ReplyError("ERR no such key");
    }
    if (is(argv[1], "consumers") && argv.length == 4) {
      ConsumerGroup g = s.groups.get(argv[3]);
      if (g == null) {
        throw new ReplyError(
            "NOGROUP No such consumer group '"
                + text(argv[3])
                + "' for key name '"
                + text(argv[2])
                + "'");
      }
      c.out.arrayHeader(g.consumers.size());
      for (Consumer k : g.consumers.values()) {
        c.out.mapHeader(3);
        bulk(c, "name");
        c.out.bulk(k.name);
        bulk(c, "pending");
        c.out.integer(k.pel.size());
        bulk(c, "idle");
        c.out.integer(Math.max(0, c.now - k.seenTime));
      }
    } else if (is(argv[1], "groups") && argv.length == 3) {
      c.out.arrayHeader(s.groups.size());
      for (ConsumerGroup g : s.groups.values()) {
        c.out.mapHeader(6);
        bulk(c, "name");
        c.out.bulk(g.name);
        bulk(c, "consumers");
        c.out.integer(g.consumers.size());
        bulk(c, "pending");
        c.out.integer(g.pel.size());
        bulk(c, "last-delivered-id");
        c.id(g.lastId);
        groupCounters(c, s, g);
      }
    } else if (is(argv[1], "stream")) {
      stream(c, s);
    } else {
      throw Groups.subcommandSyntax(c);
    }
  }

  private static void groupCounters(Ctx c, RedisStream s, ConsumerGroup g) {
    bulk(c, "entries-read");
    if (g.entriesRead != ConsumerGroup.INVALID_ENTRIES_READ) {
      c.out.integer(g.entriesRead);
    } else {
      c.out.nullReply();
    }
    bulk(c, "lag");
    Long lag = s.lag(g);
    if (lag == null) {
      c.out.nullReply();
    } else {
      c.out.integer(lag);
    }
  }

  private static void bulk(Ctx c, String s) {
    c.out.bulk(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Redis: xinfoReplyWithStreamInfo. */
  private static void stream(Ctx c, RedisStream s) {
    byte[][] argv = c.argv;
    int optc = argv.length - 3;
    boolean full = optc != 0;
    long count = 10;
    if (full) {
      if ((optc != 1 && optc != 3) || !is(argv[3], "full")) {
        throw Groups.subcommandSyntax(c);
      }
      if (optc == 3) {
        if (!is(argv[4], "count")) {
          throw Groups.subcommandSyntax(c);
        }
        count = parseLong(argv[5], null);
        if (count < 0) {
          count = 10;
        }
      }
    }
    c.out.mapHeader(full ? 9 : 10);
    bulk(c, "length");
    c.out.integer(s.length);
    bulk(c, "radix-tree-keys");
    c.out.integer(s.nodes.size());
    bulk(c, "radix-tree-nodes");
    c.out.integer(raxNodes(new ArrayList<>(s.nodes.keySet()), 0, s.nodes.size(), 0));
    bulk(c, "last-generated-id");
    c.id(s.lastId);
    bulk(c, "max-deleted-entry-id");
    c.id(s.maxDeletedId);
    bulk(c, "entries-added");
    c.out.integer(s.entriesAdded);
    bulk(c, "recorded-first-entry-id");
    c.id(s.firstId);
    if (!full) {
      bulk(c, "groups");
      c.out.integer(s.groups.size());
      bulk(c, "first-entry");
      List<StreamEntry> first = s.range(StreamId.MIN, StreamId.MAX, 1, false);
      if (first.isEmpty()) {
        c.out.nullReply();
      } else {
        c.entry(first.get(0));
      }
      bulk(c, "last-entry");
      List<StreamEntry> last = s.range(StreamId.MIN, StreamId.MAX, 1, true);
      if (last.isEmpty()) {
        c.out.nullReply();
      } else {
        c.entry(last.get(0));
      }
      return;
    }
    bulk(c, "entries");
    c.entries(s.range(StreamId.MIN, StreamId.MAX, count, false));
    bulk(c, "groups");
    c.out.arrayHeader(s.groups.size());
    for (ConsumerGroup g : s.groups.values()) {
      c.out.mapHeader(7);
      bulk(c, "name");
      c.out.bulk(g.name);
      bulk(c, "last-delivered-id");
      c.id(g.lastId);
      groupCounters(c, s, g);
      bulk(c, "pel-count");
      c.out.integer(g.pel.size());
      bulk(c, "pending");
      List<Map.Entry<StreamId, Pending>> rows = limit(g.pel, count);
      c.out.arrayHeader(rows.size());
      for (var e : rows) {
        c.out.arrayHeader(4);
        c.id(e.getKey());
        c.out.bulk(e.getValue().consumer.name);
        c.out.integer(e.getValue().deliveryTime);
        c.out.integer(e.getValue().deliveryCount);
      }
      bulk(c, "consumers");
      c.out.arrayHeader(g.consumers.size());
      for (Consumer k : g.consumers.values()) {
        c.out.mapHeader(4);
        bulk(c, "name");
        c.out.bulk(k.name);
        bulk(c, "seen-time");
        c.out.integer(k.seenTime);
        bulk(c, "pel-count");
        c.out.integer(k.pel.size());
        bulk(c, "pending");
        List<Map.Entry<StreamId, Pending>> mine = limit(k.pel, count);
        c.out.arrayHeader(mine.size());
        for (var e : mine) {
          c.out.arrayHeader(3);
          c.id(e.getKey());
          c.out.integer(e.getValue().deliveryTime);
          c.out.integer(e.getValue().deliveryCount);
        }
      }
    }
  }

  private static List<Map.Entry<StreamId, Pending>> limit(Map<StreamId, Pending> pel, long count) {
    List<Map.Entry<StreamId, Pending>> out = new ArrayList<>();
    for (var e : pel.entrySet()) {
      if (count != 0 && out.size() >= count) {
        break;
      }
      out.add(e);
    }
    return out;
  }

  /**
   * The node count of a radix tree holding these 16-byte keys (big-endian ms, seq) after inserts
   * only: one compressed node per single-child chain, one node per branch, one per leaf. Redis:
   * rax->numnodes (src/rax.c); after deletions Redis's count may differ.
   */
  static long raxNodes(List<StreamId> keys, int from, int to, int depth) {
    int n = to - from;
    if (n == 0) {
      return 1;
    }
    if (n == 1) {
      return depth == 16 ? 1 : 2;
    }
    int common = 0;
    while (depth + common < 16
        && byteAt(keys.get(from), depth + common) == byteAt(keys.get(to - 1), depth + common)) {
      common++;
    }
    if (common > 0) {
      return 1 + raxNodes(keys, from, to, depth + common);
    }
    long total = 1;
    int i = from;
    while (i < to) {
      int b = byteAt(keys.get(i), depth);
      int j = i;
      while (j < to && byteAt(keys.get(j), depth) == b) {
        j++;
      }
      total += raxNodes(keys, i, j, depth + 1);
      i = j;
    }
    return total;
  }

  private static int byteAt(StreamId id, int i) {
    long v = i < 8 ? id.ms() : id.seq();
    return (int) (v >>> (8 * (7 - (i % 8)))) & 0xff;
  }
}
