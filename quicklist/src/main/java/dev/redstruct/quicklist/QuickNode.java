package dev.redstruct.quicklist;

import dev.redstruct.core.rdb.Lzf;
import dev.redstruct.listpack.ListPack;
import java.util.Arrays;

/**
 * One quicklist node (Redis: {@code quicklistNode} and {@code quicklistLZF}, src/quicklist.h) and
 * the compression of a single node: a PACKED node holds a listpack, a PLAIN node one element of its
 * own; either may be held LZF-compressed instead.
 *
 * <pre>
 *   RAW PACKED:  lp    = the listpack (its bytes are what DUMP writes)    sz = lp's size
 *   RAW PLAIN:   plain = the element                                      sz = its length
 *   COMPRESSED:  lzf   = LZF of those bytes (lp and plain are null)        sz = uncompressed size
 * </pre>
 *
 * A node is compressed only when it has at least {@link #MIN_COMPRESS_BYTES} bytes and LZF saves
 * more than {@link #MIN_COMPRESS_IMPROVE} (quicklist.c's rules). {@code recompress} marks a node
 * decompressed for use, to be compressed again by the caller ({@code quicklistRecompressOnly});
 * {@code dontCompress} holds a node raw during {@code quicklistReplaceEntry}.
 */
final class QuickNode {
  static final int CONTAINER_PLAIN = 1;
  static final int CONTAINER_PACKED = 2;
  static final int MIN_COMPRESS_BYTES = 48;
  static final int MIN_COMPRESS_IMPROVE = 8;

  QuickNode prev;
  QuickNode next;
  ListPack lp;
  byte[] plain;
  byte[] lzf;
  int sz;
  int count;
  final boolean isPlain;
  boolean recompress;
  boolean dontCompress;

  private QuickNode(boolean isPlain) {
    this.isPlain = isPlain;
  }

  /** A PACKED node over {@code lp} (taken, not copied); the caller sets count and sz. */
  static QuickNode packed(ListPack lp) {
    QuickNode n = new QuickNode(false);
    n.lp = lp;
    return n;
  }

  /** A PLAIN node holding a copy of {@code value}. Redis: __quicklistCreatePlainNode. */
  static QuickNode plain(byte[] value) {
    QuickNode n = new QuickNode(true);
    n.plain = value.clone();
    n.sz = value.length;
    n.count = 1;
    return n;
  }

  boolean compressed() {
    return lzf != null;
  }

  /** The node's bytes, which must be RAW: the listpack's (a copy) or the element. */
  byte[] rawBytes() {
    return isPlain ? plain : lp.toByteArray();
  }

  /** The uncompressed bytes of a compressed node, in a new array. Redis: lzf_decompress. */
  byte[] inflate() {
    byte[] out = new byte[sz];
    int got = Lzf.decompress(lzf, 0, lzf.length, out, 0, sz);
    assert got == sz;
    return out;
  }

  /** Redis: __quicklistCompressNode (through quicklistCompressNode: RAW nodes only). */
  static void compressNode(QuickNode n) {
    if (n == null || n.compressed() || n.dontCompress) {
      return;
    }
    assert n.prev != null && n.next != null;
    n.recompress = false;
    if (n.sz < MIN_COMPRESS_BYTES) {
      return;
    }
    byte[] in = n.rawBytes();
    byte[] out = new byte[n.sz];
    // A compressor per attempt: its 256 KiB table would otherwise stay with every compressed list
    // (Redis has one, on the stack); the fresh table also keeps the output deterministic.
    int c = Lzf.create().compress(in, 0, n.sz, out, 0, n.sz);
    if (c == 0 || c + MIN_COMPRESS_IMPROVE >= n.sz) {
      return;
    }
    n.lzf = Arrays.copyOf(out, c);
    n.lp = null;
    n.plain = null;
  }

  /** Redis: quicklistDecompressNode. */
  static void decompressNode(QuickNode n) {
    if (n != null && n.compressed()) {
      n.recompress = false;
      byte[] raw = n.inflate();
      if (n.isPlain) {
        n.plain = raw;
      } else {
        n.lp = ListPack.wrap(raw);
      }
      n.lzf = null;
    }
  }

  /** Redis: quicklistDecompressNodeForUse: decompress, and mark for recompression. */
  static void decompressForUse(QuickNode n) {
    if (n != null && n.compressed()) {
      decompressNode(n);
      n.recompress = true;
    }
  }
}
