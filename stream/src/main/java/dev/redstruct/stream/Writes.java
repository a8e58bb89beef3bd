package dev.redstruct.stream;

import static dev.redstruct.stream.StreamCommands.is;
import static dev.redstruct.stream.StreamCommands.parseId;
import static dev.redstruct.stream.StreamCommands.parseLong;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.stream.StreamCommands.Ctx;

/** XADD, XDEL, XTRIM, XSETID. Redis: their functions in src/t_stream.c. */
final class Writes {
  private Writes() {}

  /** Redis: streamAddTrimArgs. */
  static final class TrimArgs {
    StreamId id;
    boolean idGiven;
    boolean seqGiven = true;
    boolean noMkStream;
    int strategy; // 0 none, 1 maxlen, 2 minid
    boolean approx;
    long limit;
    long maxlen;
    StreamId minId;
    int idPos;
    int strategyArgIdx; // the MAXLEN count / MINID id argument
  }

  /** Redis: streamParseAddOrTrimArgsOrReply. */
  static TrimArgs parseTrim(Ctx c, boolean xadd) {
    byte[][] argv = c.argv;
    TrimArgs a = new TrimArgs();
    boolean limitGiven = false;
    int i = 2;
    for (; i < argv.length; i++) {
      int more = argv.length - 1 - i;
      byte[] opt = argv[i];
      if (xadd && opt.length >= 1 && opt[0] == '*' && (opt.length == 1 || opt[1] == 0)) {
        break;
      } else if ((is(opt, "maxlen") || is(opt, "minid")) && more > 0) {
        boolean maxlen = is(opt, "maxlen");
        if (a.strategy != 0) {
          throw new ReplyError(
              "ERR syntax error, MAXLEN and MINID options at the same time are not compatible");
        }
        a.approx = false;
        byte[] next = argv[i + 1];
        if (more >= 2 && isChar(next, '~')) {
          a.approx = true;
          i++;
        } else if (more >= 2 && isChar(next, '=')) {
          i++;
        }
        a.strategyArgIdx = i + 1;
        if (maxlen) {
          a.maxlen = parseLong(argv[i + 1], null);
          if (a.maxlen < 0) {
            throw new ReplyError("ERR The MAXLEN argument must be >= 0.");
          }
          a.strategy = 1;
        } else {
          a.minId = parseId(argv[i + 1], 0, true);
          a.strategy = 2;
        }
        i++;
      } else if (is(opt, "limit") && more > 0) {
        a.limit = parseLong(argv[i + 1], null);
        if (a.limit < 0) {
          throw new ReplyError("ERR The LIMIT argument must be >= 0.");
        }
        limitGiven = true;
        i++;
      } else if (xadd && is(opt, "nomkstream")) {
        a.noMkStream = true;
      } else if (xadd) {
        byte[] arg = opt;
        if (StreamIds.isAutoSeq(arg)) {
          a.id = parseId(java.util.Arrays.copyOf(arg, arg.length - 2), 0, true);
          a.seqGiven = false;
        } else {
          a.id = parseId(arg, 0, true);
        }
        a.idGiven = true;
        break;
      } else {
        throw new ReplyError(StreamCommands.ERR_SYNTAX);
      }
    }
    a.idPos = i;
    if (a.limit != 0 && a.strategy == 0) {
      throw new ReplyError(
          "ERR syntax error, LIMIT cannot be used without specifying a trimming strategy");
    }
    if (!xadd && a.strategy == 0) {
      throw new ReplyError("ERR syntax error, XTRIM must be called with a trimming strategy");
    }
    if (limitGiven) {
      if (!a.approx) {
        throw new ReplyError("ERR syntax error, LIMIT cannot be used without the special ~ option");
      }
    } else if (a.approx) {
      a.limit = 100 * c.env.nodeMaxEntries();
      if (a.limit <= 0) {
        a.limit = 10000;
      }
      if (a.limit > 1000000) {
        a.limit = 1000000;
      }
    } else {
      a.limit = 0;
    }
    return a;
  }

  private static boolean isChar(byte[] a, char ch) {
    return a.length >= 1 && a[0] == ch && (a.length == 1 || a[1] == 0);
  }

  /** Redis: xaddCommand. */
  static void xadd(Ctx c) {
    TrimArgs a = parseTrim(c, true);
    int fieldPos = a.idPos + 1;
    int n = c.argv.length - fieldPos;
    if (n < 2 || n % 2 == 1) {
      throw new ReplyError("ERR wrong number of arguments for 'xadd' command");
    }
    if (a.idGiven && a.seqGiven && a.id.isZero()) {
      throw new ReplyError("ERR The ID specified in XADD must be greater than 0-0");
    }
    RedisStream s = c.keys.get(c.argv[1]);
    if (!s.isCreated() && a.noMkStream) {
      c.out.nullReply();
      return;
    }
    if (s.lastId.equals(StreamId.MAX)) {
      throw new ReplyError(
          "ERR The stream has exhausted the last possible ID, unable to add more items");
    }
    byte[][] fv = new byte[n][];
    System.arraycopy(c.argv, fieldPos, fv, 0, n);
    long total = 0;
    for (byte[] b : fv) {
      total += b.length;
    }
    if (total > RedisStream.LISTPACK_MAX_SIZE) {
      throw new ReplyError("ERR Elements are too large to be stored");
    }
    StreamId id =
        s.append(
            fv,
            a.idGiven ? a.id : null,
            a.seqGiven,
            c.now,
            c.env.nodeMaxBytes(),
            c.env.nodeMaxEntries());
    if (id == null) {
      throw new ReplyError(
          "ERR The ID specified in XADD is equal or smaller than the target stream top item");
    }
    s.markCreated();
    c.id(id);
    c.keys.modified(c.argv[1]);
    c.notify("xadd", c.argv[1]);
    if (a.strategy != 0
        && s.trim(
                a.strategy == 1 ? a.maxlen : -1,
                a.strategy == 2 ? a.minId : null,
                a.approx,
                a.limit)
            > 0) {
      c.notify("xtrim", c.argv[1]);
    }
    byte[][] prop = null;
    if (a.strategy != 0 && a.approx) {
      prop = rewriteTrim(c, s, a, null);
    }
    if (!a.idGiven || !a.seqGiven) {
      prop = prop != null ? prop : c.argv.clone();
      prop[a.idPos] = id.toBytes(); // Redis: the generated ID replaces the argument
    }
    if (prop != null) {
      c.keys.propagateAs(prop);
    }
    c.env.keyReady(c.argv[1]);
  }

