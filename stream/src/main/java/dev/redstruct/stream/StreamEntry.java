package dev.redstruct.stream;

import java.util.Arrays;
import java.util.Objects;

/**
 * One stream entry: its ID and its field/value pairs in the order they were added. Equal when the
 * IDs are equal and the pairs hold the same bytes.
 */
public final class StreamEntry {
  private final StreamId id;
  private final byte[][] fieldsAndValues;

  /**
   * An entry.
   *
   * @param id the ID
   * @param fieldsAndValues field, value, field, value, ... (copied)
   */
  public StreamEntry(StreamId id, byte[]... fieldsAndValues) {
    this.id = Objects.requireNonNull(id, "id");
    if (fieldsAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("fields and values come in pairs");
    }
    this.fieldsAndValues = new byte[fieldsAndValues.length][];
    for (int i = 0; i < fieldsAndValues.length; i++) {
      this.fieldsAndValues[i] = fieldsAndValues[i].clone();
    }
  }

  static StreamEntry wrap(StreamId id, byte[][] fv) {
    return new StreamEntry(id, fv, true);
  }

  private StreamEntry(StreamId id, byte[][] fv, boolean owned) {
    this.id = id;
    this.fieldsAndValues = fv;
  }

  /**
   * The ID.
   *
   * @return the ID
   */
  public StreamId id() {
    return id;
  }

  /**
   * The number of field/value pairs.
   *
   * @return the count
   */
  public int size() {
    return fieldsAndValues.length / 2;
  }

  /**
   * The i-th field.
   *
   * @param i 0-based
   * @return a copy of the field
   */
  public byte[] field(int i) {
    return fieldsAndValues[2 * i].clone();
  }

  /**
   * The i-th value.
   *
   * @param i 0-based
   * @return a copy of the value
   */
  public byte[] value(int i) {
    return fieldsAndValues[2 * i + 1].clone();
  }

  byte[][] raw() {
    return fieldsAndValues;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StreamEntry e
        && id.equals(e.id)
        && Arrays.deepEquals(fieldsAndValues, e.fieldsAndValues);
  }

  @Override
  public int hashCode() {
    return id.hashCode() * 31 + Arrays.deepHashCode(fieldsAndValues);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(id.toString()).append(' ');
    for (byte[] b : fieldsAndValues) {
      sb.append(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)).append(' ');
    }
    return sb.toString().trim();
  }
}
