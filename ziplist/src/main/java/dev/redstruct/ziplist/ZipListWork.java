package dev.redstruct.ziplist;

import dev.redstruct.core.RedisNumbers;
import java.util.Objects;

/**
 * Per-thread working memory of {@link ZipList} operations: the scratch entry they decode headers
 * into and the value being written. One per thread rather than one per list, so that a list costs
 * no memory for it (many small lists are the reason ziplists exist) and operations still allocate
 * nothing. An operation takes it at its start and is done with it when it returns; no operation
 * calls code outside this package while it holds it, so two lists never share it at the same time
 * (a list is not thread-safe, and a thread runs one operation at a time).
 */
final class ZipListWork {
  private static final ThreadLocal<ZipListWork> CURRENT = ThreadLocal.withInitial(ZipListWork::new);

  /** Every worker copies what it needs out of this entry before the next decode. */
  final ZipListEntry entry = new ZipListEntry();

  // The prepared value (see ZipList's implementation notes).
  int vEnc;
  long vInt;
  byte[] vStr;
  int vOff;
  int vLen;

  private ZipListWork() {}

  static ZipListWork get() {
    return CURRENT.get();
  }

  /** Redis: {@code zipTryEncoding}; integer-looking strings of 1..31 bytes become integers. */
  void prepare(byte[] s) {
    prepare(Objects.requireNonNull(s, "value"), 0, s.length);
  }

  /** As {@link #prepare(byte[])} for the slice {@code s[off, off + len)}. */
  void prepare(byte[] s, int off, int len) {
    if (ZipListLayout.isIntegerCandidate(s, off, len)) {
      prepare(RedisNumbers.parseCanonicalLong(s, off, len));
      return;
    }
    vEnc = ZipListLayout.STR_06B;
    vStr = s;
    vOff = off;
    vLen = len;
  }

  void prepare(long v) {
    vEnc = ZipListLayout.intEncodingFor(v);
    vInt = v;
    vStr = null;
  }

  /** Prepares again a value whose fields a caller saved after {@link #prepare(byte[])}. */
  void restore(int enc, long v, byte[] s, int len) {
    vEnc = enc;
    vInt = v;
    vStr = s;
    vOff = 0;
    vLen = len;
  }

  /** Encoding header plus content size of the prepared value. */
  int preparedSize() {
    if (vStr != null) {
      return ZipListLayout.stringHeaderSizeFor(vLen) + vLen;
    }
    return 1 + ZipListLayout.intContentSize(vEnc);
  }

  /** Writes the prepared encoding and content at {@code p}, and lets go of the value. */
  void writeTo(byte[] zl, int p) {
    if (vStr != null) {
      p += ZipListLayout.writeStringHeader(zl, p, vLen);
      System.arraycopy(vStr, vOff, zl, p, vLen);
      vStr = null; // not retained
    } else {
      zl[p] = (byte) vEnc;
      ZipListLayout.writeInt(zl, p + 1, vEnc, vInt);
    }
  }
}
