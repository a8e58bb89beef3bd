package dev.redstruct.ziplist;

import java.util.Objects;

/**
 * Random access to a {@link ZipList} by position, as Redis hands out entry pointers ({@code
 * unsigned char *p}; an offset is {@code p - zl}), for this module's positional tests (it served
 * the ziplist-encoded compact sorted set before that encoding became a listpack). It reaches the
 * list through package-private methods ({@code visitAt}, {@code insertAt}, {@code insertTwoAt}).
 *
 * <p>A <em>position</em> is a token {@code ((long) version << 32) | offset} of one layout of the
 * bytes: {@link #visit} hands them out, the inserts take them and return the position after what
 * they inserted, and any change to the list makes older tokens stale ({@link
 * IllegalArgumentException} when used). An offset must be an entry start (or the end byte) of the
 * current bytes; only its bounds are checked (in O(1)), and an insert at an offset that is not an
 * entry start damages the list.
 */
public final class ZipListPositions {
  /** Offset of the first entry (the header's size). */
  private static final int FIRST = 10;

  private ZipListPositions() {}

  private static long token(ZipList z, int offset) {
    return ((long) z.version() << 32) | offset;
  }

  /**
   * Passes every entry, first to last, to {@code visitor} with its position, until the visitor
   * returns {@code false}. Redis: the {@code ziplistNext} loop, whose entry pointers {@code
   * ziplistInsert} takes.
   *
   * @param z the list
   * @param visitor receives each entry
   * @return {@code true} if the walk reached the end, {@code false} if the visitor ended it
   * @throws java.util.ConcurrentModificationException if a callback tried to change the list
   */
  public static boolean visit(ZipList z, ZipListVisitor visitor) {
    Objects.requireNonNull(z, "z");
    return z.visitAt(FIRST, Objects.requireNonNull(visitor, "visitor"));
  }

  /**
   * As {@link #visit} from the entry at {@code position} on.
   *
   * @param z the list
   * @param position a token of the list's current bytes
   * @param visitor receives each entry from {@code position} on
   * @return {@code true} if the walk reached the end, {@code false} if the visitor ended it
   * @throws IllegalArgumentException if the position is stale
   */
  public static boolean visitFrom(ZipList z, long position, ZipListVisitor visitor) {
    Objects.requireNonNull(visitor, "visitor");
    return z.visitAt(positionOffset(z, position), visitor);
  }

  /**
   * Returns the position after the last entry (inserting there appends).
   *
   * @param z the list
   * @return the end's position token
   */
  public static long endPosition(ZipList z) {
    Objects.requireNonNull(z, "z");
    return token(z, z.blobLength() - 1);
  }

  /**
   * Returns the byte offset of the entry a current position names, or of the end byte. After
   * inserting values one after another from offset {@code o} (each at the position the previous
   * insert returned), the last returning a position at offset {@code o2}, every entry that followed
   * {@code o} moved by the same {@code g} bytes, the blob's growth, if and only if {@code g == o2 -
   * o} (otherwise a prevlen field changed size).
   *
   * @param z the list
   * @param position a token of the list's current bytes
   * @return the offset, from 10 (the first entry) to {@code blobLength() - 1} (the end)
   * @throws IllegalArgumentException if the position is stale
   */
  public static int positionOffset(ZipList z, long position) {
    Objects.requireNonNull(z, "z");
    int p = (int) position;
    if ((int) (position >>> 32) != z.version() || p < FIRST || p > z.blobLength() - 1) {
      throw new IllegalArgumentException("stale or foreign ziplist position " + position);
    }
    return p;
  }

  /**
   * Returns the current position of the entry that starts at byte {@code offset}, or of the end for
   * {@code blobLength() - 1}; only bounds are checked (see the class comment).
   *
   * @param z the list
   * @param offset an entry start or the end byte's offset
   * @return the position token
   * @throws IllegalArgumentException if the offset is outside the entry area
   */
  public static long positionAt(ZipList z, int offset) {
    Objects.requireNonNull(z, "z");
    if (offset < FIRST || offset > z.blobLength() - 1) {
      throw new IllegalArgumentException("offset " + offset + " outside the entry area");
    }
    return token(z, offset);
  }

  /**
   * Inserts {@code value} before the entry at {@code position} (or appends, at {@link
   * #endPosition}). Redis: {@code ziplistInsert(zl, p, s, slen)}.
   *
   * @param z the list
   * @param position a current position token
   * @param value the bytes; not retained
   * @return the position of the entry after the inserted one, in the new bytes
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public static long insertAtPosition(ZipList z, long position, byte[] value) {
    Objects.requireNonNull(value, "value");
    return insertAtPosition(z, position, value, 0, value.length);
  }

  /**
   * Inserts {@code value[off, off + len)}; see {@link #insertAtPosition(ZipList, long, byte[])}.
   *
   * @param z the list
   * @param position a current position token
   * @param value holds the bytes; not retained
   * @param off first byte
   * @param len byte count
   * @return the position of the entry after the inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IndexOutOfBoundsException if the slice is outside {@code value}
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public static long insertAtPosition(ZipList z, long position, byte[] value, int off, int len) {
    Objects.requireNonNull(value, "value");
    int p = positionOffset(z, position);
    Objects.checkFromIndexSize(off, len, value.length);
    return token(z, z.insertAt(p, value, off, len));
  }

  /**
   * Inserts the integer {@code value}; see {@link #insertAtPosition(ZipList, long, byte[])}.
   *
   * @param z the list
   * @param position a current position token
   * @param value the integer
   * @return the position of the entry after the inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public static long insertAtPosition(ZipList z, long position, long value) {
    int p = positionOffset(z, position);
    return token(z, z.insertAt(p, value));
  }

  /**
   * Inserts {@code first} then the integer {@code second} before the entry at {@code position}: the
   * bytes of two {@code insertAtPosition} calls (Redis: {@code zzlInsertAt}'s member and score),
   * with the bytes after the point moved once when no prevlen field changes size.
   *
   * @param z the list
   * @param position a current position token
   * @param first the bytes of the first entry; not retained
   * @param second the integer of the second entry
   * @return the position of the entry after the second inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public static long insertTwoAtPosition(ZipList z, long position, byte[] first, long second) {
    Objects.requireNonNull(first, "first");
    int p = positionOffset(z, position);
    return token(z, z.insertTwoAt(p, first, null, second));
  }

  /**
   * As {@link #insertTwoAtPosition(ZipList, long, byte[], long)} with a byte-string second entry.
   *
   * @param z the list
   * @param position a current position token
   * @param first the bytes of the first entry; not retained
   * @param second the bytes of the second entry; not retained
   * @return the position of the entry after the second inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public static long insertTwoAtPosition(ZipList z, long position, byte[] first, byte[] second) {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(second, "second");
    int p = positionOffset(z, position);
    return token(z, z.insertTwoAt(p, first, second, 0));
  }
}
