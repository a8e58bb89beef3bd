package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * BitmapCommands over its Keys: which commands signal a key as modified (Redis's signalModifiedKey
 * calls in src/bitops.c, 7.0.15: SETBIT when the string grew or the bit changed, BITFIELD when a
 * write that was not refused under FAIL ran on a grown string or changed its field, BITOP on
 * storing or deleting its target; checked against the server through WATCH in the keyspace module's
 * StringCommandsRedisIT), and the RESP3 null of a refused BITFIELD write (BITFIELD bf OVERFLOW FAIL
 * INCRBY u2 0 9 after HELLO 3 replies {@code *1 _}, probed on 7.0.15).
 */
class BitmapCommandsTest {
  private final Map<ByteBuffer, Bitmap> map = new HashMap<>();
  private final List<String> modified = new ArrayList<>();

  private final BitmapCommands.Keys keys =
      new BitmapCommands.Keys() {
        @Override
        public Bitmap read(byte[] key) {
          return map.get(ByteBuffer.wrap(key));
        }

        @Override
        public Bitmap write(byte[] key) {
          return map.computeIfAbsent(ByteBuffer.wrap(key.clone()), k -> Bitmap.create());
        }

        @Override
        public void store(byte[] key, Bitmap value) {
          map.put(ByteBuffer.wrap(key.clone()), value);
          modified(key);
        }

        @Override
        public boolean delete(byte[] key) {
          return map.remove(ByteBuffer.wrap(key)) != null;
        }

        @Override
        public void modified(byte[] key) {
          modified.add(new String(key, StandardCharsets.ISO_8859_1));
        }
      };

  private String run(int protocol, String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    RespWriter out = new RespWriter(protocol);
    try {
      BitmapCommands.run(args[0].toLowerCase(), argv, keys, out);
    } catch (ReplyError e) {
      return "-" + e.getMessage();
    }
    return new String(out.toByteArray(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void setbitSignalsOnlyAChangeOrGrowth() {
    run(2, "SETBIT", "k", "7", "1"); // creates: signal
    run(2, "SETBIT", "k", "7", "1"); // same bit: none
    run(2, "SETBIT", "k", "6", "0"); // same bit: none
    run(2, "SETBIT", "k", "6", "1"); // changed: signal
    run(2, "SETBIT", "k", "100", "0"); // grew: signal
    assertEquals(List.of("k", "k", "k"), modified);
  }

  @Test
  void bitfieldRefusedWritesDoNotSignalEvenWhenTheStringGrew() {
    assertEquals(
        "*1\r\n$-1\r\n", run(2, "BITFIELD", "k", "OVERFLOW", "FAIL", "SET", "u2", "0", "9"));
    assertEquals(1, map.get(ByteBuffer.wrap("k".getBytes())).byteLength(), "grown all the same");
    assertEquals(List.of(), modified);
    assertEquals(
        "*1\r\n_\r\n", run(3, "BITFIELD", "k", "OVERFLOW", "FAIL", "INCRBY", "u2", "0", "9"));
    run(2, "BITFIELD", "k", "INCRBY", "u8", "0", "256"); // wraps to the same value: none
    assertEquals(List.of(), modified);
    run(2, "BITFIELD", "k", "INCRBY", "u8", "8", "0"); // grew: signal
    run(2, "BITFIELD", "k", "SET", "u8", "0", "5"); // changed: signal
    assertEquals(List.of("k", "k"), modified);
  }

  @Test
  void bitopSignalsStoreAndDelete() {
    run(2, "BITOP", "OR", "d", "nosuch"); // empty result, no target: nothing
    assertEquals(List.of(), modified);
    run(2, "SETBIT", "a", "0", "1");
    run(2, "BITOP", "NOT", "d", "a");
    run(2, "BITOP", "AND", "d", "nosuch"); // empty result deletes d: signal
    assertEquals(List.of("a", "d", "d"), modified);
  }
}
