package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.hash.RedisHash.Encoding;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random actions on a {@link RedisHash} and a {@link LinkedHashMap} in step, with the
 * expected encoding tracked by Redis's rules (a listpack until a field or value longer than the
 * value limit is written or the field past the entry limit is added; never back while not empty; a
 * reload re-decides as rdbLoadObject does for type 16 and 4). While listpack-encoded, the iteration
 * order must be the model's (insertion order, updates in place). Seed printed; replay with {@code
 * -Dredstruct.seed=N}.
 */
class RedisHashModelTest {
  @Test
  void randomActionsAgreeWithLinkedHashMap() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("RedisHashModelTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    for (int round = 0; round < 60; round++) {
      long[] lim = new long[][] {{0, 64}, {1, 1}, {3, 8}, {16, 4}, {512, 64}}[r.nextInt(5)];
      run(r, lim[0], lim[1], seed);
    }
  }

  private static void run(SplittableRandom r, long maxEntries, long maxValue, long seed) {
    RedisHash h = RedisHash.create(maxEntries, maxValue);
    Map<String, String> view = h.asStrings();
    Map<String, String> model = new LinkedHashMap<>();
    boolean hashtable = false;
    for (int step = 0; step < 400; step++) {
      String f = "f" + r.nextInt(30) + (r.nextInt(20) == 0 ? "x".repeat(r.nextInt(10)) : "");
      String v =
          r.nextInt(3) == 0 ? Integer.toString(r.nextInt(-99, 99)) : "v".repeat(r.nextInt(7));
      int action = r.nextInt(20);
      String where = "seed " + seed + " limits " + maxEntries + "/" + maxValue + " step " + step;
      if (action < 9) {
        hashtable |= f.length() > maxValue || v.length() > maxValue;
        assertEquals(model.put(f, v), view.put(f, v), where);
        hashtable |= model.size() > maxEntries;
      } else if (action < 14) {
        assertEquals(model.remove(f), view.remove(f), where);
      } else if (action < 16) {
        assertEquals(model.get(f), view.get(f), where);
        assertEquals(model.containsKey(f), view.containsKey(f), where);
      } else if (action == 16) {
        Iterator<Map.Entry<String, String>> it = view.entrySet().iterator();
        while (it.hasNext()) {
          Map.Entry<String, String> e = it.next();
          if (r.nextInt(4) == 0) {
            it.remove();
            model.remove(e.getKey());
          }
        }
      } else if (action == 17 && !model.isEmpty()) {
        h = RedisHash.fromRdbPayload(h.toRdbPayload(r.nextBoolean()), maxEntries, maxValue);
        view = h.asStrings();
        boolean longOne =
            model.entrySet().stream()
                .anyMatch(e -> e.getKey().length() > maxValue || e.getValue().length() > maxValue);
        // type 16 keeps long entries; type 4 re-decides by length and count
        hashtable = model.size() > maxEntries || (hashtable && longOne);
        // a hashtable's pairs come back in its table order: that is the listpack's order now
        assertEquals(model, view, where);
        model = new LinkedHashMap<>(view);
      }
      if (model.isEmpty()) {
        hashtable = false;
      }
      assertEquals(model, view, where);
      assertEquals(model.hashCode(), view.hashCode(), where);
      assertEquals(hashtable ? Encoding.HASHTABLE : Encoding.LISTPACK, h.encoding(), where);
      if (!hashtable) {
        assertEquals(new ArrayList<>(model.keySet()), List.copyOf(view.keySet()), where);
      }
      h.checkInvariants();
    }
  }
}
