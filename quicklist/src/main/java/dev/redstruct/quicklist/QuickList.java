package dev.redstruct.quicklist;

import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.listpack.ListPack;
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
   * Implementation notes. This class is the public face: it checks arguments and runs the list
   * commands' quicklist calls in t_list.c's order. The structure is in the package-private roles,
   * each named after what it mirrors in src/quicklist.c 7.0.15:
   *   QuickNode        quicklistNode: one node's bytes (listpack, PLAIN element or LZF) and the
   *                    compression of a single node;
   *   QuickListNodes   struct quicklist: the linked nodes, the fill rules, link/unlink, the
   *                    compress-depth walk, and the invariants (checkInvariants);
   *   QuickListWriter  push, pop, _quicklistInsert (split, merge), replace, quicklistDelRange;
   *   QuickListIter    quicklistIter, which compresses and decompresses as Redis's does;
   *   QuickListCursor  a read-only cursor that changes nothing and allocates nothing per element;
   *   QuickListRdb     the RDB forms; ListCommands the argv face; QuickListView the java.util face.
   */

  /** Redis's default {@code list-max-listpack-size}: 8 KiB nodes. */
  public static final int DEFAULT_FILL = -2;

  /** Redis's default packed threshold (1 GiB): larger elements get PLAIN nodes. */
  public static final long DEFAULT_PACKED_THRESHOLD = QuickListNodes.DEFAULT_PACKED_THRESHOLD;

  final QuickListNodes nodes;

  private QuickList(int fill, int compress) {
    this.nodes = new QuickListNodes(fill, compress);
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
    nodes.packedThreshold = bytes == 0 ? DEFAULT_PACKED_THRESHOLD : bytes;
  }

  /**
   * Returns the fill factor in use.
   *
   * @return the fill
   */
  public int fill() {
    return nodes.fill;
  }

  /**
   * Returns the compress depth in use.
   *
   * @return the depth
   */
  public int compressDepth() {
    return nodes.compress;
  }

  /**
   * Returns the number of elements. Redis: quicklistCount.
   *
   * @return the count
   */
  public long size() {
    return nodes.count;
  }

  /**
   * Returns the number of nodes.
   *
   * @return the node count
   */
  public int nodeCount() {
    return nodes.len;
  }

  // ---------------------------------------------------------------- commands

  /**
   * Adds an element at the head ({@code LPUSH}). Redis: quicklistPushHead.
   *
   * @param value the element
   */
  public void pushHead(byte[] value) {
    Objects.requireNonNull(value, "value");
    QuickListWriter.pushHead(nodes, value);
    nodes.modCount++;
  }

  /**
   * Adds an element at the tail ({@code RPUSH}). Redis: quicklistPushTail.
   *
   * @param value the element
   */
  public void pushTail(byte[] value) {
    Objects.requireNonNull(value, "value");
    QuickListWriter.pushTail(nodes, value);
    nodes.modCount++;
  }

  /**
   * Removes and returns the head element ({@code LPOP}). Redis: quicklistPopCustom.
   *
   * @return the element, or {@code null} if the list is empty
   */
  public byte[] popHead() {
    nodes.modCount++;
    return QuickListWriter.pop(nodes, true);
  }

  /**
   * Removes and returns the tail element ({@code RPOP}). Redis: quicklistPopCustom.
   *
   * @return the element, or {@code null} if the list is empty
   */
  public byte[] popTail() {
    nodes.modCount++;
    return QuickListWriter.pop(nodes, false);
  }

  /**
   * Removes the head element ({@code LPOP}) into a caller's buffer: its bytes (an integer entry as
   * its decimal) are copied to {@code dst} from {@code off}, and nothing is allocated. Redis:
   * quicklistPopCustom.
   *
   * @param dst the destination
   * @param off where the first byte goes
   * @return the element's length, or -1 if the list is empty
   * @throws IndexOutOfBoundsException if the element does not fit in {@code dst} from {@code off};
   *     the list does not change
   */
  public int popHead(byte[] dst, int off) {
    return popInto(true, dst, off);
  }

  /**
   * Removes the tail element ({@code RPOP}) into a caller's buffer, as {@link #popHead(byte[],
   * int)} does.
   *
   * @param dst the destination
   * @param off where the first byte goes
   * @return the element's length, or -1 if the list is empty
   * @throws IndexOutOfBoundsException if the element does not fit; the list does not change
   */
  public int popTail(byte[] dst, int off) {
    return popInto(false, dst, off);
  }

  private int popInto(boolean fromHead, byte[] dst, int off) {
    Objects.requireNonNull(dst, "dst");
    int n = QuickListWriter.pop(nodes, fromHead, dst, off);
    if (n >= 0) {
      nodes.modCount++;
    }
    return n;
  }

  /**
   * Removes the head element ({@code LPOP}) after handing it to {@code action} without allocating:
   * a string as a range of an internal array (valid only during the call; do not keep or change
   * it), an integer entry as its value. {@code action} must not change the list.
   *
   * @param action the consumer
   * @return {@code false} if the list is empty
   */
  public boolean popHead(ListPack.ElementConsumer action) {
    return popTo(true, action);
  }

  /**
   * Removes the tail element ({@code RPOP}) after handing it to {@code action}, as {@link
   * #popHead(ListPack.ElementConsumer)} does.
   *
   * @param action the consumer
   * @return {@code false} if the list is empty
   */
  public boolean popTail(ListPack.ElementConsumer action) {
    return popTo(false, action);
  }

  private boolean popTo(boolean fromHead, ListPack.ElementConsumer action) {
    Objects.requireNonNull(action, "action");
    boolean popped = QuickListWriter.pop(nodes, fromHead, action);
    if (popped) {
      nodes.modCount++;
    }
    return popped;
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
    long rangelen = Math.min(n, nodes.count);
    if (rangelen == 0) {
      return new ArrayList<>();
    }
    List<byte[]> out =
        fromHead ? rangeReply(0, rangelen - 1, false) : rangeReply(-rangelen, -1, true);
    deleteRange(fromHead ? 0 : -rangelen, rangelen);
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
    QuickListIter it = QuickListIter.at(nodes, false, index);
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
    QuickListIter it = QuickListIter.at(nodes, false, index);
    if (it == null) {
      return false;
    }
    boolean found = it.next();
    assert found;
    QuickListWriter.replaceEntry(nodes, it.entryNode, it.entryOffset, value);
    it.reset();
    nodes.modCount++;
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
    QuickListIter it = QuickListIter.at(nodes, true, 0);
    boolean inserted = false;
    if (it != null) {
      while (it.next()) {
        if (it.valueEquals(pivot)) {
          insertAt(it, value, after);
          inserted = true;
          break;
        }
      }
      it.release();
    }
    return inserted;
  }

  /** Redis: quicklistInsertBefore/After at an iterator's entry (_quicklistInsert). */
  private void insertAt(QuickListIter it, byte[] value, boolean after) {
    if (QuickListWriter.insert(nodes, it.entryNode, it.entryOffset, value, after)) {
      it.reset();
    }
    nodes.modCount++;
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
    QuickListIter it =
        n < 0 ? QuickListIter.at(nodes, false, -1) : QuickListIter.at(nodes, true, 0);
    long removed = 0;
    if (it != null) {
      while (it.next()) {
        if (it.valueEquals(value)) {
          it.delete();
          nodes.modCount++;
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
    long llen = nodes.count;
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
    deleteRange(0, ltrim);
    deleteRange(-rtrim, rtrim);
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
    long llen = nodes.count;
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
    QuickListIter it = QuickListIter.at(nodes, !reverse, (int) (reverse ? end : start));
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
    checkPositionArguments(element, rank, count, maxlen);
    return scanPositions(element, rank, count, maxlen, false);
  }

  /**
   * {@code LPOS key element RANK rank MAXLEN maxlen} without COUNT: the index of the first match
   * that {@code rank} admits, the scan stopping there. As in Redis, the rank is negated in 64 bits,
   * so {@code Long.MIN_VALUE} stays negative and admits the first match from the tail (with COUNT,
   * {@link #positions} wraps the same way and reports every match). Redis: lposCommand, t_list.c.
   *
   * @return the index, or -1 if there is no match
   */
  long firstPosition(byte[] element, long rank, long maxlen) {
    checkPositionArguments(element, rank, 1, maxlen);
    long[] found = scanPositions(element, rank, 1, maxlen, true);
    return found.length == 0 ? -1 : found[0];
  }

  private static void checkPositionArguments(byte[] element, long rank, long count, long maxlen) {
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
  }

  /** The scan of lposCommand; {@code firstOnly} is its "no COUNT option" branch. */
  private long[] scanPositions(
      byte[] element, long rank, long count, long maxlen, boolean firstOnly) {
    boolean fromHead = rank > 0;
    if (rank < 0) {
      rank = -rank; // as in C: Long.MIN_VALUE stays negative, so every match is >= rank
    }
    long[] out = new long[firstOnly ? 1 : 8];
    int found = 0;
    QuickListIter it = QuickListIter.at(nodes, fromHead, fromHead ? 0 : -1);
    if (it == null) {
      return new long[0];
    }
    long llen = nodes.count;
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
          if (firstOnly || (count != 0 && matches - rank + 1 >= count)) {
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
    QuickListIter it = QuickListIter.at(nodes, true, index);
    boolean found = it.next();
    assert found;
    insertAt(it, value, false);
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
  public <E> QuickListView<E> asList(Codec<E> codec) {
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
    boolean deleted = QuickListWriter.delRange(nodes, start, n);
    nodes.modCount += deleted ? 1 : 0;
    return deleted;
  }

  /**
   * Returns all elements, head to tail, without changing any node's compression.
   *
   * @return a new list
   */
  public List<byte[]> toList() {
    List<byte[]> out = new ArrayList<>();
    QuickListCursor c = cursor();
    while (c.next()) {
      out.add(c.toByteArray());
    }
    return out;
  }

  /**
   * Returns a cursor before the first element, that reads the list without changing it: no node's
   * compression changes (a compressed node is inflated into the cursor's own buffer), and a step or
   * a read allocates nothing (per node, at most one buffer for a compressed node).
   *
   * @return a new cursor
   */
  public QuickListCursor cursor() {
    return new QuickListCursor(nodes);
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
   * ziplist) and type 1 (the linked list of Redis before 3.2: a count and that many strings) are
   * pushed element by element, so their nodes follow {@code fill}. As {@code RESTORE} does, the
   * value is read from the payload with its footer and what it leaves unread is ignored (bytes
   * before the footer, nodes past the count; a value may even end inside the footer). Compression
   * follows the new list's depth and the load order.
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

  // ---------------------------------------------------------------- checks

  /** Checks the invariants of {@link QuickListNodes}; throws {@link AssertionError} if broken. */
  void checkInvariants() {
    nodes.checkInvariants();
  }

  /** Node sizes and encodings, head to tail, for tests: "r8185 C1203/4000 P70000". */
  String shape() {
    return nodes.shape();
  }
}
