package dev.redstruct.stream;

import dev.redstruct.listpack.ListPack;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A Redis stream: entries ordered by {@link StreamId}, each a list of field/value pairs, kept as
 * Redis 7.0.15 keeps them (listpack nodes of at most {@code stream-node-max-bytes} bytes and {@code
 * stream-node-max-entries} entries, keyed by their master ID, deleted entries flagged in place),
 * plus the consumer groups. Redis: src/t_stream.c, src/stream.h.
 *
 * <pre>{@code
 * RedisStream s = RedisStream.create();
 * s.add(new StreamId(1, 0), "temp".getBytes(), "21".getBytes());
 * s.size(); // 1
 * }</pre>
 *
 * <p>Not thread-safe.
 */
public final class RedisStream {
  /*
   * Implementation notes. nodes is Redis's rax: master ID -> listpack, edited with the same
   * listpack operations Redis uses (lpAppend, lpReplaceInteger), so that a node's bytes equal
   * Redis's for the same history and DUMP writes them as they are.
   */
  /** Redis: STREAM_LISTPACK_MAX_SIZE. */
  static final long LISTPACK_MAX_SIZE = 1L << 30;

  final TreeMap<StreamId, ListPack> nodes = new TreeMap<>();
  long length;
  StreamId lastId = StreamId.MIN;
  StreamId firstId = StreamId.MIN;
  StreamId maxDeletedId = StreamId.MIN;
  long entriesAdded;
  final TreeMap<byte[], ConsumerGroup> groups = new TreeMap<>(Arrays::compareUnsigned);
  private boolean created;

  private RedisStream(boolean created) {
    this.created = created;
  }

  /**
   * An empty stream.
   *
   * @return the stream
   */
  public static RedisStream create() {
    return new RedisStream(true);
  }

  /**
   * An empty stream that stands for a missing key until a command creates it (XADD, XGROUP CREATE
   * MKSTREAM): a key store keeps a stream only when {@link #isCreated()}.
   *
   * @return the stream
   */
  public static RedisStream placeholder() {
    return new RedisStream(false);
  }

  /**
   * Whether a command made this stream a key's value; an empty stream can be a value.
   *
   * @return false for a {@link #placeholder()} no command created
   */
  public boolean isCreated() {
    return created;
  }

  void markCreated() {
    created = true;
  }

  /**
   * The number of entries. Redis: XLEN.
   *
   * @return the length
   */
  public long size() {
    return length;
  }

  /**
   * The ID of the last entry ever added (or set by XSETID), {@code 0-0} at first.
   *
   * @return the last generated ID
   */
  public StreamId lastId() {
    return lastId;
  }

  /**
   * The last delivered ID of a consumer group.
   *
   * @param group the group name
   * @return the ID, or null when the stream has no such group
   */
  public StreamId groupLastId(byte[] group) {
    ConsumerGroup g = groups.get(Objects.requireNonNull(group, "group"));
    return g == null ? null : g.lastId;
  }

  /**
   * Adds an entry with the given ID, with the default node limits (4096 bytes, 100 entries).
   *
   * @param id the ID, greater than {@link #lastId()}
   * @param fieldsAndValues field, value, ...: at least one pair
   * @throws IllegalArgumentException if the ID is not greater than the last one or the pairs are
   *     not pairs
   */
  public void add(StreamId id, byte[]... fieldsAndValues) {
    Objects.requireNonNull(id, "id");
    if (fieldsAndValues.length == 0 || fieldsAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("fields and values come in pairs");
    }
    byte[][] fv = new byte[fieldsAndValues.length][];
    for (int i = 0; i < fv.length; i++) {
      fv[i] = Objects.requireNonNull(fieldsAndValues[i], "fieldsAndValues[i]").clone();
    }
    if (append(fv, id, true, 0, 4096, 100) == null) {
      throw new IllegalArgumentException("ID " + id + " is not greater than " + lastId);
    }
    created = true;
  }

  /**
   * The entries from {@code from} to {@code to}, both included, in ID order. Redis: XRANGE.
   *
   * @param from the first ID
   * @param to the last ID
   * @return the entries
   */
  public List<StreamEntry> range(StreamId from, StreamId to) {
    return Collections.unmodifiableList(range(from, to, 0, false));
  }

  /**
   * Deletes the entry with this ID. Redis: XDEL of one ID.
   *
   * @param id the ID
   * @return whether it was there
   */
  public boolean delete(StreamId id) {
    boolean done = deleteItem(id);
    if (done) {
      afterDeletes(id, id.equals(firstId));
    }
    return done;
  }

