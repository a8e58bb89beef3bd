package dev.redstruct.server;

import java.util.Arrays;

/** A byte string with content equality, for channel and pattern names as map keys. */
final class Bytes {
  final byte[] b;
  private final int hash;

  Bytes(byte[] b) {
    this.b = b;
    this.hash = Arrays.hashCode(b);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Bytes && Arrays.equals(b, ((Bytes) o).b);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
