package dev.redstruct.ziplist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Codec;
import dev.redstruct.testkit.NullArguments;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every public constructor and method of the module, called with null for each reference parameter:
 * a {@link NullPointerException} naming the parameter, and the receiver (and, for a cursor, its
 * list) unchanged.
 */
class ZipListNullArgumentsTest {
  private static ZipList sample() {
    ZipList z = ZipList.create();
    z.pushTail("a".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    z.pushTail(12);
    z.pushTail("hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    return z;
  }

  @Test
  void zipList() {
    int n =
        NullArguments.of(ZipList.class)
            .receiver(ZipListNullArgumentsTest::sample, z -> Arrays.toString(z.toByteArray()))
            .sample(Codec.class, Codec::bytes)
            .run();
    assertTrue(n >= 13, "checked " + n);
  }

  /** The position API for the compact sorted set: every static method, each list argument. */
  @Test
  void positions() {
    ZipListVisitor visitor =
        new ZipListVisitor() {
          @Override
          public boolean string(long position, byte[] array, int offset, int length) {
            return true;
          }

          @Override
          public boolean integer(long position, long value) {
            return true;
          }
        };
    int n =
        NullArguments.of(ZipListPositions.class)
            .sample(ZipList.class, ZipListNullArgumentsTest::sample)
            .sample(ZipListVisitor.class, () -> visitor)
            .run();
    assertTrue(n >= 10, "checked " + n);
  }

  @Test
  void cursor() {
    Map<ZipListCursor, ZipList> lists = new IdentityHashMap<>();
    int n =
        NullArguments.of(ZipListCursor.class)
            .receiver(
                () -> {
                  ZipList z = sample();
                  ZipListCursor c = z.cursor();
                  c.next();
                  lists.put(c, z);
                  return c;
                },
                c -> Arrays.toString(lists.get(c).toByteArray()) + Arrays.toString(c.toByteArray()))
            .run();
    assertTrue(n >= 2, "checked " + n);
  }
}