  // ------------------------------------------------------------------ Redis's operations

  /**
   * Redis: streamAppendItem. Returns the new ID, or null when it is not greater than the last
   * (EDOM). {@code fv} is field, value, ...
   */
  StreamId append(
      byte[][] fv, StreamId useId, boolean seqGiven, long now, long maxBytes, long maxEntries) {
    StreamId id;
    if (useId != null) {
      if (seqGiven) {
        id = useId;
      } else if (lastId.ms() == useId.ms()) {
        if (lastId.seq() == -1L) {
          return null;
        }
        id = new StreamId(lastId.ms(), lastId.seq() + 1);
      } else {
        id = useId;
      }
    } else {
      id = nextId(now);
    }
    if (id.compareTo(lastId) <= 0) {
      return null;
    }
    int numFields = fv.length / 2;
    long totalLen = 0;
    for (byte[] b : fv) {
      totalLen += b.length;
    }
    var tail = nodes.lastEntry();
    ListPack lp = tail == null ? null : tail.getValue();
    if (lp != null) {
      long nodeMax = maxBytes <= 0 || maxBytes > LISTPACK_MAX_SIZE ? LISTPACK_MAX_SIZE : maxBytes;
      if (lp.sizeInBytes() + totalLen >= nodeMax) {
        lp = null;
      } else if (maxEntries > 0 && lp.getLong(0) + lp.getLong(1) >= maxEntries) {
        lp = null;
      }
    }
    int flags = 0;
    StreamId master;
    if (lp == null) {
      master = id;
      lp = ListPack.create();
      lp.append(1);
      lp.append(0);
      lp.append(numFields);
      for (int i = 0; i < numFields; i++) {
        lp.append(fv[2 * i]);
      }
      lp.append(0);
      nodes.put(master, lp);
      flags = StreamNode.FLAG_SAMEFIELDS;
    } else {
      master = tail.getKey();
      lp.replace(0, lp.getLong(0) + 1);
      long masterFields = lp.getLong(2);
      if (masterFields == numFields && sameFields(lp, fv, numFields)) {
        flags = StreamNode.FLAG_SAMEFIELDS;
      }
    }
    boolean same = flags == StreamNode.FLAG_SAMEFIELDS;
    lp.append(flags);
    lp.append(id.ms() - master.ms());
    lp.append(id.seq() - master.seq());
    if (!same) {
      lp.append(numFields);
    }
    for (int i = 0; i < numFields; i++) {
      if (!same) {
        lp.append(fv[2 * i]);
      }
      lp.append(fv[2 * i + 1]);
    }
    lp.append(same ? numFields + 3 : 2L * numFields + 4);
    length++;
    entriesAdded++;
    lastId = id;
    if (length == 1) {
      firstId = id;
    }
    return id;
  }

  private static boolean sameFields(ListPack lp, byte[][] fv, int n) {
    var c = lp.cursor();
    for (int i = 0; i < 3; i++) {
      c.next();
    }
    for (int i = 0; i < n; i++) {
      c.next();
      if (!c.contentEquals(fv[2 * i])) {
        return false;
      }
    }
    return true;
  }

  /** Redis: streamNextID. */
  StreamId nextId(long now) {
    if (Long.compareUnsigned(now, lastId.ms()) > 0) {
      return new StreamId(now, 0);
    }
    StreamId n = lastId.next();
    return n == null ? StreamId.MIN : n;
  }

  /** The live entries of [start, end] (count 0: all), forward or backward. */
  List<StreamEntry> range(StreamId start, StreamId end, long count, boolean rev) {
    List<StreamEntry> out = new ArrayList<>();
    if (nodes.isEmpty() || start.compareTo(end) > 0) {
      return out;
    }
    if (!rev) {
      StreamId from = nodes.floorKey(start);
      Map<StreamId, ListPack> view = from == null ? nodes : nodes.tailMap(from, true);
      for (var e : view.entrySet()) {
        for (StreamNode.Entry x : new StreamNode(e.getKey(), e.getValue()).entries) {
          if (x.deleted() || x.id.compareTo(start) < 0) {
            continue;
          }
          if (x.id.compareTo(end) > 0) {
            return out;
          }
          out.add(StreamEntry.wrap(x.id, x.fieldsAndValues));
          if (count > 0 && out.size() == count) {
            return out;
          }
        }
      }
    } else {
      StreamId from = nodes.floorKey(end);
      Map<StreamId, ListPack> view =
          from == null ? nodes.descendingMap() : nodes.headMap(from, true).descendingMap();
      for (var e : view.entrySet()) {
        List<StreamNode.Entry> xs = new StreamNode(e.getKey(), e.getValue()).entries;
        for (int i = xs.size() - 1; i >= 0; i--) {
          StreamNode.Entry x = xs.get(i);
          if (x.deleted() || x.id.compareTo(end) > 0) {
            continue;
          }
          if (x.id.compareTo(start) < 0) {
            return out;
          }
          out.add(StreamEntry.wrap(x.id, x.fieldsAndValues));
          if (count > 0 && out.size() == count) {
            return out;
          }
        }
      }
    }
    return out;
  }

