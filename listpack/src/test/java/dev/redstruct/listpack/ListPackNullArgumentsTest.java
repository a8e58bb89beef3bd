package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Codec;
import dev.redstruct.testkit.NullArguments;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Every public constructor and method of the module, called with null for each reference parameter:
 * a {@link NullPointerException} naming the parameter, and the receiver (and, for a cursor, its
 * listpack) unchanged.
 */
class ListPackNullArgumentsTest {
  private static ListPack sample() {
    ListPack l = ListPack.create();
    l.append("a".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    l.append(12);
    l.append("hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    l.append(13);
    return l;
  }

  @Test
  void listPack() {
    int n =
        NullArguments.of(ListPack.class)
            .receiver(ListPackNullArgumentsTest::sample, l -> Arrays.toString(l.toByteArray()))
            .sample(Codec.class, Codec::bytes)
            .sample(RandomGenerator.class, () -> new SplittableRandom(1))
            .run();
    assertTrue(n >= 15, "checked " + n);
  }

  @Test
  void cursor() {
    Map<ListPackCursor, ListPack> lists = new IdentityHashMap<>();
    int n =
        NullArguments.of(ListPackCursor.class)
            .receiver(
                () -> {
                  ListPack l = sample();
                  ListPackCursor c = l.cursor();
                  c.next();
                  lists.put(c, l);
                  return c;
                },
                c -> Arrays.toString(lists.get(c).toByteArray()) + Arrays.toString(c.toByteArray()))
            .run();
    assertTrue(n >= 6, "checked " + n);
  }
}
