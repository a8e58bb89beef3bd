package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Documented examples. Sources: redis.io command pages (SETBIT, BITCOUNT, BITPOS, BITOP, BITFIELD),
 * Redis 7.0.15 {@code tests/unit/bitops.tcl} and {@code tests/unit/bitfield.tcl}, and the fact
 * sheet {@code redis-facts-hll-geo-bits.md} §3–5 whose values were checked against redis-server
 * 7.0.15.
 */
class BitmapTest {
  static Bitmap of(String s) {
    return Bitmap.copyOf(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  static Bitmap hex(String h) {
    return Bitmap.wrap(Bytes.fromHex(h));
  }

  @Test
  void bitZeroIsTheMostSignificantBitOfByteZero() {
    Bitmap b = Bitmap.create();
    assertFalse(b.setBit(0, true));
    assertArrayEquals(new byte[] {(byte) 0x80}, b.toByteArray());
    assertTrue(b.setBit(0, false));
    b.checkInvariants();
  }

  /** redis.io GETBIT/SETBIT: SETBIT mykey 7 1 -> 0; GETBIT mykey 0 -> 0, 7 -> 1, 100 -> 0. */
  @Test
  void setbitGetbitDocExample() {
    Bitmap b = Bitmap.create();
    assertFalse(b.setBit(7, true));
    assertFalse(b.getBit(0));
    assertTrue(b.getBit(7));
    assertFalse(b.getBit(100));
    assertEquals(1, b.byteLength());
  }

  /** Fact sheet §3.3 (redis.io SETBIT pattern): bits 2,3,5,10,11,14 set spell "42". */
  @Test
  void bitsSpellFortyTwo() {
    Bitmap b = Bitmap.create();
    for (int bit : new int[] {2, 3, 5, 10, 11, 14}) {
      b.setBit(bit, true);
    }
    assertEquals("42", new String(b.toByteArray(), StandardCharsets.US_ASCII));
  }

  /** redis.io BITCOUNT and bitops.tcl on "foobar"; fact sheet §3.4. */
  @Test
  void bitcountFoobar() {
    Bitmap b = of("foobar");
    assertEquals(26, b.bitCount());
    assertEquals(4, b.bitCount(0, 0, Bitmap.Unit.BYTE));
    assertEquals(6, b.bitCount(1, 1, Bitmap.Unit.BYTE));
    assertEquals(17, b.bitCount(5, 30, Bitmap.Unit.BIT));
    assertEquals(0, b.bitCount(-1, -2, Bitmap.Unit.BIT));
    assertEquals(26, b.bitCount(0, 4294967296L, Bitmap.Unit.BYTE));
    assertEquals(26, b.bitCount(0, Long.MAX_VALUE, Bitmap.Unit.BIT));
    assertEquals(of("ooba").bitCount(), b.bitCount(1, -2, Bitmap.Unit.BYTE));
    assertEquals(0, b.bitCount(-2, 1, Bitmap.Unit.BYTE));
  }

  /** bitops.tcl: misaligned ranges. */
  @Test
  void bitcountMisaligned() {
    assertEquals(3, of("ab").bitCount(1, -1, Bitmap.Unit.BYTE));
    assertEquals(74, of("__PPxxxxxxxxxxxxxxxxRR__").bitCount(2, -3, Bitmap.Unit.BYTE));
  }

  /** redis.io BITPOS examples; fact sheet §3.5. */
  @Test
  void bitposDocExamples() {
    assertEquals(12, hex("fff000").bitPos(false));
    Bitmap b = hex("00fff0");
    assertEquals(8, b.bitPosFromByte(true, 0));
    assertEquals(16, b.bitPosFromByte(true, 2));
    assertEquals(16, b.bitPos(true, 2, -1, Bitmap.Unit.BYTE));
    assertEquals(8, b.bitPos(true, 7, 15, Bitmap.Unit.BIT));
    Bitmap z = hex("000000");
    assertEquals(-1, z.bitPos(true));
    assertEquals(-1, z.bitPos(true, 7, -3, Bitmap.Unit.BIT));
  }

  /** bitops.tcl: looking for 0 in ones answers past the end only when no end is given. */
  @Test
  void bitposClearBitRule() {
    Bitmap b = hex("ffffff");
    assertEquals(24, b.bitPos(false));
    assertEquals(24, b.bitPosFromByte(false, 0));
    assertEquals(24, b.bitPosFromByte(false, -1));
    assertEquals(-1, b.bitPos(false, 0, -1, Bitmap.Unit.BYTE));
    assertEquals(-1, b.bitPos(false, 0, -1, Bitmap.Unit.BIT));
    assertEquals(-1, Bitmap.copyOf(new byte[0]).bitPos(false));
  }

  /** bitops.tcl on "\x00\xff\x00". */
  @Test
  void bitposRanges() {
    Bitmap b = hex("00ff00");
    assertEquals(0, b.bitPos(false, 0, -1, Bitmap.Unit.BYTE));
    assertEquals(16, b.bitPos(false, 1, -1, Bitmap.Unit.BYTE));
    assertEquals(16, b.bitPos(false, 2, 200, Bitmap.Unit.BYTE));
    assertEquals(-1, b.bitPos(false, 1, 1, Bitmap.Unit.BYTE));
    assertEquals(16, b.bitPos(false, 8, -1, Bitmap.Unit.BIT));
    assertEquals(-1, b.bitPos(false, 8, 8, Bitmap.Unit.BIT));
    assertEquals(8, b.bitPos(true, 1, -1, Bitmap.Unit.BYTE));
    assertEquals(-1, b.bitPos(true, 2, 200, Bitmap.Unit.BYTE));
    assertEquals(8, b.bitPos(true, 8, 8, Bitmap.Unit.BIT));
    assertEquals(-1, b.bitPos(true, 16, -1, Bitmap.Unit.BIT));
  }

  /** bitops.tcl: long strings, 3 + 24 bytes of 0xff then 0x0f, first 0 at 216 from many starts. */
  @Test
  void bitposAcrossWords() {
    byte[] v = new byte[28];
    Arrays.fill(v, 0, 27, (byte) 0xff);
    v[27] = 0x0f;
    Bitmap b = Bitmap.wrap(v);
    for (int start = 0; start <= 8; start++) {
      assertEquals(216, b.bitPosFromByte(false, start));
    }
    for (int start = 1; start <= 65; start += 8) {
      assertEquals(216, b.bitPos(false, start, -1, Bitmap.Unit.BIT));
    }
  }

  /** redis.io BITOP and bitops.tcl; fact sheet §3.6. */
  @Test
  void bitopExamples() {
    Bitmap dest = Bitmap.create();
    assertEquals(6, Bitmap.bitOp(Bitmap.Op.AND, dest, of("foobar"), of("abcdef")));
    assertEquals("`bc`ab", new String(dest.toByteArray(), StandardCharsets.ISO_8859_1));
    Bitmap a = hex("0102");
    Bitmap b = hex("01");
    Bitmap.bitOp(Bitmap.Op.AND, dest, a, b);
    assertArrayEquals(Bytes.fromHex("0100"), dest.toByteArray());
    Bitmap.bitOp(Bitmap.Op.OR, dest, a, b);
    assertArrayEquals(Bytes.fromHex("0102"), dest.toByteArray());
    Bitmap.bitOp(Bitmap.Op.XOR, dest, a, b);
    assertArrayEquals(Bytes.fromHex("0002"), dest.toByteArray());
    Bitmap.bitOp(Bitmap.Op.NOT, dest, new Bitmap[] {a});
    assertArrayEquals(Bytes.fromHex("fefd"), dest.toByteArray());
    dest.checkInvariants();
  }

  /** bitops.tcl: padding, NOT in place, and "1" XOR "2" XOR "1" = "2". */
  @Test
  void bitopPaddingAndAliasing() {
    Bitmap x = hex("0102ffff");
    Bitmap y = hex("0102ff");
    Bitmap d = Bitmap.create();
    Bitmap.bitOp(Bitmap.Op.AND, d, x, y);
    assertArrayEquals(Bytes.fromHex("0102ff00"), d.toByteArray());
    Bitmap.bitOp(Bitmap.Op.XOR, d, x, y);
    assertArrayEquals(Bytes.fromHex("000000ff"), d.toByteArray());
    Bitmap n = hex("aa00ff55");
    Bitmap.bitOp(Bitmap.Op.NOT, n, new Bitmap[] {n});
    assertArrayEquals(Bytes.fromHex("55ff00aa"), n.toByteArray());
    Bitmap.bitOp(Bitmap.Op.XOR, d, new Bitmap[] {of("1"), of("2"), of("1")});
    assertEquals("2", new String(d.toByteArray(), StandardCharsets.US_ASCII));
    Bitmap.bitOp(Bitmap.Op.AND, y, x, y); // dest is the second source
    assertArrayEquals(Bytes.fromHex("0102ff00"), y.toByteArray());
    Bitmap five = Bitmap.wrap(new byte[5]); // alloc 5 in one 8-byte word: reused for 7 bytes
    Bitmap.bitOp(Bitmap.Op.OR, five, new Bitmap[] {hex("01020304050607")});
    assertEquals(7, five.byteLength());
    five.checkInvariants();
    Bitmap big = Bitmap.wrap(new byte[40]);
    Bitmap.bitOp(Bitmap.Op.OR, big, new Bitmap[] {hex("01")}); // shrinking keeps I2
    assertEquals(1, big.byteLength());
    big.checkInvariants();
  }

  /**
   * Issue 14 item 1: {@code BITOP OR d d x} where d grew by SETBIT (spare capacity) and x is longer
   * than d. Redis 7.0.15: {@code SETBIT d 64 1; SET x <20 x ff>; BITOP OR d d x} replies 20 and
   * {@code GET d} is 20 bytes of ff, {@code BITCOUNT d} 160.
   */
  @Test
  void item1BitOpIntoAGrownDestinationThatIsAlsoASource() {
    byte[] ff20 = new byte[20];
    Arrays.fill(ff20, (byte) 0xff);
    Bitmap d = Bitmap.create();
    d.setBit(64, true); // 9 bytes, capacity 18: the result (20 bytes) still fits its word array
    assertEquals(20, Bitmap.bitOp(Bitmap.Op.OR, d, new Bitmap[] {d, Bitmap.copyOf(ff20)}));
    assertArrayEquals(ff20, d.toByteArray());
    assertEquals(160, d.bitCount());
    d.checkInvariants();
    Bitmap e = Bitmap.create();
    e.setBit(64, true);
    assertEquals(20, Bitmap.bitOp(Bitmap.Op.XOR, e, e, Bitmap.copyOf(ff20)));
    assertEquals(159, e.bitCount());
    e.checkInvariants();
    // a rejected BITOP changes nothing, wherever it fails
    byte[] before = e.toByteArray();
    Bitmap x = Bitmap.copyOf(ff20);
    assertThrows(
        IllegalArgumentException.class, () -> Bitmap.bitOp(Bitmap.Op.NOT, e, new Bitmap[] {e, x}));
    assertThrows(IllegalArgumentException.class, () -> Bitmap.bitOp(Bitmap.Op.NOT, e, e, x));
    assertThrows(
        NullPointerException.class, () -> Bitmap.bitOp(Bitmap.Op.OR, e, new Bitmap[] {e, null}));
    assertThrows(NullPointerException.class, () -> Bitmap.bitOp(Bitmap.Op.OR, e, x, null));
    assertArrayEquals(before, e.toByteArray());
    e.checkInvariants();
  }

  /** redis.io BITFIELD: u5 23 at offset 7 on zeros gives 01 70 (fact sheet §3.1). */
  @Test
  void bitfieldLayoutExample() {
    Bitmap b = Bitmap.create();
    assertEquals(0, b.setField(BitFieldType.unsigned(5), 7, 23, Bitmap.Overflow.WRAP));
    assertArrayEquals(Bytes.fromHex("0170"), b.toByteArray());
    assertEquals(23, b.getField(BitFieldType.unsigned(5), 7));
  }

  /** bitfield.tcl: signed and unsigned SET/GET, wrap of the SET value, INCRBY wrap. */
  @Test
  void bitfieldTclBasics() {
    Bitmap b = Bitmap.create();
    BitFieldType i8 = BitFieldType.signed(8);
    BitFieldType u8 = BitFieldType.unsigned(8);
    assertEquals(0, b.setField(i8, 0, -100, Bitmap.Overflow.WRAP));
    assertEquals(-100, b.setField(i8, 0, 101, Bitmap.Overflow.WRAP));
    assertEquals(101, b.getField(i8, 0));
    List<Long> r =
        BitField.create().set(i8, 0, 255).set(i8, 0, 100).get(i8, 0).run(Bitmap.create());
    assertEquals(List.of(0L, -1L, 100L), r);
    r = BitField.create().set(u8, 0, 255).incrBy(u8, 0, 100).get(u8, 0).run(Bitmap.create());
    assertEquals(List.of(0L, 99L, 99L), r);
    Bitmap abc = Bitmap.create();
    BitField.create().set(u8, 0, 65).set(u8, 8, 66).set(u8, 16, 67).run(abc);
    assertEquals("ABC", new String(abc.toByteArray(), StandardCharsets.US_ASCII));
  }

  /** bitfield.tcl overflow cases; fact sheet §3.7. */
  @Test
  void bitfieldOverflow() {
    BitFieldType u8 = BitFieldType.unsigned(8);
    BitFieldType i8 = BitFieldType.signed(8);
    Bitmap b = Bitmap.create();
    b.setField(u8, 0, 100, Bitmap.Overflow.WRAP);
    assertEquals(101, b.incrField(u8, 0, 257, Bitmap.Overflow.WRAP));
    assertEquals(100, b.incrField(u8, 0, 255, Bitmap.Overflow.WRAP));
    assertEquals(255, b.incrField(u8, 0, 257, Bitmap.Overflow.SAT));
    assertEquals(0, b.incrField(u8, 0, -255, Bitmap.Overflow.SAT));
    b.setField(u8, 0, 100, Bitmap.Overflow.WRAP);
    assertEquals(127, b.incrField(i8, 0, 257, Bitmap.Overflow.SAT));
    assertEquals(-128, b.incrField(i8, 0, -255, Bitmap.Overflow.SAT));
    assertEquals(-128, b.getField(i8, 0));
    assertThrows(ArithmeticException.class, () -> b.incrField(i8, 0, -1, Bitmap.Overflow.FAIL));
    assertEquals(-128, b.getField(i8, 0));
    // fact sheet: OVERFLOW SAT SET u8 0 -1 stores 255 (negative counts as too large)
    Bitmap c = Bitmap.create();
    c.setField(u8, 0, -1, Bitmap.Overflow.SAT);
    assertEquals(255, c.getField(u8, 0));
    Bitmap w = Bitmap.create();
    w.setField(BitFieldType.signed(64), 0, Long.MAX_VALUE, Bitmap.Overflow.WRAP);
    assertEquals(Long.MIN_VALUE, w.incrField(BitFieldType.signed(64), 0, 1, Bitmap.Overflow.WRAP));
  }

  /**
   * incrField under WRAP takes a one-word path for fields inside one 64-bit word; it must give the
   * reply and bytes of the general path (read, wrap the sum, write), which setField of the wrapped
   * sum reproduces, for every type, offset and increment, next to random neighbouring bits.
   */
  @Test
  void incrWrapInOneWordEqualsTheGeneralPath() {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(22);
    for (int i = 0; i < 200_000; i++) {
      int bits = 1 + rnd.nextInt(64);
      BitFieldType t =
          bits == 64 || rnd.nextBoolean() ? BitFieldType.signed(bits) : BitFieldType.unsigned(bits);
      byte[] start = new byte[rnd.nextInt(0, 24)];
      rnd.nextBytes(start);
      long offset = rnd.nextInt(0, 192);
      long incr = rnd.nextBoolean() ? rnd.nextLong() : rnd.nextLong(-300, 300);
      Bitmap fast = Bitmap.copyOf(start);
      Bitmap slow = Bitmap.copyOf(start);
      long old = slow.getField(t, offset);
      long wrapped = Fields.wrap(t, old + incr);
      slow.setField(t, offset, wrapped, Bitmap.Overflow.WRAP);
      assertEquals(
          wrapped, fast.incrField(t, offset, incr, Bitmap.Overflow.WRAP), t + "@" + offset);
      assertArrayEquals(slow.toByteArray(), fast.toByteArray(), t + "@" + offset);
      fast.checkInvariants();
    }
  }

  /** redis.io BITFIELD: INCRBY u2 100 1 OVERFLOW SAT INCRBY u2 102 1, four times. */
  @Test
  void bitfieldDocOverflowExample() {
    BitFieldType u2 = BitFieldType.unsigned(2);
    BitField f =
        BitField.create().incrBy(u2, 100, 1).overflow(Bitmap.Overflow.SAT).incrBy(u2, 102, 1);
    Bitmap b = Bitmap.create();
    assertEquals(List.of(1L, 1L), f.run(b));
    assertEquals(List.of(2L, 2L), f.run(b));
    assertEquals(List.of(3L, 3L), f.run(b));
    assertEquals(List.of(0L, 3L), f.run(b));
  }

  /** Fact sheet §3.7: a FAIL still grows the string first (13 zero bytes), and replies nil. */
  @Test
  void bitfieldFailGrowsFirst() {
    Bitmap b = Bitmap.create();
    List<Long> r =
        BitField.create()
            .overflow(Bitmap.Overflow.FAIL)
            .incrBy(BitFieldType.unsigned(2), 102, 5)
            .run(b);
    assertEquals(1, r.size());
    assertNull(r.get(0));
    assertArrayEquals(new byte[13], b.toByteArray());
  }

  /** Fact sheet §3.7: #3564 and the integer-encoded "255" read as text. */
  @Test
  void bitfieldRegressions() {
    BitFieldType i8 = BitFieldType.signed(8);
    List<Long> r =
        BitField.create().set(i8, 0, 10).set(i8, 64, 10).incrBy(i8, 10, 99900).run(Bitmap.create());
    assertEquals(List.of(0L, 0L, 60L), r);
    Bitmap s = of("255");
    assertEquals(50, s.getField(BitFieldType.unsigned(8), 0));
    assertEquals(3290421, s.getField(BitFieldType.unsigned(24), 0));
    assertEquals(0, of("1").getField(BitFieldType.unsigned(1), 0));
  }

  @Test
  void offsetLimitsUseRedisErrorTextAndChangeNothing() {
    Bitmap b = of("x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> b.setBit(1L << 32, true));
    assertEquals("ERR bit offset is not an integer or out of range", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> b.getBit(-1));
    assertThrows(
        IllegalArgumentException.class,
        () -> b.setField(BitFieldType.signed(8), -8, 1, Bitmap.Overflow.WRAP));
    assertEquals(1, b.byteLength());
    for (long bad : new long[] {Long.MIN_VALUE, -(1L << 32), -1, 1L << 32, Long.MAX_VALUE}) {
      assertThrows(IllegalArgumentException.class, () -> b.getBit(bad), Long.toString(bad));
      assertThrows(IllegalArgumentException.class, () -> b.setBit(bad, true), Long.toString(bad));
    }
    assertEquals(1, b.byteLength());
    assertEquals(4294967295L, Bitmap.MAX_BIT_OFFSET);
    assertFalse(b.getBit(Bitmap.MAX_BIT_OFFSET));
    assertFalse(b.getBit((1L << 31) + 1)); // its low 32 bits are a negative int
  }

  @Test
  void typesParseLikeRedis() {
    assertEquals(BitFieldType.signed(64), BitFieldType.parse("i64"));
    assertEquals(63, BitFieldType.parse("u63").bits());
    for (String bad : new String[] {"u64", "i65", "i0", "U8", "u08", "u", "", "i-1", "x8"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> BitFieldType.parse(bad), bad);
      assertEquals(BitFieldType.ERR_TYPE, e.getMessage());
    }
  }

  /** sdsMakeRoomFor: below 1 MB the capacity doubles the needed length, above it adds 1 MB. */
  @Test
  void growthFollowsSdsMakeRoomFor() {
    Bitmap b = Bitmap.create();
    b.setBit(7, true);
    assertEquals(1, b.byteLength());
    assertEquals(2, b.capacity());
    b.setBit(8 * 99, true);
    assertEquals(100, b.byteLength());
    assertEquals(200, b.capacity());
    b.setBit(8 * 150, true); // fits in the reserved room
    assertEquals(200, b.capacity());
    b.setBit(8L * (2 << 20), true);
    assertEquals((2 << 20) + 1, b.byteLength());
    assertEquals((2 << 20) + 1 + (1 << 20), b.capacity());
    b.checkInvariants();
  }

  @Test
  void bitSetConversionsReverseTheBitOrderWithinBytes() {
    Bitmap b = hex("8001");
    BitSet s = b.toBitSet();
    assertEquals(BitSet.valueOf(new long[] {1L | (1L << 15)}), s);
    assertEquals(b, Bitmap.fromBitSet(s));
    BitSet t = new BitSet();
    t.set(0);
    t.set(70);
    Bitmap c = Bitmap.fromBitSet(t);
    assertEquals(9, c.byteLength());
    assertEquals(t.length(), c.length()); // BitSet meaning: highest set bit + 1 = 71
    assertTrue(c.getBit(0));
    assertTrue(c.getBit(70));
    assertEquals(2, c.bitCount());
    assertEquals(t, c.toBitSet());
    assertEquals(0, Bitmap.fromBitSet(new BitSet()).byteLength());
  }

  @Test
  void wrapTakesGetBytesAsTheyAre() {
    byte[] fromGet = "foobar".getBytes(StandardCharsets.US_ASCII);
    Bitmap b = Bitmap.wrap(fromGet);
    assertArrayEquals("foobar".getBytes(StandardCharsets.US_ASCII), b.toByteArray());
    assertEquals(6, b.byteLength());
    assertEquals(b, of("foobar"));
    assertEquals(b.hashCode(), of("foobar").hashCode());
  }

  /** The layout drawn in Bitmap's implementation notes: "foobar" packs into 0x666f6f6261720000. */
  @Test
  void wordLayoutExample() {
    Bitmap b = of("foobar");
    assertEquals(1, b.words().length);
    assertEquals(0x666f6f6261720000L, b.words()[0]);
    assertEquals(6, b.byteLength());
    b.checkInvariants();
  }

  /**
   * Names shared with java.util.BitSet mean bits, as there; byte units say so. On the value of
   * {@code SETBIT k 7 1; SETBIT k 20 1}: STRLEN 3, bits 7 and 20 set.
   */
  @Test
  void bitSetNamesCountBitsAndByteUnitsSaySo() {
    Bitmap b = Bitmap.create();
    b.setBit(7, true);
    b.setBit(20, true);
    b.setBit(23, false); // STRLEN stays 3, no bit added
    BitSet same = new BitSet();
    same.set(7);
    same.set(20);
    assertEquals(3, b.byteLength());
    assertEquals(same.length(), b.length()); // 21: highest set bit + 1
    assertEquals(same.cardinality(), b.cardinality());
    assertEquals(same.nextSetBit(8), b.nextSetBit(8));
    assertEquals(-1, b.nextSetBit(21));
    assertEquals(-1, b.nextSetBit(1L << 40));
    assertEquals(same.nextClearBit(7), b.nextClearBit(7));
    assertEquals(1000, b.nextClearBit(1000)); // past the end every bit is clear
    assertEquals(20, b.bitPosFromByte(true, 1)); // BITPOS k 1 1: from byte 1, i.e. bit 8 on
    assertEquals(7, b.nextSetBit(1)); // from bit 1
    assertEquals(20, b.nextSetBit(16));
    assertThrows(IndexOutOfBoundsException.class, () -> b.nextSetBit(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> b.nextClearBit(-1));
    Bitmap ones = hex("ffffffffffffffff");
    assertEquals(64, ones.nextClearBit(0));
    assertEquals(64, ones.length());
    assertEquals(0, Bitmap.create().length());
    assertEquals(0, Bitmap.copyOf(new byte[9]).length());
  }

  @Test
  void setBitsIterateInIncreasingOrder() {
    Bitmap b = hex("8000000000000001 00 41");
    List<Long> seen = new java.util.ArrayList<>();
    for (long bit : b) {
      seen.add(bit);
    }
    assertEquals(List.of(0L, 63L, 73L, 79L), seen);
    assertArrayEquals(new long[] {0, 63, 73, 79}, b.stream().toArray());
    assertEquals(4, b.stream().count());
    java.util.PrimitiveIterator.OfLong it = Bitmap.create().iterator();
    assertFalse(it.hasNext());
    assertThrows(java.util.NoSuchElementException.class, it::nextLong);
    java.util.stream.LongStream lazy = b.stream();
    b.setBit(100, true); // the stream binds when its terminal operation starts, as BitSet's
    assertEquals(5, lazy.count());
  }

  @Test
  void nullArgumentsNameTheParameterAndChangeNothing() {
    Bitmap b = hex("01");
    Bitmap other = hex("02");
    BitFieldType u4 = BitFieldType.unsigned(4);
    assertNpe("value", () -> Bitmap.copyOf(null));
    assertNpe("value", () -> Bitmap.wrap(null));
    assertNpe("value", () -> b.set(null));
    assertNpe("set", () -> Bitmap.fromBitSet(null));
    assertNpe("unit", () -> b.bitCount(0, -1, null));
    assertNpe("unit", () -> b.bitPos(true, 0, -1, null));
    assertNpe("op", () -> Bitmap.bitOp(null, b, other, other));
    assertNpe("dest", () -> Bitmap.bitOp(Bitmap.Op.OR, null, other, other));
    assertNpe("a", () -> Bitmap.bitOp(Bitmap.Op.OR, b, null, other));
    assertNpe("b", () -> Bitmap.bitOp(Bitmap.Op.OR, b, other, null));
    assertNpe("op", () -> Bitmap.bitOp(null, b, new Bitmap[] {other}));
    assertNpe("dest", () -> Bitmap.bitOp(Bitmap.Op.OR, null, new Bitmap[] {other}));
    assertNpe("sources", () -> Bitmap.bitOp(Bitmap.Op.OR, b, (Bitmap[]) null));
    assertNpe("sources[i]", () -> Bitmap.bitOp(Bitmap.Op.OR, b, new Bitmap[] {other, null}));
    assertNpe("type", () -> b.getField(null, 0));
    assertNpe("type", () -> b.setField(null, 0, 1, Bitmap.Overflow.WRAP));
    assertNpe("overflow", () -> b.setField(u4, 0, 1, null));
    assertNpe("type", () -> b.incrField(null, 0, 1, Bitmap.Overflow.WRAP));
    assertNpe("overflow", () -> b.incrField(u4, 0, 1, null));
    assertNpe("type", () -> BitField.create().get(null, 0));
    assertNpe("type", () -> BitField.create().set(null, 0, 1));
    assertNpe("type", () -> BitField.create().incrBy(null, 0, 1));
    assertNpe("policy", () -> BitField.create().overflow(null));
    assertNpe("bitmap", () -> BitField.create().run(null));
    assertNpe("text", () -> BitFieldType.parse(null));
    assertNpe("key", () -> BitmapKeyspace.create().get(null));
    assertNpe("argv", () -> BitmapKeyspace.create().execute((byte[][]) null));
    assertNpe("argv[i]", () -> BitmapKeyspace.create().execute(new byte[][] {null}));
    assertEquals(hex("01"), b, "a rejected call changes nothing");
    assertEquals(hex("02"), other);
  }

  private static void assertNpe(String name, org.junit.jupiter.api.function.Executable call) {
    NullPointerException e = assertThrows(NullPointerException.class, call);
    assertEquals(name, e.getMessage());
  }
}
