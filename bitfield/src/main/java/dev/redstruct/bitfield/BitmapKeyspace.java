package dev.redstruct.bitfield;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A tiny Redis: a keyspace of string values that executes {@code SETBIT}, {@code GETBIT}, {@code
 * BITCOUNT}, {@code BITPOS}, {@code BITOP}, {@code BITFIELD}, {@code BITFIELD_RO}, {@code GET},
 * {@code SET key value}, {@code STRLEN} and {@code DEL} given their argument byte strings exactly
 * as a client sends them, and answers with the RESP2 reply bytes Redis 7.0.15 would send, including
 * its error texts. It exists so that the bitmap code can be compared reply for reply with a real
 * server, and as a reference for how each command maps onto {@link Bitmap}.
 *
 * <p>Limits: only strings are modelled (no {@code WRONGTYPE}); {@code SET} takes no options (any
 * extra argument is a syntax error here); no expiry, no other commands (they get Redis's
 * unknown-command error, byte for byte, where Redis would run them, or answer for a container
 * command such as {@code CONFIG} with its unknown-subcommand error).
 *
 * <p>Null arguments are rejected with a {@link NullPointerException} naming the parameter. Thread
 * safety: not thread-safe (write commands change the key map and the bitmaps in place); confine a
 * keyspace to one thread or synchronise externally. {@link #get(byte[])} returns the live bitmap,
 * which is subject to the same rule.
 */
public final class BitmapKeyspace {
  /*
   * Implementation notes: each command method follows the order in which the Redis command
   * checks its arguments (src/bitops.c, src/t_string.c, arity from src/commands/*.json), because
   * that order decides which error a client sees when several arguments are wrong; the bit
   * commands themselves are BitmapCommands (the same code the keyspace module runs), over this
   * map. Keys are held as ByteBuffers over private copies so that equal bytes are equal keys.
   * Invariant I1: no key maps to an empty Bitmap created by BITOP (Redis deletes the key).
   */
  static final String ERR_SYNTAX = BitmapCommands.ERR_SYNTAX;

  /** The {@code %.128s} and 128-byte list limits of Redis's unknown-command error. */
  static final int UNKNOWN_COMMAND_CAP = 128;

  private final Map<ByteBuffer, Bitmap> map = new HashMap<>();

  /** The map seen by {@link BitmapCommands}: one type, so no WRONGTYPE; no WATCH to signal. */
  private final BitmapCommands.Keys keys =
      new BitmapCommands.Keys() {
        @Override
        public Bitmap read(byte[] key) {
          return lookup(key);
        }

        @Override
        public Bitmap write(byte[] key) {
          return map.computeIfAbsent(ByteBuffer.wrap(key.clone()), k -> Bitmap.create());
        }

        @Override
        public void store(byte[] key, Bitmap value) {
          map.put(ByteBuffer.wrap(key.clone()), value);
        }

        @Override
        public boolean delete(byte[] key) {
          return map.remove(ByteBuffer.wrap(key)) != null;
        }

        @Override
        public void modified(byte[] key) {}
      };

  private BitmapKeyspace() {}

  /**
   * Returns an empty keyspace.
   *
   * @return a new keyspace
   */
  public static BitmapKeyspace create() {
    return new BitmapKeyspace();
  }

  /**
   * Returns the value of a key (the live bitmap, not a copy), or null if the key is missing.
   *
   * @param key the key
   * @return the bitmap or null
   */
  public Bitmap get(byte[] key) {
    Objects.requireNonNull(key, "key");
    return map.get(ByteBuffer.wrap(key));
  }

  /**
   * Returns the number of keys.
   *
   * @return the number of keys
   */
  public int size() {
    return map.size();
  }

  /**
   * Executes one command and returns its RESP2 reply, e.g. {@code ":1\r\n"} or {@code "-ERR syntax
   * error\r\n"}. The reply to a missing value is the null bulk string {@code "$-1\r\n"}, in
   * BITFIELD's array as well. An empty command (no name) gets no reply at all, an empty array,
   * because Redis skips an empty multibulk request ({@code *0\r\n}) without answering.
   *
   * @param argv the command name and its arguments
   * @return the reply bytes
   */
  public byte[] execute(byte[]... argv) {
    Objects.requireNonNull(argv, "argv");
    for (byte[] a : argv) {
      Objects.requireNonNull(a, "argv[i]");
    }
    if (argv.length == 0) {
      return new byte[0];
    }
    RespWriter out = new RespWriter();
    try {
      dispatch(argv, out);
    } catch (IllegalArgumentException | ReplyError e) {
      return new RespWriter().error(e.getMessage()).toByteArray();
    }
    return out.toByteArray();
  }

  private void dispatch(byte[][] argv, RespWriter out) {
    String name = new String(argv[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int arity =
        switch (name) {
          case "setbit" -> 4;
          case "getbit" -> 3;
          case "get", "strlen" -> 2;
          case "bitcount", "bitfield", "bitfield_ro", "del" -> -2;
          case "bitpos", "set" -> -3;
          case "bitop" -> -4;
          default -> 0;
        };
    if (arity == 0) {
      throw unknownCommand(argv);
    }
    if ((arity > 0 && argv.length != arity) || (arity < 0 && argv.length < -arity)) {
      throw new IllegalArgumentException(
          "ERR wrong number of arguments for '" + name + "' command");
    }
    switch (name) {
      case "get" -> get(argv, out);
      case "set" -> set(argv, out);
      case "strlen" -> out.integer(lookup(argv[1]) == null ? 0 : lookup(argv[1]).byteLength());
      case "del" -> del(argv, out);
      default -> BitmapCommands.run(name, argv, keys, out);
    }
  }

  /**
   * Redis's error for a command name it does not know. The name and each argument are printed as C
   * strings, so each ends at its first NUL byte; the name keeps at most 128 bytes; arguments are
   * appended while the list is shorter than 128 bytes, each cut to what is left of those 128 (so
   * the list may end up to 3 bytes longer, for the quotes and the space); finally every CR and LF
   * becomes a space, so the reply stays one RESP line. Redis: commandCheckExistence, src/server.c
   * (the non-container branch; container commands such as CONFIG are not modelled here).
   */
  static IllegalArgumentException unknownCommand(byte[][] argv) {
    StringBuilder sb = new StringBuilder("ERR unknown command '");
    appendCString(sb, argv[0], UNKNOWN_COMMAND_CAP);
    sb.append("', with args beginning with: ");
    int listStart = sb.length();
    for (int i = 1; i < argv.length && sb.length() - listStart < UNKNOWN_COMMAND_CAP; i++) {
      int room = UNKNOWN_COMMAND_CAP - (sb.length() - listStart);
      sb.append('\'');
      appendCString(sb, argv[i], room);
      sb.append("' ");
    }
    for (int i = 0; i < sb.length(); i++) {
      char c = sb.charAt(i);
      if (c == '\r' || c == '\n') {
        sb.setCharAt(i, ' ');
      }
    }
    return new IllegalArgumentException(sb.toString());
  }

  /** Appends arg as printf's {@code %.*s} would: up to its first NUL, at most max bytes. */
  private static void appendCString(StringBuilder sb, byte[] arg, int max) {
    for (int i = 0; i < arg.length && i < max && arg[i] != 0; i++) {
      sb.append((char) (arg[i] & 0xff));
    }
  }

  private Bitmap lookup(byte[] key) {
    return map.get(ByteBuffer.wrap(key));
  }

  private void get(byte[][] argv, RespWriter out) {
    Bitmap bm = lookup(argv[1]);
    if (bm == null) {
      out.nullBulk();
    } else {
      byte[] v = bm.toByteArray();
      out.bulk(v, v.length);
    }
  }

  private void set(byte[][] argv, RespWriter out) {
    if (argv.length != 3) {
      throw new IllegalArgumentException(ERR_SYNTAX);
    }
    map.put(ByteBuffer.wrap(argv[1].clone()), Bitmap.copyOf(argv[2]));
    out.simple("OK");
  }

  private void del(byte[][] argv, RespWriter out) {
    int n = 0;
    for (int j = 1; j < argv.length; j++) {
      n += map.remove(ByteBuffer.wrap(argv[j])) != null ? 1 : 0;
    }
    out.integer(n);
  }
}
