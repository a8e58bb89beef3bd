package dev.redstruct.listpack;

import dev.redstruct.listpack.internal.ListPackEntry;
import dev.redstruct.listpack.internal.ListPackPositions;

/**
 * The package's side of {@link ListPackPositions}: offset-based reads and edits for sibling
 * modules, each a hand-off to the one decoder or the writer. Created once, by reflection, by
 * ListPackPositions; stateless.
 */
final class ListPackPositionAccess implements ListPackPositions.Access {
  private ListPackPositionAccess() {}

  @Override
  public byte[] array(ListPack lp) {
    lp.dropHeadRoom(); // the offsets of ListPackPositions count from the array's start
    return lp.buf;
  }

  @Override
  public int read(byte[] b, int p, ListPackEntry out) {
    ListPackFormat.Element e = ListPackFormat.decode(b, p, new ListPackFormat.Element());
    out.isInteger = e.isInteger;
    out.value = e.value;
    out.dataOffset = e.dataOffset;
    out.dataLength = e.dataLength;
    return e.end();
  }

  @Override
  public void insertPair(ListPack lp, int p, byte[] first, byte[] secondText, long secondInt) {
    ListPackWriter.insertTwo(lp, p, first, secondText, secondInt);
  }

  @Override
  public void reserve(ListPack lp, int capacity) {
    if (lp.buf.length < capacity) {
      lp.dropHeadRoom();
      lp.buf = java.util.Arrays.copyOf(lp.buf, capacity);
    }
  }

  @Override
  public void delete(ListPack lp, int p, int count) {
    ListPackWriter.deleteFrom(lp, p, count, ListPackWriter.TAIL_ONLY);
  }
}
