package dev.redstruct.quicklist;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListCursor;

/**
 * The RDB forms of a list (src/rdb.c, 7.0.15): writing type 18 (quicklist 2) as {@code
 * rdbSaveObject} does, and loading types 18, 14, 10 and 1 as {@code rdbLoadObject} does.
 *
 * <pre>
 *   type 18: 0x12 &lt;len: nodes&gt; { &lt;len: container 1=PLAIN 2=PACKED&gt; &lt;RDB string&gt; } x nodes
 *   type 14: 0x0E &lt;len: nodes&gt; { &lt;RDB string: ziplist&gt; } x nodes          (6.2)
 *   type 10: 0x0A &lt;RDB string: one ziplist&gt;                                  (before 3.2)
 *   type 1:  0x01 &lt;len: n&gt; { &lt;RDB string: element&gt; } x n            (linked list, before 3.2)
 * </pre>
 *
 * A compressed node is written as its LZF blob (0xC3, compressed length, node size, bytes); a raw
 * node as an RDB string, which {@code rdbcompression} may LZF-compress. A payload is read as
 * RESTORE reads it: over type, value and footer, nothing checked after the value (offsets in errors
 * are offsets in the payload).
 */
final class QuickListRdb {
  private QuickListRdb() {}

  /** The DUMP payload: the type and body, then the footer. Redis: createDumpPayload. */
  static byte[] write(QuickList ql, boolean compression) {
    RdbWriter w = RdbWriter.create(compression);
    writeRdb(ql, w);
    return w.toDumpPayload();
  }

  /** The type byte and the object body, into {@code w}. Redis: rdbSaveObject for OBJ_LIST. */
  static void writeRdb(QuickList ql, RdbWriter w) {
    w.type(RdbPayload.TYPE_LIST_QUICKLIST_2).length(ql.nodes.len);
    for (QuickNode n = ql.nodes.head; n != null; n = n.next) {
      w.length(n.isPlain ? QuickNode.CONTAINER_PLAIN : QuickNode.CONTAINER_PACKED);
      if (n.compressed()) {
        w.lzfBlob(n.lzf, 0, n.lzf.length, n.sz);
      } else {
        w.string(n.rawBytes());
      }
    }
  }

  /** Redis: RESTORE (verifyDumpPayload, then the object). */
  static QuickList read(byte[] payload, int fill, int compressDepth, long packedThreshold) {
    int type = RdbPayload.verify(payload);
    // As restoreCommand: the value is read from a buffer over the whole payload, footer included,
    // and whatever it leaves unread (or a value that ends inside the footer) is not checked.
    RdbReader r = RdbReader.of(payload, 1, payload.length - 1);
    return readRdb(type, r, fill, compressDepth, packedThreshold);
  }

  /** The object body of a list type, from {@code r}. Redis: rdbLoadObject for the list types. */
  static QuickList readRdb(
      int type, RdbReader r, int fill, int compressDepth, long packedThreshold) {
    QuickList ql = QuickList.create(fill, compressDepth);
    ql.setPackedThreshold(packedThreshold);
    switch (type) {
      case RdbPayload.TYPE_LIST_QUICKLIST_2, RdbPayload.TYPE_LIST_QUICKLIST ->
          loadNodes(ql, r, type);
      case RdbPayload.TYPE_LIST -> {
        long n = r.length(); // each element read below needs a byte, so n cannot run away
        for (long i = 0; i < n; i++) {
          ql.pushTail(r.string()); // an integer form as its decimal (rdbLoadEncodedStringObject)
        }
      }
      case RdbPayload.TYPE_LIST_ZIPLIST -> {
        ZipListCursor c = ZipList.copyOf(r.string()).cursor();
        while (c.next()) {
          ql.pushTail(c.toByteArray()); // an integer as its decimal, as rdb.c re-adds it
        }
      }
      default -> throw new CorruptEncodingException("RDB", 0, "not a list payload: type " + type);
    }
    if (ql.nodes.count == 0) {
      throw new CorruptEncodingException("RDB", 0, "empty list");
    }
    return ql;
  }

  private static void loadNodes(QuickList ql, RdbReader r, int type) {
    long nodes = r.length();
    for (long i = 0; i < nodes; i++) {
      long container = QuickNode.CONTAINER_PACKED;
      int at = r.position();
      if (type == RdbPayload.TYPE_LIST_QUICKLIST_2) {
        container = r.length();
        if (container != QuickNode.CONTAINER_PLAIN && container != QuickNode.CONTAINER_PACKED) {
          throw new CorruptEncodingException("RDB", at, "quicklist container " + container);
        }
      }
      at = r.position();
      byte[] data = r.string();
      if (data.length == 0) {
        throw new CorruptEncodingException("RDB", at, "empty quicklist node");
      }
      if (container == QuickNode.CONTAINER_PLAIN) {
        ql.nodes.insertNode(ql.nodes.tail, QuickNode.plain(data), true);
        ql.nodes.count++;
        continue;
      }
      ListPack lp = type == RdbPayload.TYPE_LIST_QUICKLIST_2 ? ListPack.wrap(data) : convert(data);
      if (lp.isEmpty()) {
        continue;
      }
      QuickNode n = QuickNode.packed(lp);
      n.count = lp.size();
      n.sz = lp.sizeInBytes();
      ql.nodes.insertNode(ql.nodes.tail, n, true);
      ql.nodes.count += n.count;
    }
  }

  /** A 6.2 ziplist node as a listpack, entry by entry (rdb.c: _ziplistEntryConvertAndValidate). */
  private static ListPack convert(byte[] ziplist) {
    return ListPack.wrap(ZipList.copyOf(ziplist).toListPackBytes());
  }
}
