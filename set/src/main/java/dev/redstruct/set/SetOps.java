package dev.redstruct.set;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.dict.DictSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The set algebra and the random strategies behind {@link SetCommands} (Redis 7.0.15, src/t_set.c):
 * sinterGenericCommand, sunionDiffGenericCommand, spopWithCountCommand and
 * srandmemberWithCountCommand, each with Redis's choice of algorithm, because that choice decides
 * the result's encoding and the reply's order.
 */
final class SetOps {
  /*
   * Implementation notes. An empty RedisSet stands for Redis's NULL (missing key); two arguments
   * naming the same key arrive as the same instance, which is what Redis's pointer comparisons
   * (sets[j] == sets[0]) test. Redis sorts with glibc's qsort, a merge sort (stable) for arrays this
   * small, so equal cardinalities keep their argument order; List.sort is stable too. Result sets
   * start as empty intsets (createIntsetObject) and take the limit of the sets they come from.
   */

  /** SPOP: rebuild the set once the remaining part is this small relative to the popped part. */
  static final int SPOP_MOVE_STRATEGY_MUL = 5;

  /** SRANDMEMBER: copy-and-subtract once the set is at most this many times the count. */
  static final int SRANDMEMBER_SUB_STRATEGY_MUL = 3;

  private SetOps() {}

  /**
   * Redis: sinterGenericCommand for SINTER and SMEMBERS: a reply in the smallest set's order (a set
   * in RESP3).
   */
  static void inter(List<RedisSet> sets, RespWriter out) {
    List<byte[]> members = new ArrayList<>();
    if (!anyEmpty(sets)) {
      interInto(bySize(sets), Long.MAX_VALUE, members::add);
    }
    replySet(members, out);
  }

  /**
   * Redis: sinterGenericCommand for SINTERSTORE: the result replaces the destination, or the
   * destination is deleted.
   */
  static void interStore(
      List<RedisSet> sets, byte[] dstKey, SetCommands.Keys keys, RespWriter out) {
    RedisSet dst = keys.overwrite(dstKey);
    RedisSet result = RedisSet.create(dst.maxIntsetEntries());
    if (!anyEmpty(sets)) {
      interInto(bySize(sets), Long.MAX_VALUE, m -> result.add(m.clone()));
    }
    store(result, dst, out);
    keys.stored(dst, "sinterstore", dstKey);
    keys.modified(dstKey);
  }

  /** Redis: sinterGenericCommand for SINTERCARD: counts, stopping at a non-zero limit. */
  static long interCard(List<RedisSet> sets, long limit) {
    if (anyEmpty(sets)) {
      return 0;
    }
    long[] n = {0};
    interInto(bySize(sets), limit == 0 ? Long.MAX_VALUE : limit, m -> n[0]++);
    return n[0];
  }

  /** Iterates the first (smallest) set and keeps the members every other set holds. */
  private static void interInto(
      List<RedisSet> sorted, long limit, java.util.function.Consumer<byte[]> sink) {
    RedisSet first = sorted.get(0);
    long found = 0;
    for (byte[] m : first) {
      boolean all = true;
      for (int j = 1; j < sorted.size() && all; j++) {
        RedisSet other = sorted.get(j);
        all = other == first || other.contains(m);
      }
      if (all) {
        sink.accept(m);
        if (++found >= limit) {
          return;
        }
      }
    }
  }

  /** Redis: sunionDiffGenericCommand with a destination (SUNIONSTORE, SDIFFSTORE). */
  static void unionDiffStore(
      List<RedisSet> sets, byte[] dstKey, SetCommands.Keys keys, boolean diff, RespWriter out) {
    RedisSet dst = keys.overwrite(dstKey);
    unionDiff(sets, dst, diff, out);
    keys.stored(dst, diff ? "sdiffstore" : "sunionstore", dstKey);
    keys.modified(dstKey);
  }

  /**
   * Redis: sunionDiffGenericCommand: the result is built in a temporary set that starts as an
   * intset; SUNION/SDIFF reply its members in its order (a set in RESP3), the STORE forms store it.
   */
  static void unionDiff(List<RedisSet> sets, RedisSet dst, boolean diff, RespWriter out) {
    RedisSet first = sets.get(0);
    boolean sameSet = false;
    for (int j = 1; j < sets.size(); j++) {
      sameSet |= !first.isEmpty() && sets.get(j) == first;
    }
    RedisSet result = RedisSet.create((dst != null ? dst : first).maxIntsetEntries());
    if (!diff) {
      for (RedisSet s : sets) {
        addAll(result, s);
      }
    } else if (!first.isEmpty() && !sameSet) {
      if (diffAlgorithm(sets) == 1) {
        diffByLookup(first, sets, result);
      } else {
        diffBySubtraction(sets, result);
      }
    }
    if (dst == null) {
      List<byte[]> members = new ArrayList<>(result.size());
      result.forEach(members::add);
      replySet(members, out);
    } else {
      store(result, dst, out);
    }
  }

