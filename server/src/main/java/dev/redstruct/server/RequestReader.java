package dev.redstruct.server;

import dev.redstruct.core.RedisNumbers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A client's query buffer and the request parser over it: the bytes read from the socket go in,
 * whole commands ({@code argv}) come out, as Redis's {@code processInputBuffer} cuts them (Redis
 * 7.0.15, src/networking.c). Two request forms: multibulk ({@code
 * *2\r\n$4\r\nECHO\r\n$2\r\nhi\r\n}, what clients send) and inline ({@code ECHO hi\r\n}, what a
 * person types into telnet).
 *
 * <p>A protocol error ends the stream: {@link #next} returns {@code null} from then on and {@link
 * #error()} gives the reply Redis sends before it closes the connection. Not thread-safe.
 */
final class RequestReader {
  /*
   * Implementation notes.
   *
   * Buffer: buf[start, end) holds the bytes not yet consumed (Redis: querybuf from qb_pos). It
   * grows as bytes arrive, never from a declared length, so a client announcing a 512 MB bulk
   * costs nothing until it sends the bytes; consumed bytes are dropped by compacting before a
   * grow (Redis: sdsrange after the processing loop).
   *
   * Redis's parser finds line ends with strchr on a NUL-terminated sds: the search stops at the
   * first NUL byte, so a NUL before the line end means "no line end yet". find() does the same.
   * After a multibulk or bulk count line Redis skips the two bytes after the '\r' without
   * checking that the second is '\n'; so do we, and after a bulk's payload likewise.
   *
   * State between calls (a command may arrive in any number of pieces): reqType is fixed by the
   * first byte of a command; multibulkLen counts the bulks still to read; bulkLen is the length
   * of the bulk being read (-1 while its "$n" line is not parsed).
   */

  /** Longest inline request or count line without a line end. Redis: PROTO_INLINE_MAX_SIZE. */
  static final int INLINE_MAX_SIZE = 64 * 1024;

  /** Longest bulk argument before authentication. */
  static final int UNAUTH_MAX_BULK = 16384;

  /** Most arguments before authentication. */
  static final int UNAUTH_MAX_MULTIBULK = 10;

  private static final int INITIAL = 16 * 1024;
  private static final int UNKNOWN = 0;
  private static final int INLINE = 1;
  private static final int MULTIBULK = 2;

  private final long protoMaxBulkLen;
  private byte[] buf = new byte[INITIAL];
  private int start;
  private int end;

  private int reqType = UNKNOWN;
  private int multibulkLen;
  private long bulkLen = -1;
  private byte[][] argv;
  private int argc;
  private String error;

  /**
   * @param protoMaxBulkLen the longest bulk argument accepted ({@code proto-max-bulk-len})
   */
  RequestReader(long protoMaxBulkLen) {
    this.protoMaxBulkLen = protoMaxBulkLen;
  }

  /** Appends the readable bytes of {@code src}, consuming them. */
  void append(ByteBuffer src) {
    int n = src.remaining();
    ensureRoom(n);
    src.get(buf, end, n);
    end += n;
  }

  /** Appends bytes. */
  void append(byte[] b, int off, int len) {
    ensureRoom(len);
    System.arraycopy(b, off, buf, end, len);
    end += len;
  }

  /** Bytes received and not yet consumed by a whole command (Redis: sdslen(querybuf)-qb_pos). */
  int pending() {
    return end - start;
  }

  /** Free room in the buffer (for CLIENT LIST's qbuf-free). */
  int free() {
    return buf.length - end;
  }

  /** The protocol error's reply text (without {@code -}), or null. */
  String error() {
    return error;
  }

  private void ensureRoom(int n) {
    if (buf.length - end >= n) {
      return;
    }
    int live = end - start;
    if (buf.length - live >= n && start > 0) {
      System.arraycopy(buf, start, buf, 0, live);
    } else {
      long want = Math.max((long) buf.length * 2, (long) live + n);
      byte[] bigger = new byte[(int) Math.min(want, Integer.MAX_VALUE - 8)];
      System.arraycopy(buf, start, bigger, 0, live);
      buf = bigger;
    }
    start = 0;
    end = live;
  }

  /**
   * Cuts the next whole command. Redis: the loop of processInputBuffer, without running anything.
   * Empty commands (an empty inline line, {@code *0} or {@code *-1}) are skipped as Redis skips
   * them.
   *
   * @param authRequired whether the client still has to authenticate (lower limits apply)
   * @return the arguments (at least one), or null if more bytes are needed or after a protocol
   *     error
   */
  byte[][] next(boolean authRequired) {
    if (start == end && buf.length > 4 * INITIAL) {
      buf = new byte[INITIAL]; // a big argument is done: give its memory back (Redis: clientsCron)
      start = 0;
      end = 0;
    }
    while (error == null && start < end) {
      if (reqType == UNKNOWN) {
        reqType = buf[start] == '*' ? MULTIBULK : INLINE;
      }
      boolean done = reqType == INLINE ? inline() : multibulk(authRequired);
      if (!done) {
        return null;
      }
      byte[][] cmd = argc == 0 ? null : argv;
      reqType = UNKNOWN;
      argv = null;
      argc = 0;
      if (cmd != null) {
        return cmd;
      }
    }
    return null;
  }

  /** The index of {@code b} in [start, end) before any NUL (Redis: strchr on the sds), or -1. */
  private int find(byte b) {
    for (int i = start; i < end; i++) {
      byte c = buf[i];
      if (c == b) {
        return i;
      }
      if (c == 0) {
        return -1;
      }
    }
    return -1;
  }

  private boolean fail(String text) {
    error = text;
    return false;
  }

  /** Redis: processInlineBuffer. Returns true when a command (maybe empty) was cut. */
  private boolean inline() {
    int newline = find((byte) '\n');
    if (newline < 0) {
      return end - start > INLINE_MAX_SIZE && fail("ERR Protocol error: too big inline request");
    }
    int lineEnd = newline;
    int linefeed = 1;
    if (newline != start && buf[newline - 1] == '\r') {
      lineEnd--;
      linefeed++;
    }
    byte[][] args = SplitArgs.split(buf, start, lineEnd);
    if (args == null) {
      return fail("ERR Protocol error: unbalanced quotes in request");
    }
    start = lineEnd + linefeed;
    argv = args;
    argc = args.length;
    return true;
  }

  /** Redis: processMultibulkBuffer. Returns true when a command (maybe empty) was cut. */
  private boolean multibulk(boolean authRequired) {
    if (multibulkLen == 0) {
      int cr = find((byte) '\r');
      if (cr < 0) {
        return end - start > INLINE_MAX_SIZE
            && fail("ERR Protocol error: too big mbulk count string");
      }
      if (cr > end - 2) {
        return false;
      }
      boolean ok = isLong(start + 1, cr);
      long ll = ok ? parseLong(start + 1, cr) : 0;
      if (!ok || ll > Integer.MAX_VALUE) {
        return fail("ERR Protocol error: invalid multibulk length");
      } else if (ll > UNAUTH_MAX_MULTIBULK && authRequired) {
        return fail("ERR Protocol error: unauthenticated multibulk length");
      }
      start = cr + 2;
      if (ll <= 0) {
        return true;
      }
      multibulkLen = (int) ll;
      argv = new byte[Math.min(multibulkLen, 1024)][];
      argc = 0;
    }
    while (multibulkLen > 0) {
      if (bulkLen == -1 && !bulkHeader(authRequired)) {
        return false;
      }
      if (end - start < bulkLen + 2) {
        return false;
      }
      if (argc == argv.length) {
        argv = java.util.Arrays.copyOf(argv, (int) Math.min(argc * 2L, argc + (long) multibulkLen));
      }
      argv[argc++] = java.util.Arrays.copyOfRange(buf, start, start + (int) bulkLen);
      start += (int) bulkLen + 2;
      bulkLen = -1;
      multibulkLen--;
    }
    return true;
  }

  /** Parses a {@code $n} line into bulkLen; false if it is incomplete or wrong (error set). */
  private boolean bulkHeader(boolean authRequired) {
    int cr = find((byte) '\r');
    if (cr < 0) {
      if (end - start > INLINE_MAX_SIZE) {
        fail("ERR Protocol error: too big bulk count string");
      }
      return false;
    }
    if (cr > end - 2) {
      return false;
    }
    if (buf[start] != '$') {
      char got = (char) (buf[start] & 0xff);
      if (got == '\r' || got == '\n') {
        got = ' '; // addReplyErrorFormat maps CR and LF to spaces
      }
      return fail("ERR Protocol error: expected '$', got '" + got + "'");
    }
    boolean ok = isLong(start + 1, cr);
    long ll = ok ? parseLong(start + 1, cr) : -1;
    if (!ok || ll < 0 || ll > protoMaxBulkLen) {
      return fail("ERR Protocol error: invalid bulk length");
    } else if (ll > UNAUTH_MAX_BULK && authRequired) {
      return fail("ERR Protocol error: unauthenticated bulk length");
    }
    start = cr + 2;
    bulkLen = ll;
    return true;
  }

  /** Redis: string2ll's verdict on buf[from, to). */
  private boolean isLong(int from, int to) {
    return RedisNumbers.isCanonicalLong(buf, from, to - from);
  }

  private long parseLong(int from, int to) {
    return RedisNumbers.parseCanonicalLong(buf, from, to - from);
  }

  @Override
  public String toString() {
    return "RequestReader[pending="
        + new String(buf, start, Math.min(end - start, 64), StandardCharsets.ISO_8859_1)
        + "]";
  }
}
