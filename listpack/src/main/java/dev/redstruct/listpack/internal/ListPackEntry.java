package dev.redstruct.listpack.internal;

/**
 * One element as {@link ListPackPositions#read} decodes it: an integer, or a string as a slice of
 * the listpack's array. Mutable scratch, owned by its caller (a field of one object, or a local).
 */
public final class ListPackEntry {
  /** Whether the element holds an integer ({@link #value}) rather than a string. */
  public boolean isInteger;

  /** The integer, when {@link #isInteger}. */
  public long value;

  /** Offset of the string's bytes in the array, when not {@link #isInteger}. */
  public int dataOffset;

  /** Length of the string, when not {@link #isInteger}. */
  public int dataLength;

  /** An entry to fill. */
  public ListPackEntry() {}
}
