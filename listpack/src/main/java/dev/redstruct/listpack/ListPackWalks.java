package dev.redstruct.listpack;

import java.util.ConcurrentModificationException;

/**
 * The consumer walks behind {@link ListPack#forEach} and {@link ListPack#forEachBackward}: each
 * element handed over in place, nothing allocated, over a listpack that was validated when it
 * entered its {@link ListPack}.
 */
final class ListPackWalks {
  /* Implementation notes.
   * Both loops decode the three one/two-byte encodings (7-bit uint, 6-bit string, 13-bit int)
   * themselves, a copy of ListPackFormat.decode's first three branches, and call decode for the
   * rest, inline (an out-of-line helper given the Element would let it escape wherever C2 does
   * not inline the helper: NOTES, ## listpack). A walk is a chain of dependent steps (the next
   * offset needs this element's size). The loops keep that chain off the loaded bytes, as the
   * ziplist's trusted walk does (NOTES, ## ziplist):
   * - guesses: forward, an integer's size is a constant on its own branch, and a 6-bit string's
   *   size comes from its header byte, so the loop keeps the last header seen (guess) and its
   *   size (skip), and a header equal to the guess advances by the register, not by arithmetic
   *   on the byte just loaded; backward, the step is the previous element's one-byte backlen,
   *   and a backlen equal to the guess steps by the register likewise. Lists of like-sized
   *   strings (keys, ids) take the guessed branch on nearly every string;
   * - unrolled by two, one guess per parity: lists of pairs (hash fields and values, zset members
   *   and scores, the benchmark's keys and numbers) alternate two kinds, so each half sees one
   *   kind and C2 lays each half out for its own (the disassembly shows the first half's guessed
   *   string and the second half's 13-bit integer as the fall-through paths), and the loop's
   *   control and safepoint poll are paid once per pair. A consumer's field is still loaded and
   *   stored at every element.
   * Each guessed branch computes exactly what the general branch would (an equal byte gives an
   * equal step), so it needs no test of its own. The two halves of each loop are the same code
   * but for the guess they use. The array and base come in as arguments (ListPack passes its
   * fields): loaded from lp in here, the backward walk measured 40 % slower in a scratch copy (C2
   * kept more values live through the loop and spilled). Measured (ListPackIterateBenchmark, CPU
   * A/B): NOTES, "Issue 30, third pass".
   */

  private ListPackWalks() {}

  /** Redis: the lpFirst / lpNext loop, with lpGetWithSize for each element. */
  static void forward(ListPack lp, byte[] b, int base, ListPack.ElementConsumer action) {
    int expected = lp.modCount;
    ListPackFormat.Element e = new ListPackFormat.Element();
    // Per parity: a 6-bit string header byte (none: -1) and the element size it gives (2 + its
    // length).
    int guessA = -1;
    int skipA = 0;
    int guessB = -1;
    int skipB = 0;
    int p = base + ListPackFormat.HEADER_SIZE;
    int c;
    while (true) {
      c = b[p] & 0xFF;
      if (c == guessA) {
        action.string(b, p + 1, skipA - 2);
        p += skipA;
      } else if (c < 0x80) {
        action.integer(c);
        p += 2;
      } else if (c < 0xC0) {
        guessA = c;
        skipA = c - 0x7E;
        action.string(b, p + 1, c & 0x3F);
        p += skipA;
      } else if (c < 0xE0) {
        int u = ((c & 0x1F) << 8) | (b[p + 1] & 0xFF);
        action.integer(u >= 4096 ? u - 8192 : u);
        p += 3;
      } else if (c == ListPackFormat.EOF) {
        return;
      } else {
        ListPackFormat.decode(b, p, e);
        if (e.isInteger) {
          action.integer(e.value);
        } else {
          action.string(b, e.dataOffset, e.dataLength);
        }
        p = e.end();
      }
      if (lp.modCount != expected) {
        throw new ConcurrentModificationException();
      }
      c = b[p] & 0xFF;
      if (c == guessB) {
        action.string(b, p + 1, skipB - 2);
        p += skipB;
      } else if (c < 0x80) {
        action.integer(c);
        p += 2;
      } else if (c < 0xC0) {
        guessB = c;
        skipB = c - 0x7E;
        action.string(b, p + 1, c & 0x3F);
        p += skipB;
      } else if (c < 0xE0) {
        int u = ((c & 0x1F) << 8) | (b[p + 1] & 0xFF);
        action.integer(u >= 4096 ? u - 8192 : u);
        p += 3;
      } else if (c == ListPackFormat.EOF) {
        return;
      } else {
        ListPackFormat.decode(b, p, e);
        if (e.isInteger) {
          action.integer(e.value);
        } else {
          action.string(b, e.dataOffset, e.dataLength);
        }
        p = e.end();
      }
      if (lp.modCount != expected) {
        throw new ConcurrentModificationException();
      }
    }
  }

  /** Redis: the lpLast / lpPrev loop, with lpGetWithSize for each element. */
  static void backward(ListPack lp, byte[] b, int base, ListPack.ElementConsumer action) {
    int first = base + ListPackFormat.HEADER_SIZE;
    int expected = lp.modCount;
    ListPackFormat.Element e = new ListPackFormat.Element();
    int guessA = -1; // per parity: a one-byte backlen (below 128), or none
    int guessB = -1;
    int p = base + (int) ListPackFormat.totalBytes(b, base) - 1;
    int last;
    int c;
    while (true) {
      if (p == first) {
        return;
      }
      last = b[p - 1] & 0xFF;
      if (last == guessA) {
        p -= guessA + 1;
      } else if (last < 128) {
        guessA = last;
        p -= last + 1;
      } else {
        p = ListPackReader.prev(b, base, p);
      }
      c = b[p] & 0xFF;
      if (c < 0x80) {
        action.integer(c);
      } else if (c < 0xC0) {
        action.string(b, p + 1, c & 0x3F);
      } else if (c < 0xE0) {
        int u = ((c & 0x1F) << 8) | (b[p + 1] & 0xFF);
        action.integer(u >= 4096 ? u - 8192 : u);
      } else {
        ListPackFormat.decode(b, p, e);
        if (e.isInteger) {
          action.integer(e.value);
        } else {
          action.string(b, e.dataOffset, e.dataLength);
        }
      }
      if (lp.modCount != expected) {
        throw new ConcurrentModificationException();
      }
      if (p == first) {
        return;
      }
      last = b[p - 1] & 0xFF;
      if (last == guessB) {
        p -= guessB + 1;
      } else if (last < 128) {
        guessB = last;
        p -= last + 1;
      } else {
        p = ListPackReader.prev(b, base, p);
      }
      c = b[p] & 0xFF;
      if (c < 0x80) {
        action.integer(c);
      } else if (c < 0xC0) {
        action.string(b, p + 1, c & 0x3F);
      } else if (c < 0xE0) {
        int u = ((c & 0x1F) << 8) | (b[p + 1] & 0xFF);
        action.integer(u >= 4096 ? u - 8192 : u);
      } else {
        ListPackFormat.decode(b, p, e);
        if (e.isInteger) {
          action.integer(e.value);
        } else {
          action.string(b, e.dataOffset, e.dataLength);
        }
      }
      if (lp.modCount != expected) {
        throw new ConcurrentModificationException();
      }
    }
  }
}
