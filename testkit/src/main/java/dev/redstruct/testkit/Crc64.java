package dev.redstruct.testkit;

/** Placeholder. */
public final class Crc64 {
  private Crc64() {}
}
