package dev.redstruct.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A seeded model test: random appends (auto and explicit IDs, same and new fields, small node
 * limits), deletes, exact and approximate trims by length and by ID, against a JDK {@link TreeMap}
 * of ID to pairs; after each step the length, ranges both ways with counts, the first ID and the
 * node counters must agree, and an RDB round trip must give the same bytes. Seed printed; replay
 * with {@code -Dredstruct.seed=N}.
 */
class RedisStreamModelTest {
  private static final byte[][] FIELDS = {b("a"), b("b"), b("12"), b("long-field-name")};

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void randomOperationsMatchATreeMap() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("RedisStreamModelTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    for (int run = 0; run < 6; run++) {
      runOnce(r, "seed " + seed + " run " + run);
    }
  }

  private static void runOnce(SplittableRandom r, String at) {
    RedisStream s = RedisStream.create();
    TreeMap<StreamId, byte[][]> model = new TreeMap<>();
    long maxEntries = 1 + r.nextInt(8);
    long maxBytes = r.nextBoolean() ? 4096 : 40 + r.nextInt(120);
    long now = 1000;
    for (int step = 0; step < 200; step++) {
      String where = at + " step " + step;
      int op = r.nextInt(10);
      if (op < 6) {
        now += r.nextInt(3);
        byte[][] fv = pairs(r);
        StreamId id = s.append(fv, null, true, now, maxBytes, maxEntries);
        assertNotNull(id, where);
        model.put(id, fv);
      } else if (op < 8) {
        StreamId victim =
            model.isEmpty() || r.nextInt(4) == 0 ? new StreamId(now, 77) : pick(r, model);
        boolean inModel = model.remove(victim) != null;
        assertEquals(inModel, s.deleteItem(victim), where + " delete " + victim);
      } else if (op < 9) {
        long maxlen = r.nextInt(20);
        boolean approx = r.nextBoolean();
        long deleted = s.trim(maxlen, null, approx, 0);
        for (long i = 0; i < deleted; i++) {
          model.pollFirstEntry();
        }
        assertTrue(approx || model.size() <= maxlen, where);
      } else {
        StreamId min = new StreamId(now - r.nextInt(10), r.nextInt(3));
        boolean approx = r.nextBoolean();
        long deleted = s.trim(-1, min, approx, 0);
        for (long i = 0; i < deleted; i++) {
          assertTrue(model.firstKey().compareTo(min) < 0, where);
          model.pollFirstEntry();
        }
        assertTrue(approx || model.isEmpty() || model.firstKey().compareTo(min) >= 0, where);
      }
      check(s, model, r, where);
    }
  }

  private static StreamId pick(SplittableRandom r, TreeMap<StreamId, byte[][]> m) {
    List<StreamId> ids = new ArrayList<>(m.keySet());
    return ids.get(r.nextInt(ids.size()));
  }

  private static byte[][] pairs(SplittableRandom r) {
    int n = 1 + r.nextInt(3);
    byte[][] fv = new byte[2 * n][];
    for (int i = 0; i < n; i++) {
      fv[2 * i] = r.nextInt(3) > 0 ? FIELDS[i] : FIELDS[r.nextInt(FIELDS.length)];
      fv[2 * i + 1] =
          b(r.nextBoolean() ? Integer.toString(r.nextInt(500) - 100) : "v" + r.nextInt());
    }
    return fv;
  }

  private static void check(
      RedisStream s, TreeMap<StreamId, byte[][]> model, SplittableRandom r, String where) {
    assertEquals(model.size(), s.size(), where + " length");
    assertEquals(
        model.isEmpty() ? StreamId.MAX : model.firstKey(), s.edgeId(true), where + " first");
    List<StreamEntry> all = s.range(StreamId.MIN, StreamId.MAX, 0, false);
    assertEquals(entries(model), all, where + " all");
    if (!model.isEmpty()) {
      StreamId lo = pick(r, model);
      StreamId hi = pick(r, model);
      if (lo.compareTo(hi) > 0) {
        StreamId t = lo;
        lo = hi;
        hi = t;
      }
      int count = r.nextInt(4);
      NavigableMap<StreamId, byte[][]> sub = model.subMap(lo, true, hi, true);
      assertEquals(limit(entries(sub), count), s.range(lo, hi, count, false), where + " range");
      assertEquals(
          limit(entries(sub.descendingMap()), count),
          s.range(lo, hi, count, true),
          where + " revrange");
    }
    long live = 0;
    for (var e : s.nodes.entrySet()) {
      StreamNode n = new StreamNode(e.getKey(), e.getValue());
      live += n.count;
      assertEquals(n.count + n.deleted, n.entries.size(), where + " node counters");
    }
    assertEquals(model.size(), live, where + " live entries");
    byte[] body = s.toRdbBody(true);
    RedisStream back = RedisStream.fromRdbBody(body, 0, body.length);
    assertEquals(all, back.range(StreamId.MIN, StreamId.MAX, 0, false), where + " rdb");
    assertEquals(
        java.util.HexFormat.of().formatHex(body),
        java.util.HexFormat.of().formatHex(back.toRdbBody(true)),
        where + " rdb bytes");
    assertNull(s.entry(new StreamId(0, 0)) == null ? null : "0-0 never added", where);
  }

  private static List<StreamEntry> entries(Map<StreamId, byte[][]> m) {
    List<StreamEntry> out = new ArrayList<>();
    m.forEach((id, fv) -> out.add(new StreamEntry(id, fv)));
    return out;
  }

  private static List<StreamEntry> limit(List<StreamEntry> l, int count) {
    return count == 0 || l.size() <= count ? l : l.subList(0, count);
  }
}
