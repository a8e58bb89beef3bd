package dev.redstruct.ziplist;

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
  int vLen;

  private ZipListWork() {}

  static ZipListWork get() {
    return CURRENT.get();
  }
}
