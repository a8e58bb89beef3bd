package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.testkit.RedisGens;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Properties with shrinking (QuickTheories). */
class ListPackPropertiesTest {

  private static Gen<byte[]> byteStrings() {
    Gen<byte[]> arbitrary =
        Generate.byteArrays(
            Generate.range(0, 300), Generate.bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
    Gen<byte[]> flavoured =
        longs().all().map(seed -> ListPackTestValues.value(new SplittableRandom(seed)));
    return arbitrary.mix(flavoured, 40).mix(RedisGens.canonicalIntegers(), 30);
  }

  @Test
  void anyByteStringRoundTripsAtBothEnds() {
    qt().forAll(byteStrings(), integers().between(0, 3))
        .checkAssert(
            (v, before) -> {
              ListPack lp = ListPack.create();
              for (int i = 0; i < before; i++) {
                lp.append(ListPackTestValues.ascii("x"));
              }
              lp.append(v);
              lp.prepend(v);
              assertArrayEquals(v, lp.get(-1));
              assertArrayEquals(v, lp.get(0));
              assertArrayEquals(v, ListPack.copyOf(lp.toByteArray()).get(-1));
              assertEquals(RedisNumbers.isCanonicalLong(v, 0, v.length), lp.isInteger(0));
            });
  }

  @Test
  void anyLongStoresAsItsDecimalWould() {
    qt().forAll(longs().all())
        .checkAssert(
            v -> {
              ListPack a = ListPack.create();
              a.append(v);
              ListPack b = ListPack.create();
              b.append(RedisNumbers.ll2string(v));
              assertEquals(Bytes.hex(a.toByteArray()), Bytes.hex(b.toByteArray()));
              assertEquals(v, a.getLong(0));
              assertEquals(0, a.find(RedisNumbers.ll2string(v), 0, 0));
            });
  }

  @Test
  void elementSizeIsTheSmallestEncodingPlusItsBacklen() {
    qt().forAll(longs().all())
        .checkAssert(
            v -> {
              ListPack lp = ListPack.create();
              lp.append(v);
              long x = v;
              int expected;
              if (x >= 0 && x <= 127) {
                expected = 2;
              } else if (x >= -4096 && x <= 4095) {
                expected = 3;
              } else if (x >= Short.MIN_VALUE && x <= Short.MAX_VALUE) {
                expected = 4;
              } else if (x >= -8388608 && x <= 8388607) {
                expected = 5;
              } else if (x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE) {
                expected = 6;
              } else {
                expected = 10;
              }
              assertEquals(7 + expected, lp.sizeInBytes(), Long.toString(v));
            });
  }

  @Test
  void builtListPacksValidateAndReencodeIdentically() {
    qt().forAll(lists().of(byteStrings()).ofSizeBetween(0, 40), longs().all())
        .checkAssert(
            (values, seed) -> {
              SplittableRandom r = new SplittableRandom(seed);
              ListPack lp = ListPack.create();
              for (byte[] v : values) {
                lp.insert(r.nextInt(lp.size() + 1), v);
              }
              if (!values.isEmpty() && r.nextBoolean()) {
                lp.deleteRange(r.nextInt(values.size()), r.nextInt(3));
              }
              byte[] blob = lp.toByteArray();
              assertEquals(lp.size(), ListPack.validate(blob));
              ListPack again = ListPack.create();
              for (byte[] v : lp.asList()) {
                again.append(v);
              }
              assertArrayEquals(blob, again.toByteArray());
            });
  }

  /**
   * Any sequence of edits (at either end, in the middle, pops into a buffer, trims and re-centring
   * included) leaves the bytes of a listpack freshly built by appending the same elements: the head
   * room never shows in the bytes.
   */
  @Test
  void anyEditSequenceLeavesTheBytesOfAFreshListPack() {
    qt().forAll(lists().of(longs().all()).ofSizeBetween(0, 400))
        .checkAssert(
            ops -> {
              ListPack lp = ListPack.create();
              java.util.List<byte[]> model = new java.util.ArrayList<>();
              byte[] buf = new byte[400];
              for (long op : ops) {
                SplittableRandom r = new SplittableRandom(op);
                byte[] v = ListPackTestValues.shortValue(r, r.nextInt(6) == 0 ? 300 : 30);
                int n = model.size();
                switch ((int) Math.floorMod(op, 9L)) {
                  case 0:
                  case 1:
                    lp.prepend(v);
                    model.add(0, v);
                    break;
                  case 2:
                    lp.append(v);
                    model.add(v);
                    break;
                  case 3:
                    if (lp.pollFirst(buf, 0) >= 0) {
                      model.remove(0);
                    }
                    break;
                  case 4:
                    if (lp.pollLast(buf, 0) >= 0) {
                      model.remove(n - 1);
                    }
                    break;
                  case 5:
                    int at = r.nextInt(n + 1);
                    lp.insert(at, v);
                    model.add(at, v);
                    break;
                  case 6:
                    if (n > 0) {
                      int d = r.nextInt(n);
                      lp.delete(d);
                      model.remove(d);
                    }
                    break;
                  case 7:
                    if (n > 0) {
                      int i = r.nextInt(n);
                      lp.replace(i, v);
                      model.set(i, v);
                    }
                    break;
                  default:
                    lp.trimToSize();
                }
              }
              ListPack fresh = ListPack.create();
              model.forEach(fresh::append);
              assertEquals(Bytes.hex(fresh.toByteArray()), Bytes.hex(lp.toByteArray()));
              lp.checkInvariants();
            });
  }
}
