package dev.redstruct.testkit;

/**
 * LZF decompression with every read and write bounds-checked (Redis: {@code lzf_decompress},
 * src/lzf_d.c, built there with input checking on).
 *
 * <p>Format: a sequence of items, each starting with a control byte {@code ctrl}.
 *
 * <pre>
 *   000LLLLL  &lt;L+1 literal bytes&gt;                 literal run of 1..32 bytes
 *   LLLooooo  oooooooo                          back reference, L in 1..6: copy L+2 bytes
 *   111ooooo  LLLLLLLL  oooooooo                back reference, copy 7+L+2 bytes (9..264)
 * </pre>
 *
 * The 13-bit offset {@code o} counts back from the output position: the copy starts at {@code out -
 * o - 1} and may overlap the bytes it produces (that is how runs are encoded). Example from a real
 * {@code DUMP} of 1000 {@code 'a'}s: {@code 01 61 61} is a literal "aa", {@code e0 ff 00} copies
 * 7+255+2 = 264 bytes from one byte back.
 */
final class Lzf {
  private Lzf() {}

  /**
   * Decompresses {@code in[off, off+len)} into exactly {@code outLen} bytes.
   *
   * @throws IllegalArgumentException if the input is malformed, reaches outside its range or before
   *     the start of the output, or does not produce exactly {@code outLen} bytes
   */
  static byte[] decompress(byte[] in, int off, int len, int outLen) {
    if (outLen < 0) {
      throw new IllegalArgumentException("LZF: negative output length " + outLen);
    }
    byte[] out = new byte[outLen];
    int ip = off;
    int end = off + len;
    int op = 0;
    while (ip < end) {
      int ctrl = in[ip++] & 0xff;
      if (ctrl < 32) {
        int run = ctrl + 1;
        check(op + run <= outLen, "literal run overflows output", ip - 1 - off);
        check(ip + run <= end, "literal run overruns input", ip - 1 - off);
        System.arraycopy(in, ip, out, op, run);
        ip += run;
        op += run;
      } else {
        int n = ctrl >>> 5;
        int ref = op - ((ctrl & 0x1f) << 8) - 1;
        if (n == 7) {
          check(ip < end, "truncated back reference", ip - 1 - off);
          n += in[ip++] & 0xff;
        }
        check(ip < end, "truncated back reference", ip - 1 - off);
        ref -= in[ip++] & 0xff;
        n += 2;
        check(op + n <= outLen, "back reference overflows output", ip - off);
        check(ref >= 0, "back reference before start of output", ip - off);
        for (int i = 0; i < n; i++) {
          out[op++] = out[ref++]; // byte by byte: source and destination may overlap
        }
      }
    }
    check(op == outLen, "produced " + op + " bytes, expected " + outLen, len);
    return out;
  }

  private static void check(boolean ok, String reason, int offset) {
    if (!ok) {
      throw new IllegalArgumentException("LZF: " + reason + " at input offset " + offset);
    }
  }
}
