package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        long end = (long) days.length() * 8;
        return end <= to && end >= from ? LocalDate.ofYearDay(year, (int) end + 1) : null;
      }
      return LocalDate.ofYearDay(year, (int) pos + 1);
    }

    /** Longest run of ones: alternate BITPOS 1 and BITPOS 0. */
    long longestStreak() {
      long best = 0;
      long end = (long) days.length() * 8;
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

  /** 4-bit saturating counters: BITFIELD counters OVERFLOW SAT INCRBY u4 #i delta. */
  @Test
  void fourBitSaturatingCounters() {
    Bitmap counters = Bitmap.create();
    BitFieldType u4 = BitFieldType.unsigned(4);
    BitField bump = BitField.create().overflow(Bitmap.Overflow.SAT).incrBy(u4, 4 * 3, 1);
    List<Long> last = null;
    for (int i = 0; i < 20; i++) {
      last = bump.run(counters);
    }
    assertEquals(List.of(15L), last); // stuck at the maximum instead of wrapping to 4
    assertEquals(0, counters.getField(u4, 4 * 2));
    assertEquals(0, counters.incrField(u4, 4 * 3, -20, Bitmap.Overflow.SAT));
    counters.incrField(u4, 4 * 1, 9, Bitmap.Overflow.SAT);
    assertEquals(2, counters.length()); // counters 0..3 share two bytes
    assertEquals(0x09, counters.toByteArray()[0]);
  }

  /** The five-line example at the top of README.md. */
  @Test
  void readmeExample() {
    Bitmap b = Bitmap.create();
    Bitmap dest = Bitmap.create();
    Bitmap other = Bitmap.copyOf(new byte[] {0, 0x10});
    assertEquals(false, b.setBit(7, true));
    assertEquals(1, b.bitCount(0, -1, Bitmap.Unit.BIT));
    assertEquals(0, b.bitPos(false));
    assertEquals(2, Bitmap.bitOp(Bitmap.Op.OR, dest, b, other));
    List<Long> r =
        BitField.create()
            .overflow(Bitmap.Overflow.SAT)
            .incrBy(BitFieldType.unsigned(4), 4 * 3, 1)
            .run(b);
    assertEquals(List.of(1L), r);
    assertEquals("Bitmap[2 bytes: 01 01]", b.toString());
    assertEquals("Bitmap[2 bytes: 01 10]", dest.toString());
  }
}
