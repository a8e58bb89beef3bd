package dev.redstruct.keyspace;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.internal.ZSetWalks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * SORT and SORT_RO: the elements of a list, set or sorted set, sorted numerically or ALPHA, by
 * themselves or by weights found through a BY pattern, cut by LIMIT, projected through GET
 * patterns, and replied or STOREd as a list. Redis: sortCommandGeneric and lookupKeyByPattern,
 * src/sort.c (7.0.15).
 */
final class SortCommand {
  static final String ERR_NOT_DOUBLE = "ERR One or more scores can't be converted into double";

  private SortCommand() {}

  /** The parsed options. Redis: the locals of sortCommandGeneric. */
  private static final class Options {
    boolean desc;
    boolean alpha;
    boolean dontSort;
    long limitStart;
    long limitCount = -1;
    byte[] by;
    byte[] store;
    final List<byte[]> gets = new ArrayList<>();
  }

  static void sort(Call c) {
    run(c, false);
  }

  static void sortRo(Call c) {
    run(c, true);
  }

  private static void run(Call c, boolean readonly) {
    Options o = parse(c.argv, readonly);
    Database db = c.db();
    Object v = db.lookup(c.argv[1], c.now);
    if (v != null && !(v instanceof QuickList || v instanceof RedisSet || v instanceof ZSet)) {
      throw new ReplyError(ReplyError.WRONGTYPE);
    }
    if (o.dontSort && v instanceof RedisSet && (o.store != null || c.session.script)) {
      // a set has no order of its own: a stored result, or a script's, is sorted ALPHA
      o.dontSort = false;
      o.alpha = true;
      o.by = null;
    }
    if (v instanceof ZSet z) {
      ZSetWalks.toSkipList(z); // Redis converts the sorted set, for good
    }
    long len = v == null ? 0 : size(v);
    long start = Math.min(Math.max(o.limitStart, 0), len);
    long count = Math.min(Math.max(o.limitCount, -1), len);
    long end = count < 0 ? len - 1 : start + count - 1;
    if (start >= len) {
      start = len - 1;
      end = len - 2;
    }
    if (end >= len) {
      end = len - 1;
    }
    SortOrder.Item[] vector;
    if (o.dontSort && (v instanceof QuickList || v instanceof ZSet)) {
      vector = nativeRange(v, start, end, o.desc);
      if (v instanceof ZSet || end >= start) {
        end -= start;
        start = 0;
      }
    } else {
      vector = all(v);
    }
    boolean failed = !o.dontSort && weigh(c, o, vector);
    if (failed) {
      throw new ReplyError(ERR_NOT_DOUBLE);
    }
    if (!o.dontSort) {
      Comparator<SortOrder.Item> cmp =
          SortOrder.comparator(o.alpha, o.by != null, o.store != null, o.desc);
      if (o.by != null && (start != 0 || end != vector.length - 1)) {
        SortOrder.partialSort(vector, 0, vector.length, cmp, (int) start, (int) end);
      } else {
        Arrays.sort(vector, cmp);
      }
    }
    output(c, o, vector, (int) start, (int) end);
  }

  /** Redis: the option loop of sortCommandGeneric; errors before the key is looked up. */
  private static Options parse(byte[][] argv, boolean readonly) {
    Options o = new Options();
    for (int j = 2; j < argv.length; j++) {
      int left = argv.length - j - 1;
      byte[] a = argv[j];
      if (is(a, "asc")) {
        o.desc = false;
      } else if (is(a, "desc")) {
        o.desc = true;
      } else if (is(a, "alpha")) {
        o.alpha = true;
      } else if (is(a, "limit") && left >= 2) {
        o.limitStart = Args.parseLong(argv[j + 1]);
        o.limitCount = Args.parseLong(argv[j + 2]);
        j += 2;
      } else if (!readonly && is(a, "store") && left >= 1) {
        o.store = argv[++j];
      } else if (is(a, "by") && left >= 1) {
        o.by = argv[++j];
        if (star(o.by) < 0) {
          o.dontSort = true; // a constant weight: nothing to sort (never undone by a later BY)
        }
      } else if (is(a, "get") && left >= 1) {
        o.gets.add(argv[++j]);
      } else {
        throw new ReplyError(Args.ERR_SYNTAX);
      }
    }
    return o;
  }

