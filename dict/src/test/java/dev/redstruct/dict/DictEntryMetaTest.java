package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Entry metadata ({@link Dict#entryMeta}) against a model: each key's int survives value
 * replacement, incremental rehashing while the dict grows and shrinks, and sampling hands out the
 * same entries. Seeded; replay with {@code -Dredstruct.seed=N}.
 */
class DictEntryMetaTest {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());

  @Test
  void metadataFollowsItsKeyThroughRehashing() {
    System.out.println("DictEntryMetaTest seed=" + SEED + " (-Dredstruct.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    Dict<byte[], Object> d = Dict.forBytes();
    Map<String, Integer> meta = new HashMap<>();
    for (int step = 0; step < 20_000; step++) {
      String k = "k" + rnd.nextInt(step < 10_000 ? 3000 : 300);
      byte[] key = k.getBytes(StandardCharsets.US_ASCII);
      switch (rnd.nextInt(4)) {
        case 0 -> {
          Map.Entry<byte[], Object> e = d.addEntry(key, step);
          if (meta.containsKey(k)) {
            assertNull(e, k);
          } else {
            assertEquals(0, d.entryMeta(e));
            int m = rnd.nextInt();
            d.setEntryMeta(e, m);
            meta.put(k, m);
          }
        }
        case 1 -> {
          d.put(key, step); // a replaced value keeps the entry and its metadata
          meta.putIfAbsent(k, 0);
        }
        case 2 -> {
          d.remove(key);
          meta.remove(k);
        }
        default -> {
          Map.Entry<byte[], Object> e = d.entry(key);
          assertEquals(meta.get(k), e == null ? null : d.entryMeta(e), k + " seed " + SEED);
        }
      }
      if (step % 1000 == 0) {
        DictInvariants.check(d);
      }
    }
    DictInvariants.check(d);
    assertEquals(meta.size(), d.size());
    for (Map.Entry<byte[], Object> e : d.sampleEntries(20, rnd)) {
      String k = new String(e.getKey(), StandardCharsets.US_ASCII);
      assertEquals(meta.get(k), d.entryMeta(e));
      assertSame(e, d.entry(e.getKey()));
    }
  }

  @Test
  void anEntryOfAnotherMapIsRefused() {
    Dict<String, String> d = Dict.create();
    d.put("a", "b");
    Map.Entry<String, String> e = d.entry("a");
    assertEquals(0, d.entryMeta(e));
    Map.Entry<String, String> foreign = Map.entry("a", "b");
    assertThrows(IllegalArgumentException.class, () -> d.entryMeta(foreign));
    assertThrows(IllegalArgumentException.class, () -> d.setEntryMeta(foreign, 1));
    assertNull(d.entry("missing"));
  }
}