  /** The live entry with this ID, or null. Redis: streamEntryExists / a one-ID range. */
  StreamEntry entry(StreamId id) {
    List<StreamEntry> r = range(id, id, 1, false);
    return r.isEmpty() ? null : r.get(0);
  }

  /** Redis: streamDeleteItem (flags the entry, drops a node left with no live entry). */
  boolean deleteItem(StreamId id) {
    var fe = nodes.floorEntry(id);
    if (fe == null) {
      return false;
    }
    StreamNode n = new StreamNode(fe.getKey(), fe.getValue());
    for (StreamNode.Entry x : n.entries) {
      if (x.id.equals(id) && !x.deleted()) {
        ListPack lp = fe.getValue();
        if (n.count == 1) {
          nodes.remove(fe.getKey());
        } else {
          lp.replace(x.flagsIndex, x.flags | StreamNode.FLAG_DELETED);
          lp.replace(0, n.count - 1);
          lp.replace(1, n.deleted + 1);
        }
        length--;
        return true;
      }
    }
    return false;
  }

  /** XDEL's bookkeeping after deleting IDs up to {@code maxId}. */
  void afterDeletes(StreamId maxId, boolean firstDeleted) {
    if (maxId.compareTo(maxDeletedId) > 0) {
      maxDeletedId = maxId;
    }
    if (length == 0) {
      firstId = StreamId.MIN;
    } else if (firstDeleted) {
      firstId = edgeId(true);
    }
  }

  /** The first (or last) live entry's ID; MAX (or MIN) when none. Redis: streamGetEdgeID. */
  StreamId edgeId(boolean first) {
    StreamId lo = StreamId.MIN;
    StreamId hi = StreamId.MAX;
    List<StreamEntry> r = range(lo, hi, 1, !first);
    if (r.isEmpty()) {
      return first ? StreamId.MAX : StreamId.MIN;
    }
    return r.get(0).id();
  }

  /**
   * The first entry's ID, deleted or not; MAX when there is none. Redis: streamGetEdgeID(s, 1, 0).
   */
  StreamId firstIdWithTombstones() {
    if (nodes.isEmpty()) {
      return StreamId.MAX;
    }
    var first = nodes.firstEntry();
    return new StreamNode(first.getKey(), first.getValue()).entries.get(0).id;
  }

  /** Redis: streamTrim. maxlen &lt; 0 means trim by minId. */
  long trim(long maxlen, StreamId minId, boolean approx, long limit) {
    boolean byLen = minId == null;
    long deleted = 0;
    for (StreamId key : new ArrayList<>(nodes.keySet())) {
      if (byLen && length <= maxlen) {
        break;
      }
      ListPack lp = nodes.get(key);
      StreamNode n = new StreamNode(key, lp);
      long entries = n.count;
      if (limit != 0 && deleted + entries > limit) {
        break;
      }
      boolean removeNode = byLen ? length - entries >= maxlen : n.lastId().compareTo(minId) < 0;
      if (removeNode) {
        nodes.remove(key);
        length -= entries;
        deleted += entries;
        continue;
      }
      if (approx) {
        break;
      }
      long fromNode = 0;
      for (StreamNode.Entry x : n.entries) {
        boolean stop = byLen ? length <= maxlen : x.id.compareTo(minId) >= 0;
        if (stop) {
          break;
        }
        if (!x.deleted()) {
          lp.replace(x.flagsIndex, x.flags | StreamNode.FLAG_DELETED);
          fromNode++;
          length--;
        }
      }
      deleted += fromNode;
      lp.replace(0, entries - fromNode);
      lp.replace(1, n.deleted + fromNode);
      break;
    }
    if (length == 0) {
      firstId = StreamId.MIN;
    } else if (deleted != 0) {
      firstId = edgeId(true);
    }
    return deleted;
  }

