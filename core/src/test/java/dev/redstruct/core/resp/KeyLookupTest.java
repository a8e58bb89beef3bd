package dev.redstruct.core.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyLookupTest {
  @Test
  void overAFunctionOverwriteIsTheStoredValue() {
    Map<String, List<String>> map = new HashMap<>();
    KeyLookup<List<String>> keys =
        KeyLookup.of(
            k ->
                map.computeIfAbsent(new String(k, StandardCharsets.UTF_8), x -> new ArrayList<>()));
    byte[] k = "k".getBytes(StandardCharsets.UTF_8);
    keys.get(k).add("a");
    assertSame(keys.get(k), keys.overwrite(k));
    keys.modified(k);
    assertEquals(List.of("a"), map.get("k"));
  }

  @Test
  void aFunctionThatGivesNullIsACallerMistake() {
    KeyLookup<Object> keys = KeyLookup.of(k -> null);
    assertThrows(NullPointerException.class, () -> keys.get(new byte[0]));
  }

  @Test
  void replyErrorCarriesRedisTextWithoutAStackTrace() {
    ReplyError e = new ReplyError(ReplyError.WRONGTYPE);
    assertEquals(
        "WRONGTYPE Operation against a key holding the wrong kind of value", e.getMessage());
    assertEquals(0, e.getStackTrace().length);
  }
}
