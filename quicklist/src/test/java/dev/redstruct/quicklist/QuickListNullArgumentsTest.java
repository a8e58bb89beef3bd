package dev.redstruct.quicklist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Codec;
import dev.redstruct.testkit.NullArguments;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Every public constructor and method of {@link QuickList}, called with null for each reference
 * parameter: a {@link NullPointerException} naming the parameter, and the list unchanged.
 */
class QuickListNullArgumentsTest {
  private static QuickList sample() {
    QuickList q = QuickList.create(2, 1);
    for (String s : new String[] {"a", "12", "hello", "13", "world"}) {
      q.pushTail(s.getBytes(StandardCharsets.US_ASCII));
    }
    return q;
  }

  @Test
  void quickList() {
    int n =
        NullArguments.of(QuickList.class)
            .receiver(
                QuickListNullArgumentsTest::sample,
                q -> java.util.Arrays.toString(q.toRdbPayload(false)))
            .sample(Codec.class, Codec::bytes)
            .run();
    assertTrue(n >= 10, "checked " + n);
  }
}