  /** Redis's work estimate: algorithm 1 (lookups) unless it is over twice algorithm 2's. */
  private static int diffAlgorithm(List<RedisSet> sets) {
    long one = 0;
    long two = 0;
    for (RedisSet s : sets) {
      if (!s.isEmpty()) {
        one += sets.get(0).size();
        two += s.size();
      }
    }
    return one / 2 <= two ? 1 : 2;
  }

  /** DIFF algorithm 1: each member of the first set absent from all others, largest first. */
  private static void diffByLookup(RedisSet first, List<RedisSet> sets, RedisSet result) {
    List<RedisSet> others = new ArrayList<>(sets.subList(1, sets.size()));
    others.sort(Comparator.comparingInt(RedisSet::size).reversed());
    for (byte[] m : first) {
      boolean keep = true;
      for (RedisSet other : others) {
        if (!other.isEmpty() && (other == first || other.contains(m))) {
          keep = false;
          break;
        }
      }
      if (keep) {
        result.add(m.clone());
      }
    }
  }

  /** DIFF algorithm 2: the first set, minus each other set, until nothing is left. */
  private static void diffBySubtraction(List<RedisSet> sets, RedisSet result) {
    addAll(result, sets.get(0));
    for (int j = 1; j < sets.size() && !result.isEmpty(); j++) {
      for (byte[] m : sets.get(j)) {
        result.remove(m);
      }
    }
  }

  /**
   * Redis: spopWithCountCommand's three cases (the count is already parsed); the reply is a set in
   * RESP3.
   *
   * @return whether members were popped
   */
  static boolean popCount(
      RedisSet s,
      long count,
      RandomGenerator rnd,
      RespWriter out,
      java.util.function.Consumer<byte[]> popped) {
    if (s.isEmpty() || count == 0) {
      out.setHeader(0);
      return false;
    }
    long size = s.size();
    if (count >= size) { // CASE 1: the whole set, through a union (so an intset order)
      unionDiff(List.of(s), null, false, out);
      s.clear();
      return true;
    }
    long remaining = size - count;
    out.setHeader(count);
    if (remaining * SPOP_MOVE_STRATEGY_MUL > count) { // CASE 2: pop one by one
      for (long i = 0; i < count; i++) {
        byte[] m = s.randomMember(rnd);
        s.remove(m);
        out.bulk(m);
        popped.accept(m);
      }
      return true;
    }
    RedisSet kept = RedisSet.create(s.maxIntsetEntries()); // CASE 3: move the rest to a new set
    for (long i = 0; i < remaining; i++) {
      byte[] m = s.randomMember(rnd);
      kept.add(m.clone());
      s.remove(m);
    }
    for (byte[] m : s) {
      out.bulk(m);
      popped.accept(m);
    }
    s.replaceWith(kept);
    return true;
  }

  /** Redis: srandmemberWithCountCommand's four cases (the count is already parsed). */
  static void randomMembers(RedisSet s, long l, RandomGenerator rnd, RespWriter out) {
    boolean unique = l >= 0;
    long count = Math.abs(l);
    if (s.isEmpty() || count == 0) {
      out.arrayHeader(0);
      return;
    }
    long size = s.size();
    if (!unique || count == 1) { // CASE 1: independent draws
      if (count > SetCommands.MAX_REPLY) {
        throw new IllegalArgumentException("a reply of " + count + " members");
      }
      out.arrayHeader(count);
      for (long i = 0; i < count; i++) {
        out.bulk(s.randomMember(rnd));
      }
      return;
    }
    if (count >= size) { // CASE 2: the whole set in its order
      List<byte[]> all = new ArrayList<>(s.size());
      s.forEach(all::add);
      out.bulks(all);
      return;
    }
    DictSet<byte[]> picked = DictSet.forBytes();
    if (count * SRANDMEMBER_SUB_STRATEGY_MUL > size) { // CASE 3: copy, then subtract at random
      picked.addAll(s);
      while (picked.size() > count) {
        picked.remove(picked.fairRandomElement(rnd));
      }
    } else { // CASE 4: draw until count distinct
      while (picked.size() < count) {
        picked.add(s.randomMember(rnd));
      }
    }
    out.bulks(new ArrayList<>(picked));
  }

  private static void store(RedisSet result, RedisSet dst, RespWriter out) {
    int n = result.size();
    if (n > 0) {
      dst.replaceWith(result);
    } else {
      dst.clear();
    }
    out.integer(n);
  }

  private static void replySet(List<byte[]> members, RespWriter out) {
    out.setHeader(members.size());
    for (byte[] m : members) {
      out.bulk(m);
    }
  }

  private static void addAll(RedisSet into, RedisSet from) {
    for (byte[] m : from) {
      into.add(m.clone());
    }
  }

  private static boolean anyEmpty(List<RedisSet> sets) {
    for (RedisSet s : sets) {
      if (s.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  private static List<RedisSet> bySize(List<RedisSet> sets) {
    List<RedisSet> sorted = new ArrayList<>(sets);
    sorted.sort(Comparator.comparingInt(RedisSet::size));
    return sorted;
  }
}