  /** Redis: streamRangeHasTombstones. */
  boolean rangeHasTombstones(StreamId start, StreamId end) {
    if (length == 0 || maxDeletedId.isZero()) {
      return false;
    }
    if (firstId.compareTo(maxDeletedId) > 0) {
      return false;
    }
    StreamId s = start == null ? StreamId.MIN : start;
    StreamId e = end == null ? StreamId.MAX : end;
    return s.compareTo(maxDeletedId) <= 0 && maxDeletedId.compareTo(e) <= 0;
  }

  /** Redis: streamEstimateDistanceFromFirstEverEntry; -1 when unknown. */
  long estimateDistance(StreamId id) {
    if (entriesAdded == 0) {
      return 0;
    }
    if (length == 0 && id.compareTo(lastId) < 1) {
      return entriesAdded;
    }
    int cmpLast = id.compareTo(lastId);
    if (cmpLast == 0) {
      return entriesAdded;
    } else if (cmpLast > 0) {
      return ConsumerGroup.INVALID_ENTRIES_READ;
    }
    int cmpFirst = id.compareTo(firstId);
    if (maxDeletedId.isZero() || maxDeletedId.compareTo(firstId) < 0) {
      if (cmpFirst < 0) {
        return entriesAdded - length;
      } else if (cmpFirst == 0) {
        return entriesAdded - length + 1;
      }
    }
    return ConsumerGroup.INVALID_ENTRIES_READ;
  }

  /** The group's lag, or null when unknown. Redis: streamReplyWithCGLag. */
  Long lag(ConsumerGroup g) {
    if (entriesAdded == 0) {
      return 0L;
    }
    if (g.entriesRead != ConsumerGroup.INVALID_ENTRIES_READ
        && !rangeHasTombstones(g.lastId, null)) {
      return entriesAdded - g.entriesRead;
    }
    long read = estimateDistance(g.lastId);
    return read == ConsumerGroup.INVALID_ENTRIES_READ ? null : entriesAdded - read;
  }

  /**
   * A deep copy: nodes, counters and groups. Redis: streamDup.
   *
   * @return the copy
   */
  public RedisStream copy() {
    RedisStream s = new RedisStream(created);
    for (var e : nodes.entrySet()) {
      s.nodes.put(e.getKey(), ListPack.copyOf(e.getValue().toByteArray()));
    }
    s.length = length;
    s.lastId = lastId;
    s.firstId = firstId;
    s.maxDeletedId = maxDeletedId;
    s.entriesAdded = entriesAdded;
    for (ConsumerGroup g : groups.values()) {
      s.groups.put(g.name, g.copy());
    }
    return s;
  }

  /**
   * The body of this stream's RDB value of type 19 ({@code RDB_TYPE_STREAM_LISTPACKS_2}), without
   * the type byte: what Redis 7.0.15's rdbSaveObject writes for the same history.
   *
   * @param compression Redis's {@code rdbcompression}
   * @return the body
   */
  public byte[] toRdbBody(boolean compression) {
    dev.redstruct.core.rdb.RdbWriter w = dev.redstruct.core.rdb.RdbWriter.create(compression);
    StreamRdb.write(this, w);
    return w.toByteArray();
  }

  /**
   * Loads the body of an RDB value of type 19 from untrusted bytes, checked as Redis's deep
   * sanitization checks it (each node's master entry, entries, counts and lp-count) and more (entry
   * IDs ascending, the length equal to the live entries).
   *
   * @param buf the bytes
   * @param off where the body starts
   * @param len how many bytes it may use
   * @return the stream
   * @throws dev.redstruct.core.CorruptEncodingException if the body is malformed
   */
  public static RedisStream fromRdbBody(byte[] buf, int off, int len) {
    return StreamRdb.read(dev.redstruct.core.rdb.RdbReader.of(buf, off, len), true);
  }

  /**
   * Loads the body of an RDB value of type 15 ({@code RDB_TYPE_STREAM_LISTPACKS}, Redis 5 to 6.2),
   * with the counters Redis derives for it (entries added = length, no deleted ID, each group's
   * read counter estimated), checked as {@link #fromRdbBody(byte[], int, int)} checks.
   *
   * @param buf the bytes
   * @param off where the body starts
   * @param len how many bytes it may use
   * @return the stream
   * @throws dev.redstruct.core.CorruptEncodingException if the body is malformed
   */
  public static RedisStream fromLegacyRdbBody(byte[] buf, int off, int len) {
    return StreamRdb.read(dev.redstruct.core.rdb.RdbReader.of(buf, off, len), false);
  }

  @Override
  public String toString() {
    return "RedisStream(length=" + length + ", last=" + lastId + ", groups=" + groups.size() + ")";
  }
}
