package dev.redstruct.bitfield;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A BITFIELD command: a list of GET, SET and INCRBY sub-commands with OVERFLOW settings, built once
 * and run on any number of bitmaps.
 *
 * <pre>{@code
 * BitField f = BitField.create()
 *     .overflow(Bitmap.Overflow.SAT)
 *     .incrBy(BitFieldType.unsigned(4), 4 * 7, 1)   // BITFIELD k OVERFLOW SAT INCRBY u4 #7 1
 *     .get(BitFieldType.unsigned(4), 4 * 7);
 * List<Long> replies = f.run(bitmap);               // [1, 1]
 * }</pre>
 *
 * <p>Semantics follow Redis 7.0.15 ({@code bitfieldGeneric}, {@code src/bitops.c}): an OVERFLOW
 * applies to the SET and INCRBY sub-commands after it (the default is WRAP, GET ignores it); if
 * there is any SET or INCRBY, the string first grows to cover the farthest field written, even if
 * that write then fails; SET replies the old value, INCRBY the new one, and a write that overflows
 * under FAIL replies {@code null} and writes nothing.
 *
 * <p>Null arguments are rejected with a {@link NullPointerException} naming the parameter. Thread
 * safety: a builder is not thread-safe while sub-commands are appended; once it is complete and
 * safely published, {@link #run} only reads it, so it may run concurrently on different bitmaps
 * (each bitmap confined as {@link Bitmap} requires).
 */
public final class BitField {
  /*
   * Implementation notes: sub-commands live in parallel arrays (opcode, type, offset, argument,
   * overflow) like Redis's struct bitfieldOp array, appended as the builder or the parser goes.
   * Invariant I1: every offset is within [0, Bitmap.MAX_BIT_OFFSET]; I2: highestWrite is the
   * largest offset + bits - 1 over SET/INCRBY, or -1 when there is none.
   */
  static final byte GET = 0;
  static final byte SET = 1;
  static final byte INCRBY = 2;

  private byte[] opcodes = new byte[4];
  private BitFieldType[] types = new BitFieldType[4];
  private long[] offsets = new long[4];
  private long[] args = new long[4];
  private Bitmap.Overflow[] overflows = new Bitmap.Overflow[4];
  private int size;
  private Bitmap.Overflow overflow = Bitmap.Overflow.WRAP;
  private long highestWrite = -1;

  private BitField() {}

  /**
   * Returns an empty command (running it replies an empty list).
   *
   * @return a new builder
   */
  public static BitField create() {
    return new BitField();
  }

  /**
   * Appends {@code GET type offset}.
   *
   * @param type the field type
   * @param offset bit offset ({@code #N} in Redis is {@code N * type.bits()})
   * @return this
   * @throws IllegalArgumentException with {@value Bitmap#ERR_BIT_OFFSET} for a bad offset
   */
  public BitField get(BitFieldType type, long offset) {
    return add(GET, type, offset, 0);
  }

  /**
   * Appends {@code SET type offset value}; its reply is the old value.
   *
   * @param type the field type
   * @param offset bit offset
   * @param value the new value, subject to the current overflow policy
   * @return this
   * @throws IllegalArgumentException with {@value Bitmap#ERR_BIT_OFFSET} for a bad offset
   */
  public BitField set(BitFieldType type, long offset, long value) {
    return add(SET, type, offset, value);
  }

  /**
   * Appends {@code INCRBY type offset increment}; its reply is the new value.
   *
   * @param type the field type
   * @param offset bit offset
   * @param increment signed increment, subject to the current overflow policy
   * @return this
   * @throws IllegalArgumentException with {@value Bitmap#ERR_BIT_OFFSET} for a bad offset
   */
  public BitField incrBy(BitFieldType type, long offset, long increment) {
    return add(INCRBY, type, offset, increment);
  }

  /**
   * Appends {@code OVERFLOW policy}: it applies to the SET and INCRBY sub-commands after it.
   *
   * @param policy WRAP, SAT or FAIL
   * @return this
   */
  public BitField overflow(Bitmap.Overflow policy) {
    overflow = Objects.requireNonNull(policy, "policy");
    return this;
  }

  /**
   * Returns whether the command has no SET or INCRBY (so BITFIELD_RO accepts it).
   *
   * @return true for a read-only command
   */
  public boolean isReadOnly() {
    return highestWrite < 0;
  }

  /**
   * Returns the number of GET, SET and INCRBY sub-commands (the length of the reply).
   *
   * @return the number of replies {@link #run} gives
   */
  public int size() {
    return size;
  }

  BitField add(byte opcode, BitFieldType type, long offset, long arg) {
    Objects.requireNonNull(type, "type");
    Bitmap.checkOffset(offset);
    if (size == opcodes.length) {
      int n = size * 2;
      opcodes = Arrays.copyOf(opcodes, n);
      types = Arrays.copyOf(types, n);
      offsets = Arrays.copyOf(offsets, n);
      args = Arrays.copyOf(args, n);
      overflows = Arrays.copyOf(overflows, n);
    }
    opcodes[size] = opcode;
    types[size] = type;
    offsets[size] = offset;
    args[size] = arg;
    overflows[size] = overflow;
    size++;
    if (opcode != GET) {
      highestWrite = Math.max(highestWrite, offset + type.bits() - 1);
    }
    return this;
  }

  /**
   * Runs the command on a bitmap and returns one reply per sub-command, {@code null} for a write
   * refused under FAIL.
   *
   * <p>Redis: {@code bitfieldGeneric}, {@code src/bitops.c}.
   *
   * @param bitmap the string to read and update
   * @return the replies, in order (a new mutable list)
   */
  public List<Long> run(Bitmap bitmap) {
    return run(bitmap, new int[1]);
  }

  /**
   * {@link #run(Bitmap)}, adding to changes[0] the number of SET and INCRBY sub-commands that wrote
   * (not refused under FAIL) while the string grew or that changed their field's value: Redis
   * signals the key as modified when there is one (bitfieldGeneric's {@code changes}); growth
   * alone, with every write refused, signals nothing. A new key's string grows from 0 bytes, so its
   * creation counts as growth, as lookupStringForBitCommand's {@code dirty}.
   */
  List<Long> run(Bitmap bitmap, int[] changes) {
    Objects.requireNonNull(bitmap, "bitmap");
    int before = bitmap.byteLength();
    if (highestWrite >= 0) {
      bitmap.growTo((int) (highestWrite >>> 3) + 1);
    }
    boolean dirty = bitmap.byteLength() != before;
    List<Long> replies = new ArrayList<>(size);
    for (int j = 0; j < size; j++) {
      replies.add(runOne(bitmap, j, changes, dirty));
    }
    return replies;
  }

  private Long runOne(Bitmap bitmap, int j, int[] changes, boolean dirty) {
    BitFieldType type = types[j];
    long offset = offsets[j];
    if (opcodes[j] == INCRBY
        && overflows[j] == Bitmap.Overflow.WRAP
        && Fields.inOneWord(type, offset)) {
      if (dirty || args[j] << (64 - type.bits()) != 0) {
        changes[0]++; // the wrapped field changes unless the increment is 0 modulo 2^bits
      }
      return Fields.incrWrapInWord(bitmap, type, offset, args[j]); // Bitmap.incrField's path
    }
    long old = Fields.get(bitmap, type, offset);
    if (opcodes[j] == GET) {
      return old;
    }
    boolean set = opcodes[j] == SET;
    long base = set ? args[j] : old;
    long incr = set ? 0 : args[j];
    if (overflows[j] == Bitmap.Overflow.FAIL && Fields.direction(type, base, incr) != 0) {
      return null;
    }
    long updated = Fields.settle(type, base, incr, overflows[j]);
    Fields.put(bitmap, type, offset, updated);
    if (dirty || updated != old) {
      changes[0]++;
    }
    return set ? old : updated;
  }
}
