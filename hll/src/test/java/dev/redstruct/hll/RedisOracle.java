package dev.redstruct.hll;

import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The testkit client seen as plain Java values, so the differential IT can compare replies with our
 * results by {@code equals}: Long (integer), byte[] (bulk), String (status), {@link Err}, null,
 * List.
 */
final class RedisOracle {
  /** An error reply. */
  record Err(String message) {}

  private final RespClient client;

  RedisOracle(RespClient client) {
    this.client = client;
  }

  Object call(Object... args) {
    return plain(client.call(bytes(args)));
  }

  List<Object> pipeline(List<Object[]> commands) {
    List<byte[][]> raw = new ArrayList<>(commands.size());
    for (Object[] c : commands) {
      raw.add(bytes(c));
    }
    List<Object> out = new ArrayList<>(commands.size());
    for (RespReply r : client.pipeline(raw)) {
      out.add(plain(r));
    }
    return out;
  }

  private static byte[][] bytes(Object[] args) {
    byte[][] out = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      out[i] =
          args[i] instanceof byte[] b ? b : args[i].toString().getBytes(StandardCharsets.UTF_8);
    }
    return out;
  }

  private static Object plain(RespReply r) {
    if (r instanceof RespReply.Int i) {
      return i.value();
    } else if (r instanceof RespReply.Bulk b) {
      return b.value();
    } else if (r instanceof RespReply.Simple s) {
      return s.value();
    } else if (r instanceof RespReply.Error e) {
      return new Err(e.message());
    } else if (r instanceof RespReply.Array a) {
      List<Object> list = new ArrayList<>();
      for (RespReply x : a.elements()) {
        list.add(plain(x));
      }
      return list;
    }
    return null;
  }
}
