package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Dict#hashOf}, {@link Dict#getWithHash} and {@link Dict#putWithHash} behave as {@code get}
 * and {@code put} (a HashMap model), across growth and progressive rehashing.
 */
class DictWithHashTest {

  @Test
  void hashedOperationsMatchTheModelThroughRehashing() {
    Dict<byte[], Integer> d = Dict.forBytes();
    Map<String, Integer> model = new HashMap<>();
    SplittableRandom rnd = new SplittableRandom(0xD1C7L);
    for (int i = 0; i < 5000; i++) {
      String k = "k" + rnd.nextInt(2000);
      byte[] key = k.getBytes(StandardCharsets.US_ASCII);
      long h = d.hashOf(key);
      assertEquals(d.hashOf(key.clone()), h);
      assertEquals(model.get(k), d.getWithHash(key, h));
      if (rnd.nextInt(4) == 0) {
        assertEquals(model.remove(k), d.remove(key));
      } else if (!model.containsKey(k) && rnd.nextBoolean()) {
        d.addAbsentWithHash(key.clone(), h, i);
        model.put(k, i);
      } else {
        assertEquals(model.put(k, i), d.putWithHash(key.clone(), h, i));
      }
      if (i % 500 == 0) {
        d.checkInvariants();
      }
    }
    d.checkInvariants();
    assertEquals(model.size(), d.size());
  }

  @Test
  void nullsAreRejected() {
    Dict<String, Integer> d = Dict.create();
    assertThrows(NullPointerException.class, () -> d.hashOf(null));
    assertThrows(NullPointerException.class, () -> d.getWithHash(null, 0));
    assertThrows(NullPointerException.class, () -> d.putWithHash(null, 0, 1));
    assertThrows(NullPointerException.class, () -> d.putWithHash("a", d.hashOf("a"), null));
    assertThrows(NullPointerException.class, () -> d.addAbsentWithHash("a", d.hashOf("a"), null));
    assertThrows(NullPointerException.class, () -> d.addAbsentWithHash(null, 0, 1));
    assertNull(d.getWithHash("a", d.hashOf("a")));
  }
}
