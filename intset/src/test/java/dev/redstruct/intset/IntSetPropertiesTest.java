package dev.redstruct.intset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** Properties of {@link IntSet} against a {@link TreeSet}, with shrinking (QuickTheories). */
class IntSetPropertiesTest {
  /** Values that straddle the int16/int32/int64 boundaries, and some anywhere. */
  private static Gen<Long> values() {
    return integers()
        .between(0, 3)
        .flatMap(
            k ->
                switch (k) {
                  case 0 -> longs().between(-40_000, 40_000);
                  case 1 -> longs().between(Integer.MIN_VALUE - 5L, Integer.MIN_VALUE + 5L);
                  case 2 -> longs().between(Integer.MAX_VALUE - 5L, Integer.MAX_VALUE + 5L);
                  default -> longs().all();
                });
  }

  @Test
  void sortedUniqueAndEqualToTreeSet() {
    qt().withExamples(300)
        .forAll(lists().of(values()).ofSizeBetween(0, 200))
        .checkAssert(
            vs -> {
              IntSet s = IntSet.create();
              TreeSet<Long> model = new TreeSet<>();
              for (long v : vs) {
                assertEquals(model.add(v), s.add(v));
              }
              s.checkInvariants();
              assertArrayEquals(
                  model.stream().mapToLong(Long::longValue).toArray(), s.toLongArray());
            });
  }

  @Test
  void encodingIsTheWidestValueEverAdded() {
    qt().withExamples(300)
        .forAll(lists().of(values()).ofSizeBetween(1, 60), integers().between(0, 59))
        .checkAssert(
            (vs, removeCount) -> {
              IntSet s = IntSet.create();
              int widest = 2;
              for (long v : vs) {
                s.add(v);
                widest = Math.max(widest, IntSetLayout.valueEncoding(v));
              }
              for (int i = 0; i < Math.min(removeCount, vs.size()); i++) {
                s.remove(vs.get(i));
              }
              assertEquals(widest, s.encoding()); // upgrade keeps values; removal never narrows
              s.checkInvariants();
            });
  }

  @Test
  void blobRoundTripsAndSearchMatchesArrays() {
    qt().withExamples(300)
        .forAll(lists().of(values()).ofSizeBetween(0, 100), values())
        .checkAssert(
            (vs, probe) -> {
              IntSet s = IntSet.create();
              vs.forEach(s::add);
              IntSet back = IntSet.copyOf(s.toByteArray());
              assertEquals(s, back);
              assertEquals(s.hashCode(), back.hashCode());
              assertArrayEquals(s.toByteArray(), back.toByteArray());
              long[] sorted = s.toLongArray();
              int expected = Arrays.binarySearch(sorted, probe);
              assertEquals(expected, s.indexOf(probe));
              assertEquals(expected >= 0, s.contains(probe));
            });
  }

  @Test
  void removeUndoesAdd() {
    qt().withExamples(200)
        .forAll(lists().of(values()).ofSizeBetween(0, 80), values())
        .checkAssert(
            (List<Long> vs, Long extra) -> {
              IntSet s = IntSet.create();
              vs.forEach(s::add);
              if (!s.contains(extra)) {
                long[] before = s.toLongArray();
                s.add(extra);
                s.remove(extra);
                assertArrayEquals(before, s.toLongArray());
              }
            });
  }
}
