package dev.redstruct.stream;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.ListPackCursor;
import java.util.ArrayList;
import java.util.List;

/**
 * One node of a stream decoded for reading: the listpack Redis keeps under a master ID in the
 * stream's radix tree. Layout (src/t_stream.c, streamAppendItem): the master entry {@code count,
 * deleted, num-fields, field_1..field_N, 0}, then each entry {@code flags, ms-delta, seq-delta,
 * [num-fields, field, value, ...] | [value, ...], lp-count}.
 */
final class StreamNode {
  static final int FLAG_DELETED = 1;
  static final int FLAG_SAMEFIELDS = 2;

  final StreamId master;
  final long count;
  final long deleted;
  final byte[][] masterFields;
  final List<Entry> entries = new ArrayList<>();

  /** One entry of the node, deleted or not. */
  static final class Entry {
    final int flagsIndex;
    final int flags;
    final StreamId id;
    final byte[][] fieldsAndValues;

    Entry(int flagsIndex, int flags, StreamId id, byte[][] fv) {
      this.flagsIndex = flagsIndex;
      this.flags = flags;
      this.id = id;
      this.fieldsAndValues = fv;
    }

    boolean deleted() {
      return (flags & FLAG_DELETED) != 0;
    }
  }

  /** Decodes a node written by this class or checked by the RDB validation. */
  StreamNode(StreamId master, ListPack lp) {
    this.master = master;
    Object[] el = elements(lp);
    count = (Long) el[0];
    deleted = (Long) el[1];
    int nf = (int) (long) (Long) el[2];
    masterFields = new byte[nf][];
    for (int i = 0; i < nf; i++) {
      masterFields[i] = bytes(el[3 + i]);
    }
    int p = 4 + nf;
    while (p < el.length) {
      int flagsIndex = p;
      int flags = (int) (long) (Long) el[p++];
      long ms = master.ms() + (Long) el[p++];
      long seq = master.seq() + (Long) el[p++];
      byte[][] fv;
      if ((flags & FLAG_SAMEFIELDS) != 0) {
        fv = new byte[2 * nf][];
        for (int i = 0; i < nf; i++) {
          fv[2 * i] = masterFields[i];
          fv[2 * i + 1] = bytes(el[p++]);
        }
      } else {
        int n = (int) (long) (Long) el[p++];
        fv = new byte[2 * n][];
        for (int i = 0; i < 2 * n; i++) {
          fv[i] = bytes(el[p++]);
        }
      }
      p++; // lp-count
      entries.add(new Entry(flagsIndex, flags, new StreamId(ms, seq), fv));
    }
  }

  /** Every element: a Long for an integer encoding, a byte[] for a string. */
  static Object[] elements(ListPack lp) {
    Object[] out = new Object[lp.size()];
    ListPackCursor c = lp.cursor();
    int i = 0;
    while (c.next()) {
      out[i++] = c.isInteger() ? (Object) c.longValue() : c.toByteArray();
    }
    return out;
  }

  static byte[] bytes(Object o) {
    return o instanceof Long l ? RedisNumbers.ll2string(l) : (byte[]) o;
  }

  /** The last entry's ID, deleted or not. Redis: lpGetEdgeStreamID(lp, 0, ...). */
  StreamId lastId() {
    return entries.get(entries.size() - 1).id;
  }
}