  /**
   * Redis: streamRewriteApproxSpecifier + streamRewriteTrimArgument: an approximate trim propagates
   * as the exact trim it did ({@code MAXLEN = <length>} or {@code MINID = <first ID>}, the first
   * entry counted even if deleted), so replicas trim the same entries.
   */
  private static byte[][] rewriteTrim(Ctx c, RedisStream s, TrimArgs a, byte[][] prop) {
    byte[][] v = prop != null ? prop : c.argv.clone();
    v[a.strategyArgIdx - 1] = new byte[] {'='};
    v[a.strategyArgIdx] =
        a.strategy == 1
            ? dev.redstruct.core.RedisNumbers.ll2string(s.length)
            : s.firstIdWithTombstones().toBytes();
    return v;
  }

  /** Redis: xdelCommand. */
  static void xdel(Ctx c) {
    RedisStream s = c.read(c.argv[1]);
    if (s == null) {
      c.out.integer(0);
      return;
    }
    StreamId[] ids = new StreamId[c.argv.length - 2];
    for (int j = 2; j < c.argv.length; j++) {
      ids[j - 2] = parseId(c.argv[j], 0, true);
    }
    int deleted = 0;
    boolean first = false;
    for (StreamId id : ids) {
      if (s.deleteItem(id)) {
        if (id.equals(s.firstId)) {
          first = true;
        }
        if (id.compareTo(s.maxDeletedId) > 0) {
          s.maxDeletedId = id;
        }
        deleted++;
      }
    }
    if (deleted > 0) {
      if (s.length == 0) {
        s.firstId = StreamId.MIN;
      } else if (first) {
        s.firstId = s.edgeId(true);
      }
      c.keys.modified(c.argv[1]);
      c.notify("xdel", c.argv[1]);
      c.dirty(deleted - 1L); // Redis: server.dirty += deleted (the signal counted one)
    }
    c.out.integer(deleted);
  }

  /** Redis: xtrimCommand. */
  static void xtrim(Ctx c) {
    TrimArgs a = parseTrim(c, false);
    RedisStream s = c.read(c.argv[1]);
    if (s == null) {
      c.out.integer(0);
      return;
    }
    long deleted =
        s.trim(
            a.strategy == 1 ? a.maxlen : -1, a.strategy == 2 ? a.minId : null, a.approx, a.limit);
    if (deleted > 0) {
      c.notify("xtrim", c.argv[1]);
      if (a.approx) {
        c.keys.propagateAs(rewriteTrim(c, s, a, null));
      }
      c.keys.modified(c.argv[1]);
      c.dirty(deleted - 1); // Redis: server.dirty += deleted (the signal counted one)
    }
    c.out.integer(deleted);
  }

  /** Redis: xsetidCommand. */
  static void xsetid(Ctx c) {
    StreamId id = parseId(c.argv[2], 0, true);
    StreamId maxDel = StreamId.MIN;
    long entriesAdded = -1;
    int i = 3;
    while (i < c.argv.length) {
      int more = c.argv.length - 1 - i;
      byte[] opt = c.argv[i];
      if (is(opt, "entriesadded") && more > 0) {
        entriesAdded = parseLong(c.argv[i + 1], null);
        if (entriesAdded < 0) {
          throw new ReplyError("ERR entries_added must be positive");
        }
        i += 2;
      } else if (is(opt, "maxdeletedid") && more > 0) {
        maxDel = parseId(c.argv[i + 1], 0, true);
        if (id.compareTo(maxDel) < 0) {
          throw new ReplyError(
              "ERR The ID specified in XSETID is smaller than the provided max_deleted_entry_id");
        }
        i += 2;
      } else {
        throw new ReplyError(StreamCommands.ERR_SYNTAX);
      }
    }
    RedisStream s = c.read(c.argv[1]);
    if (s == null) {
      throw new ReplyError("ERR no such key");
    }
    if (s.length > 0) {
      if (id.compareTo(s.edgeId(false)) < 0) {
        throw new ReplyError(
            "ERR The ID specified in XSETID is smaller than the target stream top item");
      }
      if (entriesAdded != -1 && s.length > entriesAdded) {
        throw new ReplyError(
            "ERR The entries_added specified in XSETID is smaller than the target stream length");
      }
    }
    s.lastId = id;
    if (entriesAdded != -1) {
      s.entriesAdded = entriesAdded;
    }
    if (!maxDel.isZero()) {
      s.maxDeletedId = maxDel;
    }
    c.out.simple("OK");
    c.dirty(1);
    c.notify("xsetid", c.argv[1]);
  }
}
