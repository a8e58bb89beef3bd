package dev.redstruct.quicklist;

import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the RESP2 bytes {@link ListCommands#execute} returns into testkit's reply values (as
 * bitfield's test does).
 */
final class RespParser {
  private final byte[] in;
  private int pos;

  private RespParser(byte[] in) {
    this.in = in;
  }

  static RespReply parse(byte[] resp) {
    RespParser p = new RespParser(resp);
    RespReply r = p.read();
    if (p.pos != resp.length) {
      throw new IllegalStateException("trailing bytes after a reply");
    }
    return r;
  }

  private RespReply read() {
    byte type = in[pos++];
    String line = line();
    switch (type) {
      case '+':
        return new RespReply.Simple(line);
      case '-':
        return new RespReply.Error(line);
      case ':':
        return new RespReply.Int(Long.parseLong(line));
      case '$':
        {
          int n = Integer.parseInt(line);
          if (n < 0) {
            return RespReply.Null.INSTANCE;
          }
          byte[] v = Arrays.copyOfRange(in, pos, pos + n);
          pos += n + 2;
          return new RespReply.Bulk(v);
        }
      case '*':
        {
          int n = Integer.parseInt(line);
          if (n < 0) {
            return RespReply.Null.INSTANCE;
          }
          List<RespReply> items = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            items.add(read());
          }
          return new RespReply.Array(items);
        }
      default:
        throw new IllegalStateException("bad RESP type byte " + type);
    }
  }

  private String line() {
    int start = pos;
    while (in[pos] != '\r') {
      pos++;
    }
    String s = new String(in, start, pos - start, StandardCharsets.ISO_8859_1);
    pos += 2;
    return s;
  }
}
