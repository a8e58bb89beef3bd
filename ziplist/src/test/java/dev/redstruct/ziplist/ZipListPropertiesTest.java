package dev.redstruct.ziplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.redstruct.core.RedisNumbers;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Properties with shrinking (QuickTheories). */
class ZipListPropertiesTest {

  private static Gen<byte[]> byteStrings() {
    Gen<byte[]> arbitrary =
        Generate.byteArrays(
            Generate.range(0, 300), Generate.bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
    Gen<byte[]> flavoured =
        longs().all().map(seed -> ZipListTestValues.value(new SplittableRandom(seed)));
    Gen<byte[]> decimal = longs().all().map(v -> ZipListTestValues.ascii(Long.toString(v)));
    return arbitrary.mix(flavoured, 40).mix(decimal, 30);
  }

  @Test
  void anyByteStringRoundTrips() {
    qt().forAll(byteStrings(), integers().between(0, 3))
        .checkAssert(
            (v, before) -> {
              ZipList z = ZipList.create();
              for (int i = 0; i < before; i++) {
                z.pushTail(ZipListTestValues.ascii("x"));
              }
              z.pushTail(v);
              z.pushHead(v);
              assertArrayEquals(v, z.get(-1));
              assertArrayEquals(v, z.get(0));
              assertArrayEquals(v, ZipList.copyOf(z.toByteArray()).get(-1));
            });
  }

  @Test
  void anyLongRoundTrips() {
    qt().forAll(longs().all())
        .checkAssert(
            v -> {
              ZipList z = ZipList.create();
              z.pushTail(v);
              z.insert(0, ZipListTestValues.ascii(Long.toString(v)));
              assertEquals(v, z.getLong(0));
              assertEquals(v, z.getLong(1));
              assertArrayEquals(z.get(0), z.get(1));
              assertEquals(1, z.find(ZipListTestValues.ascii(Long.toString(v)), 1, 0));
            });
  }

  @Test
  void decimalLengthMatchesLl2string() {
    qt().forAll(longs().all())
        .checkAssert(v -> assertEquals(Long.toString(v).length(), RedisNumbers.stringLength(v)));
    for (long v : new long[] {0, 9, 10, -1, -10, Long.MAX_VALUE, Long.MIN_VALUE, 999999999999L}) {
      assertEquals(Long.toString(v).length(), RedisNumbers.stringLength(v), Long.toString(v));
    }
  }

  @Test
  void builtListsAlwaysValidate() {
    qt().forAll(lists().of(byteStrings()).ofSizeBetween(0, 40), longs().all())
        .checkAssert(
            (values, seed) -> {
              SplittableRandom r = new SplittableRandom(seed);
              ZipList z = ZipList.create();
              for (byte[] v : values) {
                z.insert(r.nextInt(z.size() + 1), v);
              }
              if (!values.isEmpty() && r.nextBoolean()) {
                z.deleteRange(r.nextInt(values.size()), r.nextInt(3));
              }
              ZipList.validate(z.toByteArray(), true);
              List<String> unused = z.asList(dev.redstruct.core.Codec.utf8());
              assertEquals(z.size(), unused.size());
            });
  }
}
