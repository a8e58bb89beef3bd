package dev.redstruct.dict;

/**
 * Segmented bucket arrays: one hash table of {@code 2^exp} buckets stored as a directory of
 * segments of at most {@link #SEG_SIZE} buckets, each allocated on the first write into it.
 */
/* Implementation notes
 *
 *   directory (length max(1, size >> 14))
 *   +------+------+------+------+
 *   | seg0 | null | seg2 | ...  |      null = never written: every bucket in it is empty
 *   +--|---+------+--|---+------+
 *      v             v
 *   [16384 bucket heads]  [16384 bucket heads]      bucket b lives in dir[b >> 14][b & 16383]
 *
 * Why: Java zero-fills every new array. A flat 2^24-bucket table would zero 64 MB (compressed
 * oops) inside the one put that triggers the resize, which is the stall progressive rehash exists
 * to remove. With segments, starting a resize allocates only the directory (4 bytes per 16384
 * buckets: 256 KB at the 2^30 cap) and each later write allocates at most the one segment it
 * lands in (64 KB with compressed oops, 128 KB without). Tables smaller than a segment use one
 * segment of exactly their size.
 */
final class Buckets {
  static final int SEG_BITS = 14;
  static final int SEG_SIZE = 1 << SEG_BITS;
  static final int SEG_MASK = SEG_SIZE - 1;

  /** Largest table exponent: 2^30 buckets, as java.util.HashMap's maximum capacity. */
  static final int MAX_EXP = 30;

  private Buckets() {}

  @SuppressWarnings("unchecked")
  static <K, V> Node<K, V>[][] newDirectory(int exp) {
    int segments = exp > SEG_BITS ? 1 << (exp - SEG_BITS) : 1;
    return (Node<K, V>[][]) new Node<?, ?>[segments][];
  }

  static int segmentLength(int exp) {
    return exp > SEG_BITS ? SEG_SIZE : 1 << exp;
  }

  static <K, V> Node<K, V> get(Node<K, V>[][] dir, int b) {
    Node<K, V>[] seg = dir[b >>> SEG_BITS];
    return seg == null ? null : seg[b & SEG_MASK];
  }

  /** Sets bucket {@code b}'s head, allocating its segment on the first write. */
  @SuppressWarnings("unchecked")
  static <K, V> void set(Node<K, V>[][] dir, int exp, int b, Node<K, V> head) {
    Node<K, V>[] seg = dir[b >>> SEG_BITS];
    if (seg == null) {
      if (head == null) {
        return;
      }
      seg = (Node<K, V>[]) new Node<?, ?>[segmentLength(exp)];
      dir[b >>> SEG_BITS] = seg;
    }
    seg[b & SEG_MASK] = head;
  }
}