  /** C strcasecmp of the argument, read as a C string, with a lower-case word. */
  private static boolean is(byte[] arg, String word) {
    int n = 0;
    while (n < arg.length && arg[n] != 0) {
      n++;
    }
    if (n != word.length()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      int b = arg[i];
      if ((b >= 'A' && b <= 'Z' ? b | 0x20 : b) != word.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** C strchr(s, '*') on the argument read as a C string: the index, or -1. */
  private static int star(byte[] s) {
    for (int i = 0; i < s.length && s[i] != 0; i++) {
      if (s[i] == '*') {
        return i;
      }
    }
    return -1;
  }

  private static long size(Object v) {
    if (v instanceof QuickList l) {
      return l.size();
    } else if (v instanceof RedisSet s) {
      return s.size();
    }
    return ((ZSet) v).size();
  }

  /** Every element in the value's own order (a missing key is an empty list). */
  private static SortOrder.Item[] all(Object v) {
    List<byte[]> elements = new ArrayList<>();
    if (v instanceof QuickList l) {
      elements = l.toList();
    } else if (v instanceof RedisSet s) {
      elements.addAll(s);
    } else if (v instanceof ZSet z) {
      for (ScoredMember m : z) {
        elements.add(m.member());
      }
    }
    return items(elements);
  }

  /**
   * BY a constant on a list or sorted set: the elements of ranks start..end in the value's order,
   * or in reverse order from its end for DESC.
   */
  private static SortOrder.Item[] nativeRange(Object v, long start, long end, boolean desc) {
    long n = Math.max(end - start + 1, 0);
    List<byte[]> elements = new ArrayList<>();
    if (n > 0 && v instanceof QuickList l) {
      long len = l.size();
      List<byte[]> r = desc ? l.range(len - start - n, len - start - 1) : l.range(start, end);
      elements = r;
      if (desc) {
        elements = new ArrayList<>(r);
        java.util.Collections.reverse(elements);
      }
    } else if (n > 0) {
      for (ScoredMember m : ((ZSet) v).rangeByRank(start, end, desc)) {
        elements.add(m.member());
      }
    }
    return items(elements);
  }

  private static SortOrder.Item[] items(List<byte[]> elements) {
    SortOrder.Item[] vector = new SortOrder.Item[elements.size()];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = new SortOrder.Item(elements.get(i));
    }
    return vector;
  }

  /** Loads the weights; returns whether one failed to convert. Redis: the !dontsort loop. */
  private static boolean weigh(Call c, Options o, SortOrder.Item[] vector) {
    boolean failed = false;
    for (SortOrder.Item item : vector) {
      byte[] by = o.by != null ? lookupByPattern(c, o.by, item.obj) : item.obj;
      if (by == null) {
        continue;
      }
      if (o.alpha) {
        if (o.by != null) {
          item.cmp = by;
        }
      } else {
        item.score = SortOrder.weight(by);
        failed |= Double.isNaN(item.score);
      }
    }
    return failed;
  }

  /** Replies with the elements start..end (or what GET finds for them), or stores them. */
  private static void output(Call c, Options o, SortOrder.Item[] vector, int start, int end) {
    int getops = o.gets.size();
    long outputLen = getops > 0 ? (long) getops * (end - start + 1) : end - start + 1;
    if (o.store == null) {
      c.out.arrayHeader(outputLen);
      for (int j = start; j <= end; j++) {
        if (getops == 0) {
          c.out.bulk(vector[j].obj);
        }
        for (byte[] pattern : o.gets) {
          byte[] val = lookupByPattern(c, pattern, vector[j].obj);
          if (val == null) {
            c.out.nullReply();
          } else {
            c.out.bulk(val);
          }
        }
      }
      return;
    }
    QuickList list =
        c.ks.encodingLimits().newList(); // Redis: createQuicklistObject() with the configured fill
    for (int j = start; j <= end; j++) {
      if (getops == 0) {
        list.pushTail(vector[j].obj);
      }
      for (byte[] pattern : o.gets) {
        byte[] val = lookupByPattern(c, pattern, vector[j].obj);
        list.pushTail(val == null ? new byte[0] : val);
      }
    }
    Database db = c.db();
    if (outputLen > 0) {
      db.lookupNoNotify(o.store, c.now); // Redis: setKey's lookupKeyWrite expires it first
      db.setKey(o.store, list);
      c.modified(o.store);
      c.ks.notify(1 << 4, "sortstore", o.store, db.id); // Redis: NOTIFY_LIST
    } else if (db.delete(o.store)) {
      c.modified(o.store);
      db.generic("del", o.store);
    }
    c.out.integer(outputLen);
  }

  /**
   * The value a pattern names for an element: the element itself for {@code #}; else the first
   * {@code *} replaced by the element gives a key, whose string value is the result, or with {@code
   * ->field} after the star, that field of the hash under the key. Null when there is no star, no
   * such key, or a key of another type. Redis: lookupKeyByPattern.
   */
  static byte[] lookupByPattern(Call c, byte[] pattern, byte[] subst) {
    if (pattern.length > 0 && pattern[0] == '#' && (pattern.length == 1 || pattern[1] == 0)) {
      return subst;
    }
    int p = star(pattern);
    if (p < 0) {
      return null;
    }
    int arrow = arrow(pattern, p + 1);
    int fieldLen = arrow < 0 ? 0 : pattern.length - arrow - 2;
    int postfix = pattern.length - (p + 1) - (fieldLen > 0 ? fieldLen + 2 : 0);
    byte[] key = new byte[p + subst.length + postfix];
    System.arraycopy(pattern, 0, key, 0, p);
    System.arraycopy(subst, 0, key, p, subst.length);
    System.arraycopy(pattern, p + 1, key, p + subst.length, postfix);
    Object o = c.db().lookup(key, c.now);
    if (fieldLen > 0) {
      return o instanceof RedisHash h
          ? h.get(Arrays.copyOfRange(pattern, arrow + 2, pattern.length))
          : null;
    }
    return o instanceof RedisString s ? s.toByteArray() : null;
  }

  /**
   * C strstr(s + from, "->") on the pattern read as a C string, kept only when a byte other than
   * the terminating NUL follows the arrow: the arrow's index, or -1.
   */
  private static int arrow(byte[] s, int from) {
    for (int i = from; i + 1 < s.length && s[i] != 0 && s[i + 1] != 0; i++) {
      if (s[i] == '-' && s[i + 1] == '>') {
        return i + 2 < s.length && s[i + 2] != 0 ? i : -1;
      }
    }
    return -1;
  }
}
