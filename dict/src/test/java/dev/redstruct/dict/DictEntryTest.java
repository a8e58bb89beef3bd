package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Intrusive entries ({@link DictEntry}, {@link Dict#addAbsentEntry}, {@link Dict#putEntry}) against
 * a HashMap model, through growth, shrinking and progressive rehashing; and {@link Dict#expand}.
 */
class DictEntryTest {
  private static final long SEED = Long.getLong("dict.entry.seed", 0xE7A1L);

  /** A caller's entry type: its own object is the dict's entry and value. */
  static final class Item extends DictEntry<byte[], Item> {
    final int payload;

    Item(byte[] key, int payload) {
      super(key);
      this.payload = payload;
    }
  }

  private static byte[] key(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void entriesAreTheValuesThroughRehashing() {
    Dict<byte[], Item> d = Dict.forBytes();
    Map<String, Item> model = new HashMap<>();
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int i = 0; i < 20_000; i++) {
      String k = "k" + rnd.nextInt(3000);
      byte[] kb = key(k);
      long h = d.hashOf(kb);
      assertSame(model.get(k), d.getWithHash(kb, h), "seed " + SEED + " step " + i);
      int op = rnd.nextInt(8);
      if (op < 2) {
        assertSame(model.remove(k), d.remove(kb));
      } else if (!model.containsKey(k)) {
        Item it = new Item(kb.clone(), i);
        d.addAbsentEntry(it, h);
        model.put(k, it);
      } else {
        Item it = new Item(kb.clone(), i);
        assertSame(model.put(k, it), d.putEntry(it, h));
      }
      if (i % 1000 == 0) {
        d.checkInvariants();
      }
    }
    d.checkInvariants();
    assertEquals(model.size(), d.size());
    Map<Item, Boolean> seen = new IdentityHashMap<>();
    long c = 0;
    do {
      c = d.scan(c, (k, v) -> seen.put(v, Boolean.TRUE));
    } while (c != 0);
    assertEquals(model.size(), seen.size());
    for (Item it : model.values()) {
      assertTrue(seen.containsKey(it));
      assertSame(it, d.get(it.key()));
    }
    for (Map.Entry<byte[], Item> e : d.entrySet()) {
      assertSame(e, e.getValue()); // the entry is its own value
    }
  }

  @Test
  void putEntryAddsWhenAbsentAndReplacesInPlace() {
    Dict<byte[], Item> d = Dict.forBytes();
    Item a = new Item(key("a"), 1);
    assertNull(d.putEntry(a, d.hashOf(a.key())));
    Item a2 = new Item(key("a"), 2);
    assertSame(a, d.putEntry(a2, d.hashOf(a2.key())));
    assertSame(a2, d.get(key("a")));
    assertEquals(1, d.size());
    d.checkInvariants();
  }

  @Test
  void ordinaryPutStaysAMapOperation() {
    Dict<byte[], Item> d = Dict.forBytes();
    Item a = new Item(key("a"), 1);
    d.addAbsentEntry(a, d.hashOf(a.key()));
    Item other = new Item(key("zz"), 2);
    assertSame(a, d.put(key("a"), other)); // stored in a's entry: a no longer maps to itself
    assertSame(other, d.get(key("a")));
    assertThrows(IllegalArgumentException.class, () -> d.putEntry(a, d.hashOf(a.key())));
  }

  @Test
  void rejectsWhatIsNotALinkableEntry() {
    Dict<byte[], Object> d = Dict.forBytes();
    assertThrows(IllegalArgumentException.class, () -> d.addAbsentEntry("x", 0));
    assertThrows(NullPointerException.class, () -> d.addAbsentEntry(null, 0));
    Dict<byte[], Item> items = Dict.forBytes();
    Item noKey = new Item(null, 0);
    assertThrows(NullPointerException.class, () -> items.addAbsentEntry(noKey, 0));
    assertThrows(NullPointerException.class, () -> items.putEntry(noKey, 0));
    assertEquals(0, items.size());
  }

  @Test
  void entriesCompareByIdentity() {
    Item a = new Item(key("a"), 1);
    Item b = new Item(key("a"), 1);
    assertEquals(a, a);
    assertNotEquals(a, b);
    assertEquals("Item[" + a.key() + "]", a.toString());
  }

  @Test
  void expandSizesAnEmptyDictWithoutARehash() {
    Dict<String, Integer> d = Dict.create();
    assertTrue(d.expand(100));
    assertFalse(d.isRehashing());
    assertEquals(7, d.exp0); // 128 buckets: the next power of two >= 100
    for (int i = 0; i < 128; i++) {
      d.put("k" + i, i);
      assertFalse(d.isRehashing(), "no growth before the table is full, at " + i);
    }
    assertFalse(d.expand(10)); // below the entry count
    assertTrue(d.expand(1000));
    assertTrue(d.isRehashing());
    assertFalse(d.expand(5000)); // refused while rehashing, as dictExpand
    d.checkInvariants();
  }
}
