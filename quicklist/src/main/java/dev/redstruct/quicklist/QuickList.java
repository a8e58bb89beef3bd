package dev.redstruct.quicklist;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.Lzf;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.ListPackCursor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Redis 7.0's quicklist (src/quicklist.c, 7.0.15), the encoding of every Redis 7.0 list: a doubly
 * linked list of listpack nodes, each limited by the fill factor, with the interior nodes
 * LZF-compressed beyond the compress depth, and elements at or above the packed threshold in PLAIN
 * nodes of their own. Every operation makes Redis's decisions in Redis's order, so node boundaries,
 * node bytes and compressed forms after any sequence of list commands are Redis's own, and {@link
 * #toRdbPayload} equals {@code DUMP} of the same list.
 *
 * <p>Elements are byte strings; the methods are the list commands' quicklist calls ({@code LPUSH}
 * is {@link #pushHead}, {@code LTRIM} is {@link #trim}...). Indexes are 0-based from the head, or
 * negative from the tail, as in Redis. {@code get}, {@code range}, {@code remove} and {@code
 * insert} may change the compressed state of nodes, exactly as their Redis counterparts do. Not
 * thread-safe.
 */
public final class QuickList {
  /*
   * Implementation notes.
   * Node.lp (PACKED) or Node.plain (PLAIN) holds the bytes of a RAW node; Node.lzf holds them
   * compressed (lp and plain are then null). Node.sz is always the uncompressed size.
   * The private methods are quicklist.c's functions of the same name without the prefix and
   * underscores; each calls the compression hooks (compress, compressAround, recompressOnly) where
   * Redis does, because a RAW interior node is compressed only when one of those calls reaches it.
   * Invariants, checked by checkInvariants():
   *  I1 count is the sum of node counts, len the number of nodes; no node is empty.
   *  I2 node.sz is the size of its listpack (PACKED) or element (PLAIN); a PLAIN node holds 1.
   *  I3 head and tail are RAW; with depth d > 0, the d nodes at each end are RAW; no node has its
   *     recompress flag set between operations.
   *  I4 a compressed node decompresses to sz bytes.
   */

  /** Redis's default {@code list-max-listpack-size}: 8 KiB nodes. */
  public static final int DEFAULT_FILL = -2;

  /** Redis's default packed threshold (1 GiB): larger elements get PLAIN nodes. */
  public static final long DEFAULT_PACKED_THRESHOLD = 1L << 30;

  private static final int[] OPTIMIZATION_LEVEL = {4096, 8192, 16384, 32768, 65536};
  private static final int SIZE_SAFETY_LIMIT = 8192;
  private static final int SIZE_ESTIMATE_OVERHEAD = 8;
  private static final int MIN_COMPRESS_BYTES = 48;
  private static final int MIN_COMPRESS_IMPROVE = 8;
  private static final int FILL_MAX = (1 << 15) - 1;
  private static final int COMPRESS_MAX = (1 << 16) - 1;
  static final int CONTAINER_PLAIN = 1;
  static final int CONTAINER_PACKED = 2;

  static final class Node {
    Node prev;
    Node next;
    ListPack lp;
    byte[] plain;
    byte[] lzf;
    int sz;
    int count;
    final boolean isPlain;
    boolean recompress;
    boolean dontCompress;

    Node(boolean isPlain) {
      this.isPlain = isPlain;
    }

    boolean compressed() {
      return lzf != null;
    }

    byte[] rawBytes() {
      return isPlain ? plain : lp.toByteArray();
    }
  }

  private final int fill;
  private final int compress;
  private long packedThreshold = DEFAULT_PACKED_THRESHOLD;
  Node head;
  Node tail;
  long count;
  int len;

  private QuickList(int fill, int compress) {
    this.fill = Math.max(-5, Math.min(FILL_MAX, fill));
    this.compress = Math.max(0, Math.min(COMPRESS_MAX, compress));
  }

  /**
   * Creates an empty list with Redis's defaults (fill -2, compression off).
   *
   * @return a new list
   */
  public static QuickList create() {
    return new QuickList(DEFAULT_FILL, 0);
  }

  /**
   * Creates an empty list. Redis: quicklistNew; values are clamped as Redis clamps them.
   *
   * @param fill {@code list-max-listpack-size}: -1..-5 for node byte limits of 4..64 KiB, a
   *     positive count of elements per node (nodes stay under 8 KiB), 0 for one element per node
   * @param compressDepth {@code list-compress-depth}: 0 = off, n = leave n nodes at each end raw
   * @return a new list
   */
  public static QuickList create(int fill, int compressDepth) {
    return new QuickList(fill, compressDepth);
  }

  /**
   * Sets the size at or above which an element gets a PLAIN node of its own (Redis's {@code DEBUG
   * QUICKLIST-PACKED-THRESHOLD}, which is global there).
   *
   * @param bytes the threshold, at least 1; 0 restores the default
   */
  public void setPackedThreshold(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("threshold must be >= 0: " + bytes);
    }
    packedThreshold = bytes == 0 ? DEFAULT_PACKED_THRESHOLD : bytes;
  }

  /**
   * Returns the fill factor in use.
   *
   * @return the fill
   */
  public int fill() {
    return fill;
  }

  /**
   * Returns the compress depth in use.
   *
   * @return the depth
   */
  public int compressDepth() {
    return compress;
  }

  /**
   * Returns the number of elements. Redis: quicklistCount.
   *
   * @return the count
   */
  public long size() {
    return count;
  }

  /**
   * Returns the number of nodes.
   *
   * @return the node count
   */
  public int nodeCount() {
    return len;
  }

  // ---------------------------------------------------------------- commands

  /**
   * Adds an element at the head ({@code LPUSH}). Redis: quicklistPushHead.
   *
   * @param value the element
   */
  public void pushHead(byte[] value) {
    Objects.requireNonNull(value, "value");
    if (isLarge(value.length)) {
      insertPlainNode(head, value, false);
      return;
    }
    if (allowInsert(head, value.length)) {
      head.lp.prepend(value);
      head.sz = head.lp.sizeInBytes();
    } else {
      Node n = packedNode(ListPack.create());
      n.lp.prepend(value);
      n.sz = n.lp.sizeInBytes();
      insertNode(head, n, false);
    }
    count++;
    head.count++;
  }

  /**
   * Adds an element at the tail ({@code RPUSH}). Redis: quicklistPushTail.
   *
   * @param value the element
   */
  public void pushTail(byte[] value) {
    Objects.requireNonNull(value, "value");
    if (isLarge(value.length)) {
      insertPlainNode(tail, value, true);
      return;
    }
    if (allowInsert(tail, value.length)) {
      tail.lp.append(value);
      tail.sz = tail.lp.sizeInBytes();
    } else {
      Node n = packedNode(ListPack.create());
      n.lp.append(value);
      n.sz = n.lp.sizeInBytes();
      insertNode(tail, n, true);
    }
    count++;
    tail.count++;
  }

  /**
   * Removes and returns the head element ({@code LPOP}). Redis: quicklistPopCustom.
   *
   * @return the element, or {@code null} if the list is empty
   */
  public byte[] popHead() {
    return pop(head, 0);
  }

  /**
   * Removes and returns the tail element ({@code RPOP}). Redis: quicklistPopCustom.
   *
   * @return the element, or {@code null} if the list is empty
   */
  public byte[] popTail() {
    return pop(tail, -1);
  }

  private byte[] pop(Node node, int pos) {
    if (count == 0) {
      return null;
    }
    assert !node.compressed();
    if (node.isPlain) {
      byte[] v = node.plain;
      delIndex(node, 0);
      return v;
    }
    int index = pos < 0 ? node.count - 1 : 0;
    byte[] v = node.lp.get(index);
    delIndex(node, index);
    return v;
  }

  /**
   * Removes up to {@code n} elements from one end and returns them in pop order ({@code LPOP key n}
   * / {@code RPOP key n}: a range read, then one range delete, as t_list.c does).
   *
   * @param fromHead {@code true} for the head
   * @param n how many, at least 0
   * @return the elements
   */
  public List<byte[]> pop(boolean fromHead, long n) {
    if (n < 0) {
      throw new IllegalArgumentException("count must be >= 0: " + n);
    }
    long rangelen = Math.min(n, count);
    if (rangelen == 0) {
      return new ArrayList<>();
    }
    List<byte[]> out =
        fromHead ? rangeReply(0, rangelen - 1, false) : rangeReply(-rangelen, -1, true);
    delRange(fromHead ? 0 : -rangelen, rangelen);
    return out;
  }

  /**
   * Returns the element at {@code index} ({@code LINDEX}). Redis: quicklistGetIteratorEntryAtIdx,
   * then quicklistReleaseIterator (which may compress nodes).
   *
   * @param index 0-based, or negative from the tail
   * @return the element, or {@code null} if out of range
   */
  public byte[] get(long index) {
    Iter it = iteratorAt(false, index);
    if (it == null) {
      return null;
    }
    boolean found = it.next();
    assert found;
    byte[] v = it.value();
    it.release();
    return v;
  }

  /**
   * Replaces the element at {@code index} ({@code LSET}). Redis: quicklistReplaceAtIndex.
   *
   * @param index 0-based, or negative from the tail
   * @param value the new element
   * @return {@code false} (nothing changed) if out of range
   */
  public boolean set(long index, byte[] value) {
    Objects.requireNonNull(value, "value");
    Iter it = iteratorAt(false, index);
    if (it == null) {
      return false;
    }
    boolean found = it.next();
    assert found;
    replaceEntry(it, value);
    it.release();
    return true;
  }

  /**
   * Inserts {@code value} before or after the first element equal to {@code pivot} ({@code
   * LINSERT}). Redis: linsertCommand's search, then quicklistInsertBefore/After.
   *
   * @param pivot the element to find, searched from the head
   * @param value the element to insert
   * @param after {@code true} for AFTER
   * @return {@code false} (nothing inserted) if {@code pivot} is absent
   */
  public boolean insert(byte[] pivot, byte[] value, boolean after) {
    Objects.requireNonNull(pivot, "pivot");
    Objects.requireNonNull(value, "value");
    Iter it = iteratorAt(true, 0);
    boolean inserted = false;
    if (it != null) {
      while (it.next()) {
        if (it.valueEquals(pivot)) {
          insert(it, value, after);
          inserted = true;
          break;
        }
      }
      it.release();
    }
    return inserted;
  }

  /**
   * Removes elements equal to {@code value} ({@code LREM}): the first {@code count} from the head
   * when positive, the last {@code -count} from the tail when negative, all when 0.
   *
   * @param n how many and from which end
   * @param value the element
   * @return the number removed
   */
  public long remove(long n, byte[] value) {
    Objects.requireNonNull(value, "value");
    long toremove = Math.abs(n);
    Iter it = n < 0 ? iteratorAt(false, -1) : iteratorAt(true, 0);
    long removed = 0;
    if (it != null) {
      while (it.next()) {
        if (it.valueEquals(value)) {
          it.delete();
          removed++;
          if (toremove != 0 && removed == toremove) {
            break;
          }
        }
      }
      it.release();
    }
    return removed;
  }

  /**
   * Keeps only the elements from {@code start} to {@code stop}, both inclusive ({@code LTRIM}).
   *
   * @param start first index kept, negative from the tail
   * @param stop last index kept, negative from the tail
   */
  public void trim(long start, long stop) {
    long llen = count;
    if (start < 0) {
      start = llen + start;
    }
    if (stop < 0) {
      stop = llen + stop;
    }
    if (start < 0) {
      start = 0;
    }
    long ltrim;
    long rtrim;
    if (start > stop || start >= llen) {
      ltrim = llen;
      rtrim = 0;
    } else {
      if (stop >= llen) {
        stop = llen - 1;
      }
      ltrim = start;
      rtrim = llen - stop - 1;
    }
    delRange(0, ltrim);
    delRange(-rtrim, rtrim);
  }

  /**
   * Returns the elements from {@code start} to {@code stop}, both inclusive ({@code LRANGE}).
   *
   * @param start first index, negative from the tail
   * @param stop last index, negative from the tail
   * @return the elements, in order
   */
  public List<byte[]> range(long start, long stop) {
    return rangeReply(start, stop, false);
  }

  /** Redis: addListRangeReply, t_list.c. */
  private List<byte[]> rangeReply(long start, long end, boolean reverse) {
    long llen = count;
    if (start < 0) {
      start = llen + start;
    }
    if (end < 0) {
      end = llen + end;
    }
    if (start < 0) {
      start = 0;
    }
    List<byte[]> out = new ArrayList<>();
    if (start > end || start >= llen) {
      return out;
    }
    if (end >= llen) {
      end = llen - 1;
    }
    long rangelen = end - start + 1;
    // t_list.c passes the index through an int ("int from"), as Redis does.
    Iter it = iteratorAt(!reverse, (int) (reverse ? end : start));
    while (rangelen-- > 0) {
      boolean found = it.next();
      assert found;
      out.add(it.value());
    }
    it.release();
    return out;
  }

  /**
   * Finds the indexes of elements equal to {@code element} ({@code LPOS key element RANK rank COUNT
   * count MAXLEN maxlen}), scanning from the head, or from the tail when {@code rank} is negative.
   * Redis: lposCommand, t_list.c (the scan moves one element past MAXLEN before stopping, as
   * Redis's does, which matters for node compression).
   *
   * @param element the element
   * @param rank the first match to report: 1 = first, 2 = second, -1 = last...; not 0
   * @param count how many matches to report, 0 = all
   * @param maxlen how many elements to scan at most, 0 = all
   * @return the indexes (from the head) of the matches reported, in scan order
   * @throws IllegalArgumentException if {@code rank} is 0 or {@code count}/{@code maxlen} negative,
   *     with Redis's error text
   */
  public long[] positions(byte[] element, long rank, long count, long maxlen) {
    Objects.requireNonNull(element, "element");
    if (rank == 0) {
      throw new IllegalArgumentException(
          "RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use"
              + " negative to start from the end of the list");
    }
    if (count < 0) {
      throw new IllegalArgumentException("COUNT can't be negative");
    }
    if (maxlen < 0) {
      throw new IllegalArgumentException("MAXLEN can't be negative");
    }
    boolean fromHead = rank > 0;
    rank = Math.abs(rank);
    long[] out = new long[8];
    int found = 0;
    Iter it = iteratorAt(fromHead, fromHead ? 0 : -1);
    if (it == null) {
      return new long[0];
    }
    long llen = this.count;
    long index = 0;
    long matches = 0;
    while (it.next() && (maxlen == 0 || index < maxlen)) {
      if (it.valueEquals(element)) {
        matches++;
        if (matches >= rank) {
          if (found == out.length) {
            out = Arrays.copyOf(out, found * 2);
          }
          out[found++] = fromHead ? index : llen - index - 1;
          if (count != 0 && matches - rank + 1 >= count) {
            break;
          }
        }
      }
      index++;
    }
    it.release();
    return Arrays.copyOf(out, found);
  }

  /**
   * Pops an element from one end of {@code source} and pushes it at one end of {@code destination}
   * ({@code LMOVE}; {@code RPOPLPUSH} is tail to head). The two may be the same list. Redis:
   * lmoveGenericCommand.
   *
   * @param source the list popped
   * @param destination the list pushed
   * @param fromHead pop LEFT
   * @param toHead push LEFT
   * @return the element moved, or {@code null} (nothing changed) if {@code source} is empty
   */
  public static byte[] move(
      QuickList source, QuickList destination, boolean fromHead, boolean toHead) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(destination, "destination");
    byte[] v = fromHead ? source.popHead() : source.popTail();
    if (v == null) {
      return null;
    }
    if (toHead) {
      destination.pushHead(v);
    } else {
      destination.pushTail(v);
    }
    return v;
  }

  /**
   * Pops up to {@code count} elements from the first non-empty list ({@code LMPOP}, non-blocking):
   * a range read and one range delete, as listPopRangeAndReplyWithKey does even for one element.
   *
   * @param lists the lists, in key order
   * @param fromHead LEFT
   * @param count how many, at least 1
   * @return the index of the list popped and its elements, or {@code null} if all are empty
   */
  public static MultiPop multiPop(List<QuickList> lists, boolean fromHead, long count) {
    Objects.requireNonNull(lists, "lists");
    if (count <= 0) {
      throw new IllegalArgumentException("count should be greater than 0");
    }
    for (int i = 0; i < lists.size(); i++) {
      QuickList ql = lists.get(i);
      if (ql.size() > 0) {
        return new MultiPop(i, ql.pop(fromHead, count));
      }
    }
    return null;
  }

  /**
   * The result of {@link #multiPop}.
   *
   * @param list the index of the list popped
   * @param elements the elements, in pop order
   */
  public record MultiPop(int list, List<byte[]> elements) {}

  /**
   * Inserts {@code value} before the element at {@code index} (Redis: quicklistGetIteratorAtIdx,
   * quicklistNext, quicklistInsertBefore, quicklistReleaseIterator).
   *
   * @param index an existing element's index
   * @param value the element
   */
  void insertBefore(long index, byte[] value) {
    Iter it = iteratorAt(true, index);
    boolean found = it.next();
    assert found;
    insert(it, value, false);
    it.release();
  }

  /**
   * Returns a {@code List} and {@code Deque} view that stores elements through {@code codec}.
   * Changes write through; the view's iterators fail fast on changes made through the view.
   *
   * @param codec converts elements to and from bytes
   * @param <E> the element type
   * @return the view
   */
  public <E> QuickListView<E> asList(dev.redstruct.core.Codec<E> codec) {
    return new QuickListView<>(this, codec);
  }

  /**
   * Deletes {@code n} elements from {@code start} on. Redis: quicklistDelRange (no merges).
   *
   * @param start 0-based, or negative from the tail
   * @param n how many (clamped to the end of the list)
   * @return {@code true} if anything was deleted
   */
  public boolean deleteRange(long start, long n) {
    return delRange(start, n);
  }

  /**
   * Returns all elements, head to tail, without changing any node's compression.
   *
   * @return a new list
   */
  public List<byte[]> toList() {
    List<byte[]> out = new ArrayList<>();
    for (Node n = head; n != null; n = n.next) {
      if (n.isPlain) {
        out.add(n.compressed() ? inflate(n) : n.plain.clone());
      } else {
        ListPack lp = n.compressed() ? ListPack.wrap(inflate(n)) : n.lp;
        ListPackCursor c = lp.cursor();
        while (c.next()) {
          out.add(c.toByteArray());
        }
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- RDB payload

  /**
   * Returns the {@code DUMP} payload of this list as Redis 7.0 writes it: type 18 (quicklist 2),
   * the node count, then per node its container (1 PLAIN, 2 PACKED) and its bytes: a compressed
   * node as its LZF blob, a raw node as an RDB string (LZF-compressed when {@code compression}
   * holds and it pays, as {@code rdbSaveRawString} decides). Redis: rdbSaveObject.
   *
   * @param compression Redis's {@code rdbcompression}
   * @return the payload with its footer
   */
  public byte[] toRdbPayload(boolean compression) {
    return QuickListRdb.write(this, compression);
  }

  /**
   * Loads a {@code DUMP} payload as Redis 7.0 does ({@code rdbLoadObject}): type 18 (quicklist 2)
   * and 6.2's type 14 (quicklist of ziplists) keep their node boundaries (each ziplist is converted
   * to a listpack entry by entry, integers staying integers), empty nodes are skipped; type 10 (one
   * ziplist) is pushed element by element, so its nodes follow {@code fill}. Compression follows
   * the new list's depth and the load order.
   *
   * @param payload the payload with its footer (untrusted)
   * @param fill the new list's fill
   * @param compressDepth the new list's compress depth
   * @return the list
   * @throws CorruptEncodingException if the payload is malformed, or holds no element
   */
  public static QuickList fromRdbPayload(byte[] payload, int fill, int compressDepth) {
    Objects.requireNonNull(payload, "payload");
    return fromRdbPayload(payload, fill, compressDepth, DEFAULT_PACKED_THRESHOLD);
  }

  /**
   * Loads a {@code DUMP} payload, see {@link #fromRdbPayload(byte[], int, int)}, into a list with
   * the given packed threshold (it decides PLAIN nodes when a type 10 payload is pushed).
   *
   * @param payload the payload with its footer (untrusted)
   * @param fill the new list's fill
   * @param compressDepth the new list's compress depth
   * @param packedThreshold the new list's packed threshold, see {@link #setPackedThreshold}
   * @return the list
   * @throws CorruptEncodingException if the payload is malformed, or holds no element
   */
  public static QuickList fromRdbPayload(
      byte[] payload, int fill, int compressDepth, long packedThreshold) {
    Objects.requireNonNull(payload, "payload");
    return QuickListRdb.read(payload, fill, compressDepth, packedThreshold);
  }

  // ---------------------------------------------------------------- nodes and compression

  Node packedNode(ListPack lp) {
    Node n = new Node(false);
    n.lp = lp;
    return n;
  }

  private boolean isLarge(long sz) {
    return sz >= packedThreshold;
  }

  /** Redis: __quicklistCompressNode (through quicklistCompressNode: RAW nodes only). */
  private void compressNode(Node n) {
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

  private static byte[] inflate(Node n) {
    byte[] out = new byte[n.sz];
    int got = Lzf.decompress(n.lzf, 0, n.lzf.length, out, 0, n.sz);
    assert got == n.sz;
    return out;
  }

  /** Redis: quicklistDecompressNode. */
  private static void decompressNode(Node n) {
    if (n != null && n.compressed()) {
      n.recompress = false;
      byte[] raw = inflate(n);
      if (n.isPlain) {
        n.plain = raw;
      } else {
        n.lp = ListPack.wrap(raw);
      }
      n.lzf = null;
    }
  }

  /** Redis: quicklistDecompressNodeForUse. */
  private static void decompressForUse(Node n) {
    if (n != null && n.compressed()) {
      decompressNode(n);
      n.recompress = true;
    }
  }

  /** Redis: __quicklistCompress: the depth walk from both ends. */
  private void compressAround(Node node) {
    if (len == 0) {
      return;
    }
    assert !head.recompress && !tail.recompress;
    if (compress == 0 || len < compress * 2) {
      return;
    }
    Node forward = head;
    Node reverse = tail;
    int depth = 0;
    boolean inDepth = false;
    while (depth++ < compress) {
      decompressNode(forward);
      decompressNode(reverse);
      if (forward == node || reverse == node) {
        inDepth = true;
      }
      if (forward == reverse || forward.next == reverse) {
        return;
      }
      forward = forward.next;
      reverse = reverse.prev;
    }
    if (!inDepth) {
      compressNode(node);
    }
    compressNode(forward);
    compressNode(reverse);
  }

  /** Redis: quicklistCompress. */
  private void compress(Node n) {
    if (n.recompress) {
      compressNode(n);
    } else {
      compressAround(n);
    }
  }

  /** Redis: quicklistRecompressOnly. */
  private void recompressOnly(Node n) {
    if (n.recompress) {
      compressNode(n);
    }
  }

  /** Redis: __quicklistInsertNode. */
  void insertNode(Node old, Node nw, boolean after) {
    if (after) {
      nw.prev = old;
      if (old != null) {
        nw.next = old.next;
        if (old.next != null) {
          old.next.prev = nw;
        }
        old.next = nw;
      }
      if (tail == old) {
        tail = nw;
      }
    } else {
      nw.next = old;
      if (old != null) {
        nw.prev = old.prev;
        if (old.prev != null) {
          old.prev.next = nw;
        }
        old.prev = nw;
      }
      if (head == old) {
        head = nw;
      }
    }
    if (len == 0) {
      head = tail = nw;
    }
    len++;
    if (old != null) {
      compress(old);
    }
    compress(nw);
  }

  private static boolean meetsOptimization(long sz, int fill) {
    if (fill >= 0) {
      return false;
    }
    int level = -fill - 1;
    return level < OPTIMIZATION_LEVEL.length && sz <= OPTIMIZATION_LEVEL[level];
  }

  /** Redis: _quicklistNodeAllowInsert. */
  private boolean allowInsert(Node n, int sz) {
    if (n == null || n.isPlain || isLarge(sz)) {
      return false;
    }
    long newSz = (long) n.sz + sz + SIZE_ESTIMATE_OVERHEAD;
    if (meetsOptimization(newSz, fill)) {
      return true;
    } else if (newSz > SIZE_SAFETY_LIMIT) {
      return false;
    }
    return n.count < fill;
  }

  /** Redis: _quicklistNodeAllowMerge. */
  private boolean allowMerge(Node a, Node b) {
    if (a == null || b == null || a.isPlain || b.isPlain) {
      return false;
    }
    long mergeSz = (long) a.sz + b.sz - 11;
    if (meetsOptimization(mergeSz, fill)) {
      return true;
    } else if (mergeSz > SIZE_SAFETY_LIMIT) {
      return false;
    }
    return a.count + b.count <= fill;
  }

  Node plainNode(byte[] value) {
    Node n = new Node(true);
    n.plain = value.clone();
    n.sz = value.length;
    n.count = 1;
    return n;
  }

  /** Redis: __quicklistInsertPlainNode. */
  private void insertPlainNode(Node old, byte[] value, boolean after) {
    insertNode(old, plainNode(value), after);
    count++;
  }

  /** Redis: __quicklistDelNode. */
  private void delNode(Node n) {
    if (n.next != null) {
      n.next.prev = n.prev;
    }
    if (n.prev != null) {
      n.prev.next = n.next;
    }
    if (n == tail) {
      tail = n.prev;
    }
    if (n == head) {
      head = n.next;
    }
    len--;
    count -= n.count;
    compressAround(null);
  }

  /** Redis: quicklistDelIndex. Returns whether the node was removed. */
  private boolean delIndex(Node n, int index) {
    if (n.isPlain) {
      delNode(n);
      return true;
    }
    n.lp.delete(index);
    n.count--;
    boolean gone = false;
    if (n.count == 0) {
      gone = true;
      delNode(n);
    } else {
      n.sz = n.lp.sizeInBytes();
    }
    count--;
    return gone;
  }

  /** Redis: quicklistDelRange. */
  private boolean delRange(long start, long n) {
    if (n <= 0) {
      return false;
    }
    long extent = n;
    if (start >= 0 && extent > count - start) {
      extent = count - start;
    } else if (start < 0 && extent > -start) {
      extent = -start;
    }
    Iter it = iteratorAt(false, start);
    if (it == null) {
      return false;
    }
    Node node = it.current;
    long offset = it.offset;
    it.release();
    while (extent > 0) {
      Node next = node.next;
      long del;
      boolean entire = false;
      if (offset == 0 && extent >= node.count) {
        entire = true;
        del = node.count;
      } else if (offset >= 0 && extent + offset >= node.count) {
        del = node.count - offset;
      } else if (offset < 0) {
        del = Math.min(-offset, extent);
      } else {
        del = extent;
      }
      if (entire || node.isPlain) {
        delNode(node);
      } else {
        decompressForUse(node);
        node.lp.deleteRange((int) offset, (int) del);
        node.sz = node.lp.sizeInBytes();
        node.count -= (int) del;
        count -= del;
        if (node.count == 0) {
          delNode(node);
        } else {
          recompressOnly(node);
        }
      }
      extent -= del;
      node = next;
      offset = 0;
    }
    return true;
  }

  /** Redis: _quicklistListpackMerge. Returns the kept node, or null. */
  private Node listpackMerge(Node a, Node b) {
    decompressNode(a);
    decompressNode(b);
    ListPack merged = ListPack.merge(a.lp, b.lp);
    // lpMerge keeps the larger listpack (the first on a tie) and frees the other.
    boolean keepA = a.sz >= b.sz;
    Node keep = keepA ? a : b;
    Node nokeep = keepA ? b : a;
    keep.lp = merged;
    keep.count = merged.size();
    keep.sz = merged.sizeInBytes();
    nokeep.count = 0;
    delNode(nokeep);
    compress(keep);
    return keep;
  }

  /** Redis: _quicklistMergeNodes. */
  private void mergeNodes(Node center) {
    Node prev = null;
    Node prevPrev = null;
    Node next = null;
    Node nextNext = null;
    if (center.prev != null) {
      prev = center.prev;
      prevPrev = center.prev.prev;
    }
    if (center.next != null) {
      next = center.next;
      nextNext = center.next.next;
    }
    if (allowMerge(prev, prevPrev)) {
      listpackMerge(prevPrev, prev);
    }
    if (allowMerge(next, nextNext)) {
      listpackMerge(next, nextNext);
    }
    Node target;
    if (allowMerge(center, center.prev)) {
      target = listpackMerge(center.prev, center);
    } else {
      target = center;
    }
    if (allowMerge(target, target.next)) {
      listpackMerge(target, target.next);
    }
  }

  /** Redis: _quicklistSplitNode. */
  private Node splitNode(Node node, int offset, boolean after) {
    Node nw = packedNode(ListPack.wrap(node.lp.toByteArray()));
    if (offset < 0) {
      offset = node.count + offset;
    }
    int origStart = after ? offset + 1 : 0;
    int origExtent = after ? node.count - origStart : offset;
    int newStart = after ? 0 : offset;
    int newExtent = after ? offset + 1 : node.count - offset;
    deleteRangeIfAny(node.lp, origStart, origExtent);
    node.count = node.lp.size();
    node.sz = node.lp.sizeInBytes();
    deleteRangeIfAny(nw.lp, newStart, newExtent);
    nw.count = nw.lp.size();
    nw.sz = nw.lp.sizeInBytes();
    return nw;
  }

  private static void deleteRangeIfAny(ListPack lp, int start, int n) {
    if (n > 0 && start < lp.size()) {
      lp.deleteRange(start, n);
    }
  }

  /** Redis: _quicklistInsert. The iterator stands on the entry. */
  private void insert(Iter it, byte[] value, boolean after) {
    Node node = it.entryNode;
    int sz = value.length;
    int offset = it.entryOffset;
    boolean full = !allowInsert(node, sz);
    boolean atTail = false;
    boolean atHead = false;
    boolean availNext = false;
    boolean availPrev = false;
    if (after && (offset == node.count - 1 || offset == -1)) {
      atTail = true;
      availNext = allowInsert(node.next, sz);
    }
    if (!after && (offset == 0 || offset == -node.count)) {
      atHead = true;
      availPrev = allowInsert(node.prev, sz);
    }
    if (isLarge(sz)) {
      if (node.isPlain || (atTail && after) || (atHead && !after)) {
        insertPlainNode(node, value, after);
      } else {
        decompressForUse(node);
        Node nw = splitNode(node, offset, after);
        Node entryNode = plainNode(value);
        insertNode(node, entryNode, after);
        insertNode(entryNode, nw, after);
        count++;
      }
      return; // Redis returns here without resetting the iterator
    }
    int index = offset < 0 ? node.count + offset : offset;
    if (!full) {
      decompressForUse(node);
      node.lp.insert(after ? index + 1 : index, value);
      node.count++;
      node.sz = node.lp.sizeInBytes();
      recompressOnly(node);
    } else if (atTail && availNext && after) {
      Node nw = node.next;
      decompressForUse(nw);
      nw.lp.prepend(value);
      nw.count++;
      nw.sz = nw.lp.sizeInBytes();
      recompressOnly(nw);
      recompressOnly(node);
    } else if (atHead && availPrev && !after) {
      Node nw = node.prev;
      decompressForUse(nw);
      nw.lp.append(value);
      nw.count++;
      nw.sz = nw.lp.sizeInBytes();
      recompressOnly(nw);
      recompressOnly(node);
    } else if ((atTail && !availNext && after) || (atHead && !availPrev && !after)) {
      Node nw = packedNode(ListPack.create());
      nw.lp.prepend(value);
      nw.count++;
      nw.sz = nw.lp.sizeInBytes();
      insertNode(node, nw, after);
    } else {
      decompressForUse(node);
      Node nw = splitNode(node, offset, after);
      if (after) {
        nw.lp.prepend(value);
      } else {
        nw.lp.append(value);
      }
      nw.count++;
      nw.sz = nw.lp.sizeInBytes();
      insertNode(node, nw, after);
      mergeNodes(node);
    }
    count++;
    it.reset();
  }

  /** Redis: quicklistReplaceEntry. The iterator stands on the entry. */
  private void replaceEntry(Iter it, byte[] data) {
    Node node = it.entryNode;
    int index = it.entryOffset < 0 ? node.count + it.entryOffset : it.entryOffset;
    if (!node.isPlain && !isLarge(data.length)) {
      node.lp.replace(index, data);
      node.sz = node.lp.sizeInBytes();
      compress(node);
    } else if (node.isPlain) {
      if (isLarge(data.length)) {
        node.plain = data.clone();
        node.sz = data.length;
        compress(node);
      } else {
        insert(it, data, true);
        delNode(node);
      }
    } else {
      node.dontCompress = true;
      insert(it, data, true);
      if (node.count == 1) {
        delNode(node);
      } else {
        delIndex(node, node.count - 1);
        node.dontCompress = false;
        compress(node);
        compress(node.next);
      }
    }
    it.reset();
  }

  // ---------------------------------------------------------------- iteration

  /** Redis: quicklistGetIteratorAtIdx. Returns null when out of range. */
  private Iter iteratorAt(boolean forwardDirection, long idx) {
    boolean forward = idx >= 0;
    long index = forward ? idx : -idx - 1;
    if (index >= count) {
      return null;
    }
    boolean seekForward = forward;
    long seekIndex = index;
    if (index > (count - 1) / 2) {
      seekForward = !forward;
      seekIndex = count - 1 - index;
    }
    Node n = seekForward ? head : tail;
    long accum = 0;
    while (n != null) {
      if (accum + n.count > seekIndex) {
        break;
      }
      accum += n.count;
      n = seekForward ? n.next : n.prev;
    }
    if (n == null) {
      return null;
    }
    if (seekForward != forward) {
      accum = count - n.count - accum;
    }
    Iter it = new Iter(forwardDirection);
    it.current = n;
    it.offset = (int) (forward ? index - accum : -index - 1 + accum);
    return it;
  }

  /** Redis: quicklistIter with quicklistNext, quicklistDelEntry and quicklistReleaseIterator. */
  private final class Iter {
    final boolean forward;
    Node current;
    int offset;
    boolean onElement; // Redis's iter->zi != NULL
    ListPackCursor cursor;
    Node entryNode;
    int entryOffset;

    Iter(boolean forward) {
      this.forward = forward;
    }

    boolean next() {
      while (true) {
        entryNode = current;
        if (current == null) {
          return false;
        }
        boolean plain = current.isPlain;
        if (!onElement) {
          decompressForUse(current);
          if (plain) {
            onElement = true;
          } else {
            cursor = current.lp.cursor();
            onElement = cursor.seek(offset);
          }
        } else if (plain) {
          onElement = false;
        } else {
          onElement = forward ? cursor.next() : cursor.previous();
          offset += forward ? 1 : -1;
        }
        entryOffset = offset;
        if (onElement) {
          return true;
        }
        compress(current);
        current = forward ? current.next : current.prev;
        offset = forward ? 0 : -1;
        onElement = false;
      }
    }

    byte[] value() {
      return entryNode.isPlain ? entryNode.plain.clone() : cursor.toByteArray();
    }

    boolean valueEquals(byte[] v) {
      return entryNode.isPlain ? Arrays.equals(entryNode.plain, v) : cursor.contentEquals(v);
    }

    void delete() {
      Node prev = entryNode.prev;
      Node next = entryNode.next;
      int index = entryOffset < 0 ? entryNode.count + entryOffset : entryOffset;
      boolean deleted = delIndex(entryNode, index);
      onElement = false;
      cursor = null;
      if (deleted) {
        current = forward ? next : prev;
        offset = forward ? 0 : -1;
      }
    }

    void reset() {
      current = null;
      onElement = false;
      cursor = null;
    }

    void release() {
      if (current != null) {
        compress(current);
      }
    }
  }

  // ---------------------------------------------------------------- checks

  /** Checks I1..I4; throws {@link AssertionError} naming the broken one. */
  void checkInvariants() {
    long total = 0;
    int nodes = 0;
    Node prev = null;
    for (Node n = head; n != null; prev = n, n = n.next) {
      check(n.prev == prev, "I1 prev link");
      check(n.count > 0, "I1 empty node");
      check(!n.recompress, "I3 recompress flag left set");
      byte[] raw = n.compressed() ? inflate(n) : n.rawBytes();
      check(raw.length == n.sz, "I2/I4 node size");
      if (n.isPlain) {
        check(n.count == 1, "I2 plain count");
      } else {
        check(ListPack.copyOf(raw).size() == n.count, "I2 node count");
      }
      if (n.compressed()) {
        check(n.lzf.length + MIN_COMPRESS_IMPROVE < n.sz, "I4 compression pays");
      }
      total += n.count;
      nodes++;
    }
    check(prev == tail, "I1 tail");
    check(total == count && nodes == len, "I1 counts");
    if (head != null) {
      check(!head.compressed() && !tail.compressed(), "I3 head/tail compressed");
    }
    if (compress > 0) {
      Node f = head;
      Node r = tail;
      for (int d = 0; d < compress && f != null; d++, f = f.next, r = r.prev) {
        check(!f.compressed() && !r.compressed(), "I3 node within depth compressed");
      }
    } else {
      for (Node n = head; n != null; n = n.next) {
        check(!n.compressed(), "I3 compressed with depth 0");
      }
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("quicklist invariant broken: " + what);
    }
  }

  /** Node sizes and encodings, head to tail, for tests: "r8185 C1203/4000 P70000". */
  String shape() {
    StringBuilder sb = new StringBuilder();
    for (Node n = head; n != null; n = n.next) {
      sb.append(sb.length() == 0 ? "" : " ").append(n.isPlain ? 'P' : n.compressed() ? 'C' : 'r');
      sb.append(n.compressed() ? n.lzf.length + "/" + n.sz : String.valueOf(n.sz));
    }
    return sb.toString();
  }
}
