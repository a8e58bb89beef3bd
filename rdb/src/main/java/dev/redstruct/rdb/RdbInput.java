package dev.redstruct.rdb;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.Crc64;
import dev.redstruct.core.rdb.RdbReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The byte source of the RDB file reader: a buffered {@link InputStream} that keeps the running
 * CRC-64 of every byte consumed and can <em>capture</em> the bytes of one value while they are
 * scanned, so the value can then be decoded by the array-based readers of core.
 *
 * <p>Reads the primitives of src/rdb.c that decide a value's extent: one byte, lengths and string
 * heads (decoded by core's {@link RdbReader} over the buffered bytes: one decoder of the RDB forms
 * for arrays and streams) and skipping of bytes. Untrusted: a truncated stream throws {@link
 * CorruptEncodingException} with the file offset; nothing is allocated from a length field
 * (skipping walks the buffer; the capture grows only with bytes that were really read). I/O errors
 * are wrapped in {@link UncheckedIOException}. Not thread-safe.
 */
final class RdbInput {
  static final String FORMAT = "RDB file";

  private final InputStream in;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int lim;
  private long consumedBefore; // file offset of buf[0]
  private long crc;
  private int crcFrom; // buf[crcFrom, pos) is not yet in crc

  private byte[] cap = new byte[256];
  private int capLen;
  private int capFrom = -1; // buf[capFrom, pos) is not yet in cap; -1 when not capturing

  private boolean eof; // set by ensure() when the stream ended

  /**
   * The longest head decoded at once: an LZF string's (1 byte, then two lengths of up to 9 bytes).
   */
  private static final int MAX_HEAD = 19;

  RdbInput(InputStream in) {
    this.in = in;
  }

  /** Returns the file offset of the next byte. */
  long offset() {
    return consumedBefore + pos;
  }

  /** Returns the CRC-64 of every byte consumed so far. */
  long crc() {
    crc = Crc64.update(crc, buf, crcFrom, pos - crcFrom);
    crcFrom = pos;
    return crc;
  }

  /** Starts recording the bytes consumed from now on (any earlier capture is discarded). */
  void startCapture() {
    capLen = 0;
    capFrom = pos;
  }

  /** Stops recording; the bytes are {@link #captured()}[0, {@link #capturedLength()}). */
  void stopCapture() {
    flushCapture();
    capFrom = -1;
  }

  byte[] captured() {
    return cap;
  }

  int capturedLength() {
    return capLen;
  }

  /** Reads one unsigned byte. */
  int u8() {
    if (pos == lim) {
      refill("byte");
    }
    return buf[pos++] & 0xff;
  }

  /** Reads n (at most 8) bytes little-endian. */
  long littleEndian(int n) {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v |= (long) u8() << (8 * i);
    }
    return v;
  }

  /** A plain length (Redis: rdbLoadLen), decoded by core's {@link RdbReader}. */
  long length() {
    return head(false);
  }

  /**
   * Reads a string's head and returns the byte count of its content, which the caller skips
   * (decoded by {@link RdbReader#stringExtent()}).
   */
  long stringExtent() {
    return head(true);
  }

  /** Decodes a length or a string head with core's reader over the buffered bytes. */
  private long head(boolean string) {
    ensure(MAX_HEAD);
    RdbReader r = RdbReader.of(buf, pos, lim - pos);
    try {
      long v = string ? r.stringExtent() : r.length();
      pos = r.position();
      return v;
    } catch (CorruptEncodingException e) {
      throw corrupt(consumedBefore + e.offset(), e.reason());
    }
  }

  /**
   * Makes {@code n} bytes (or all the stream has left, if fewer) available from {@code pos}: moves
   * what is left of the buffer to its start and reads more behind it.
   */
  private void ensure(int n) {
    if (lim - pos >= n || eof) {
      return;
    }
    crc();
    flushCapture();
    System.arraycopy(buf, pos, buf, 0, lim - pos);
    consumedBefore += pos;
    lim -= pos;
    pos = 0;
    crcFrom = 0;
    if (capFrom >= 0) {
      capFrom = 0;
    }
    try {
      while (lim < n) {
        int got = in.read(buf, lim, buf.length - lim);
        if (got < 0) {
          eof = true;
          return;
        }
        lim += got;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Consumes n bytes (unsigned), walking the buffer; a stream that ends first is corrupt. */
  void skip(long n) {
    long left = n;
    while (left != 0) {
      if (pos == lim) {
        refill(Long.toUnsignedString(n) + "-byte field");
      }
      int step = Long.compareUnsigned(left, lim - pos) < 0 ? (int) left : lim - pos;
      pos += step;
      left -= step;
    }
  }

  CorruptEncodingException corrupt(long at, String reason) {
    return new CorruptEncodingException(FORMAT, at, reason);
  }

  private void refill(String what) {
    crc();
    flushCapture();
    consumedBefore += lim;
    pos = 0;
    lim = 0;
    crcFrom = 0;
    if (capFrom >= 0) {
      capFrom = 0;
    }
    try {
      int n = in.readNBytes(buf, 0, buf.length);
      lim = n;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (lim == 0) {
      throw corrupt(offset(), "truncated " + what + ": the stream ended");
    }
  }

  private void flushCapture() {
    if (capFrom < 0 || capFrom == pos) {
      return;
    }
    int n = pos - capFrom;
    if (n > cap.length - capLen) {
      long want = Math.max((long) cap.length * 2, (long) capLen + n);
      if (want > Integer.MAX_VALUE - 8) {
        throw corrupt(offset(), "a value larger than a Java array");
      }
      cap = Arrays.copyOf(cap, (int) want);
    }
    System.arraycopy(buf, capFrom, cap, capLen, n);
    capLen += n;
    capFrom = pos;
  }
}
