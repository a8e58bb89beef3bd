package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code equals}, {@code hashCode} and {@code toString} of the Map and Set faces: the {@code Map}
 * and {@code Set} contracts (hash = sum of entry hashes, entry hash = key hash ^ value hash), with
 * a byte array counting by content as {@link Arrays#hashCode(byte[])}.
 */
class DictObjectMethodsTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void equalForBytesDictsHaveEqualHashCodes() {
    Dict<byte[], Integer> x = Dict.forBytes();
    Dict<byte[], Integer> y = Dict.forBytes(); // another SipHash key: other bucket order
    for (int i = 0; i < 1000; i++) {
      x.put(b("k" + i), i);
    }
    for (int i = 999; i >= 0; i--) {
      y.put(b("k" + i), i); // fresh arrays, equal content
    }
    assertEquals(x, y);
    assertEquals(y, x);
    assertEquals(x.hashCode(), y.hashCode());
    assertEquals(x.entrySet(), y.entrySet());
    assertEquals(x.entrySet().hashCode(), y.entrySet().hashCode());
    assertEquals(x.keySet(), y.keySet());
    assertEquals(x.keySet().hashCode(), y.keySet().hashCode());
    // the hash is what the contract computes, with Arrays.hashCode for the key
    int expected = 0;
    for (int i = 0; i < 1000; i++) {
      expected += Arrays.hashCode(b("k" + i)) ^ Integer.hashCode(i);
    }
    assertEquals(expected, x.hashCode());
    y.put(b("k7"), -7);
    assertNotEquals(x, y);
  }

  @Test
  void byteArrayValuesCompareByContent() {
    Dict<String, byte[]> x = Dict.forStrings();
    Dict<String, byte[]> y = Dict.forStrings();
    x.put("a", b("1"));
    y.put("a", b("1"));
    assertEquals(x, y);
    assertEquals(x.hashCode(), y.hashCode());
    assertTrue(x.containsValue(b("1")));
    assertTrue(x.entrySet().contains(new AbstractMap.SimpleEntry<>("a", b("1"))));
  }

  @Test
  void forBytesSetsHashByContent() {
    DictSet<byte[]> x = DictSet.forBytes();
    DictSet<byte[]> y = DictSet.forBytes();
    for (int i = 0; i < 100; i++) {
      x.add(b("m" + i));
      y.add(b("m" + i));
    }
    assertEquals(x, y);
    assertEquals(x.hashCode(), y.hashCode());
    int expected = 0;
    for (int i = 0; i < 100; i++) {
      expected += Arrays.hashCode(b("m" + i));
    }
    assertEquals(expected, x.hashCode());
  }

  /** Object keys and values: the same answers as a HashMap / HashSet model. */
  @Test
  void objectKeysAgreeWithHashMapModel() {
    Dict<String, Integer> d = Dict.forStrings();
    Map<String, Integer> m = new HashMap<>();
    DictSet<String> s = DictSet.create();
    Set<String> ms = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      d.put("k" + i, i * 3);
      m.put("k" + i, i * 3);
      s.add("k" + i);
      ms.add("k" + i);
    }
    assertEquals(m, d);
    assertEquals(d, m);
    assertEquals(m.hashCode(), d.hashCode());
    assertEquals(m.keySet().hashCode(), d.keySet().hashCode());
    assertEquals(m.entrySet().hashCode(), d.entrySet().hashCode());
    assertEquals(ms, s);
    assertEquals(s, ms);
    assertEquals(ms.hashCode(), s.hashCode());
  }

  @Test
  void toStringShowsTextOrHex() {
    Dict<byte[], String> d = Dict.forBytes();
    d.put(b("apple"), "red");
    assertEquals("{apple=red}", d.toString());
    d.clear();
    d.put(new byte[] {(byte) 0xff, 0}, "x");
    assertEquals("{0xff00=x}", d.toString());
    DictSet<byte[]> s = DictSet.forBytes();
    s.add(b("pear"));
    assertEquals("[pear]", s.toString());
    Dict<byte[], Integer> k = Dict.forBytes();
    k.put(b("plum"), 1);
    assertEquals("[plum]", k.keySet().toString());
    assertEquals("{}", Dict.create().toString());
    Dict<String, Object> loop = Dict.create();
    loop.put("me", loop);
    assertEquals("{me=(this Map)}", loop.toString());
  }

  /** Small maps print as AbstractMap does; big ones print 10 entries and the size. */
  @Test
  void toStringIsBounded() {
    Dict<Integer, Integer> small = Dict.create();
    Map<Integer, Integer> model = new HashMap<>();
    for (int i = 0; i < Dict.TO_STRING_ENTRIES; i++) {
      small.put(i, i);
    }
    StringBuilder expected = new StringBuilder("{");
    for (Map.Entry<Integer, Integer> e : small.entrySet()) {
      model.put(e.getKey(), e.getValue());
      expected.append(expected.length() > 1 ? ", " : "").append(e);
    }
    assertEquals(expected + "}", small.toString());
    assertEquals(model.size(), small.size());

    Dict<byte[], Integer> big = Dict.forBytes();
    for (int i = 0; i < 100_000; i++) {
      big.put(Bytes.utf8("key:" + i), i);
    }
    String text = big.toString();
    assertTrue(text.length() < 300, text);
    assertTrue(text.endsWith(", … (100000 entries)}"), text);
    assertEquals(Dict.TO_STRING_ENTRIES, text.split("=", -1).length - 1, text);
    assertTrue(text.startsWith("{key:"), text);
  }
}
