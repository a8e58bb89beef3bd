package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The use cases shown in README.md, as tests. */
class BitmapExamplesTest {
  /** One bit per day of the year: bit n = day-of-year n + 1 (SETBIT user:42:2026 n 1). */
  static final class SignInCalendar {
    private final Bitmap days = Bitmap.create();
    private final int year;

    SignInCalendar(int year) {
      this.year = year;
    }

    void signIn(LocalDate day) {
      days.setBit(day.getDayOfYear() - 1, true);
    }

    /** BITCOUNT key first last BIT over the month's days. */
    long daysSignedIn(int month) {
      LocalDate first = LocalDate.of(year, month, 1);
      long from = first.getDayOfYear() - 1;
      return days.bitCount(from, from + first.lengthOfMonth() - 1, Bitmap.Unit.BIT);
    }

    /** BITPOS key 0 first last BIT; -1 if every day was signed (up to the string's end). */
    LocalDate firstDayMissed(int month) {
      LocalDate first = LocalDate.of(year, month, 1);
      long from = first.getDayOfYear() - 1;
      long to = from + first.lengthOfMonth() - 1;
      long pos = days.bitPos(false, from, to, Bitmap.Unit.BIT);
      if (pos < 0) {
        // past the string the days are unsigned: the first of them, if inside the month
        long end = (long) days.byteLength() * 8;
        return end <= to && end >= from ? LocalDate.ofYearDay(year, (int) end + 1) : null;
      }
      return LocalDate.ofYearDay(year, (int) pos + 1);
    }

    /** Longest run of ones: alternate BITPOS 1 and BITPOS 0. */
    long longestStreak() {
      long best = 0;
      long end = (long) days.byteLength() * 8;
      long from = 0;
      while (from < end) {
        long one = days.bitPos(true, from, end - 1, Bitmap.Unit.BIT);
        if (one < 0) {
          break;
        }
        long zero = days.bitPos(false, one, end - 1, Bitmap.Unit.BIT);
        long runEnd = zero < 0 ? end : zero;
        best = Math.max(best, runEnd - one);
        from = runEnd;
      }
      return best;
    }
  }

  @Test
  void signInCalendar() {
    SignInCalendar cal = new SignInCalendar(2026);
    for (int d = 1; d <= 10; d++) {
      cal.signIn(LocalDate.of(2026, 3, d));
    }
    for (int d = 12; d <= 31; d++) {
      cal.signIn(LocalDate.of(2026, 3, d)); // 20 days: 12..31 March
    }
    cal.signIn(LocalDate.of(2026, 4, 1)); // the streak continues into April
    cal.signIn(LocalDate.of(2026, 4, 2));
    assertEquals(30, cal.daysSignedIn(3));
    assertEquals(2, cal.daysSignedIn(4));
    assertEquals(0, cal.daysSignedIn(5));
    assertEquals(LocalDate.of(2026, 3, 11), cal.firstDayMissed(3));
    assertEquals(LocalDate.of(2026, 4, 3), cal.firstDayMissed(4));
    assertEquals(LocalDate.of(2026, 2, 1), cal.firstDayMissed(2));
    assertEquals(22, cal.longestStreak());
  }

  /** The README's sign-in calendar block, as written. */
  @Test
  void readmeSignInCalendar() {
    Bitmap days = Bitmap.create(); // one bit per day of 2026
    for (int d = 1; d <= 31; d++) {
      if (d != 11) { // every day of March but the 11th: SETBIT user:42:2026 <dayOfYear - 1> 1
        days.setBit(LocalDate.of(2026, 3, d).getDayOfYear() - 1, true);
      }
    }
    long from = LocalDate.of(2026, 3, 1).getDayOfYear() - 1;
    long to = from + 30;
    long signedIn = days.bitCount(from, to, Bitmap.Unit.BIT); // BITCOUNT k from to BIT
    long firstMissed = days.bitPos(false, from, to, Bitmap.Unit.BIT); // BITPOS k 0 from to BIT
    long longestStreak = 0; // runs of ones; nextSetBit and nextClearBit count bits, as in BitSet
    for (long on = days.nextSetBit(0); on >= 0; on = days.nextSetBit(days.nextClearBit(on))) {
      longestStreak = Math.max(longestStreak, days.nextClearBit(on) - on);
    }

    assertEquals(30, signedIn);
    assertEquals(from + 10, firstMissed);
    assertEquals(20, longestStreak); // 12..31 March
  }

  /** 4-bit saturating counters: BITFIELD counters OVERFLOW SAT INCRBY u4 #i delta. */
  @Test
  void fourBitSaturatingCounters() {
    Bitmap counters = Bitmap.create();
    BitFieldType u4 = BitFieldType.unsigned(4);
    BitField bump = BitField.create().overflow(Bitmap.Overflow.SAT).incrBy(u4, 4 * 3, 1);
    List<Long> last = null;
    for (int i = 0; i < 20; i++) {
      last = bump.run(counters); // BITFIELD counters OVERFLOW SAT INCRBY u4 #3 1
    }
    assertEquals(List.of(15L), last); // stuck at the maximum instead of wrapping to 4
    assertEquals(0, counters.getField(u4, 4 * 2));
    assertEquals(0, counters.incrField(u4, 4 * 3, -20, Bitmap.Overflow.SAT));
    counters.incrField(u4, 4 * 1, 9, Bitmap.Overflow.SAT);
    assertEquals(2, counters.byteLength()); // counters 0..3 share two bytes
    assertEquals(0x09, counters.toByteArray()[0]);
  }

  /** The example at the top of README.md, as written. */
  @Test
  void readmeExample() {
    Bitmap dest = Bitmap.create();
    Bitmap other = Bitmap.copyOf(new byte[] {0, 0x10});
    Bitmap b = Bitmap.create();
    boolean old = b.setBit(7, true); // SETBIT k 7 1 -> 0, GET k = "\x01"
    long ones = b.bitCount(0, -1, Bitmap.Unit.BIT); // BITCOUNT k 0 -1 BIT -> 1
    long firstZero = b.bitPos(false); // BITPOS k 0 -> 0
    long fromByte1 = b.bitPosFromByte(true, 1); // BITPOS k 1 1 -> -1: that start counts bytes
    long fromBit1 = b.nextSetBit(1); // 7: BitSet's names count bits
    Bitmap.bitOp(Bitmap.Op.OR, dest, b, other); // BITOP OR dest k other
    List<Long> r =
        BitField.create()
            .overflow(Bitmap.Overflow.SAT)
            .incrBy(BitFieldType.unsigned(4), 4 * 3, 1)
            .run(b); // BITFIELD k OVERFLOW SAT INCRBY u4 #3 1 -> [1]
    long[] setBits = b.stream().toArray(); // [7, 15]; for (long bit : b) also works

    assertEquals(false, old);
    assertEquals(1, ones);
    assertEquals(0, firstZero);
    assertEquals(-1, fromByte1);
    assertEquals(7, fromBit1);
    assertEquals(List.of(1L), r);
    assertArrayEquals(new long[] {7, 15}, setBits);
    assertEquals(2, b.byteLength()); // STRLEN k
    assertEquals(16, b.length()); // highest set bit + 1, as BitSet.length()
    assertEquals("Bitmap[2 bytes: 01 01]", b.toString());
    assertEquals("Bitmap[2 bytes: 01 10]", dest.toString());
  }

  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/bitfield"));
    assertEquals(3, blocks, "README java blocks checked");
  }
}
