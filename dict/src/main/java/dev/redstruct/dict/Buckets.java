package dev.redstruct.dict;

import dev.redstruct.dict.internal.Segments;
import java.util.function.IntFunction;

/**
 * {@link Dict}'s bucket storage: {@link Segments}' segmented arrays with {@link Node} chain heads
 * (the layout and the reasons for it are there).
 */
final class Buckets {
  static final int SEG_BITS = Segments.SEG_BITS;
  static final int SEG_SIZE = Segments.SEG_SIZE;
  static final int SEG_MASK = Segments.SEG_MASK;

  /** Largest table exponent: 2^30 buckets, as java.util.HashMap's maximum capacity. */
  static final int MAX_EXP = Segments.MAX_EXP;

  // Non-capturing: one instance, no allocation per call.
  private static final IntFunction<Node<?, ?>[]> NEW_SEGMENT = Node<?, ?>[]::new;

  private Buckets() {}

  @SuppressWarnings("unchecked")
  static <K, V> Node<K, V>[][] newDirectory(int exp) {
    return (Node<K, V>[][]) new Node<?, ?>[Segments.directoryLength(exp)][];
  }

  static int segmentLength(int exp) {
    return Segments.segmentLength(exp);
  }

  static <K, V> Node<K, V> get(Node<K, V>[][] dir, int b) {
    return Segments.get(dir, b);
  }

  /** Sets bucket {@code b}'s head, allocating its segment on the first write. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <K, V> void set(Node<K, V>[][] dir, int exp, int b, Node<K, V> head) {
    Segments.set(dir, exp, b, head, (IntFunction) NEW_SEGMENT);
  }
}
