package dev.redstruct.bitfield;

import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.RespWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
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
   * that order decides which error a client sees when several arguments are wrong. Keys are held
   * as ByteBuffers over private copies so that equal bytes are equal keys.
   * Invariant I1: no key maps to an empty Bitmap created by BITOP (Redis deletes the key).
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_BIT_VALUE = "ERR bit is not an integer or out of range";
  static final String ERR_BITPOS_BIT = "ERR The bit argument must be 1 or 0.";
  static final String ERR_OVERFLOW_TYPE = "ERR Invalid OVERFLOW type specified";
  static final String ERR_RO = "ERR BITFIELD_RO only supports the GET subcommand";
  static final String ERR_NOT_SINGLE = "ERR BITOP NOT must be called with a single source key.";

  /** The {@code %.128s} and 128-byte list limits of Redis's unknown-command error. */
  static final int UNKNOWN_COMMAND_CAP = 128;

  private final Map<ByteBuffer, Bitmap> keys = new HashMap<>();

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
    return keys.get(ByteBuffer.wrap(key));
  }

  /**
   * Returns the number of keys.
   *
   * @return the number of keys
   */
  public int size() {
    return keys.size();
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
    } catch (IllegalArgumentException e) {
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
      case "setbit" -> setbit(argv, out);
      case "getbit" -> getbit(argv, out);
      case "bitcount" -> bitcount(argv, out);
      case "bitpos" -> bitpos(argv, out);
      case "bitop" -> bitop(argv, out);
      case "bitfield" -> bitfield(argv, out, false);
      case "bitfield_ro" -> bitfield(argv, out, true);
      case "get" -> get(argv, out);
      case "set" -> set(argv, out);
      case "strlen" -> out.integer(lookup(argv[1]) == null ? 0 : lookup(argv[1]).byteLength());
      default -> del(argv, out);
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
    return keys.get(ByteBuffer.wrap(key));
  }

  private Bitmap lookupOrCreate(byte[] key) {
    return keys.computeIfAbsent(ByteBuffer.wrap(key.clone()), k -> Bitmap.create());
  }

  /** Redis: getBitOffsetFromArgument, src/bitops.c; hashBits > 0 admits the #N form. */
  static long bitOffset(byte[] arg, int hashBits) {
    boolean hash = hashBits > 0 && arg.length > 0 && arg[0] == '#';
    Long v = hash ? Args.parseLong(arg, 1, arg.length - 1) : Args.parseLong(arg);
    if (v == null) {
      throw new IllegalArgumentException(Bitmap.ERR_BIT_OFFSET);
    }
    long offset = hash ? v * hashBits : v;
    Bitmap.checkOffset(offset);
    return offset;
  }

  static long integer(byte[] arg, String error) {
    Long v = Args.parseLong(arg);
    if (v == null) {
      throw new IllegalArgumentException(error);
    }
    return v;
  }

  private void setbit(byte[][] argv, RespWriter out) {
    long offset = bitOffset(argv[2], 0);
    long on = integer(argv[3], ERR_BIT_VALUE);
    if ((on & ~1L) != 0) {
      throw new IllegalArgumentException(ERR_BIT_VALUE);
    }
    out.integer(lookupOrCreate(argv[1]).setBit(offset, on == 1) ? 1 : 0);
  }

  private void getbit(byte[][] argv, RespWriter out) {
    long offset = bitOffset(argv[2], 0);
    Bitmap bm = lookup(argv[1]);
    out.integer(bm != null && bm.getBit(offset) ? 1 : 0);
  }

  private void bitcount(byte[][] argv, RespWriter out) {
    Bitmap bm = lookup(argv[1]);
    if (bm == null) {
      out.integer(0);
      return;
    }
    if (argv.length == 2) {
      out.integer(bm.bitCount());
      return;
    }
    if (argv.length != 4 && argv.length != 5) {
      throw new IllegalArgumentException(ERR_SYNTAX);
    }
    long start = integer(argv[2], ERR_NOT_INTEGER);
    long end = integer(argv[3], ERR_NOT_INTEGER);
    if (start < 0 && end < 0 && start > end) {
      out.integer(0);
      return;
    }
    out.integer(bm.bitCount(start, end, argv.length == 5 ? unit(argv[4]) : Bitmap.Unit.BYTE));
  }

  private static Bitmap.Unit unit(byte[] arg) {
    if (RedisWords.is(arg, "bit")) {
      return Bitmap.Unit.BIT;
    }
    if (RedisWords.is(arg, "byte")) {
      return Bitmap.Unit.BYTE;
    }
    throw new IllegalArgumentException(ERR_SYNTAX);
  }

  private void bitpos(byte[][] argv, RespWriter out) {
    long bit = integer(argv[2], ERR_NOT_INTEGER);
    if (bit != 0 && bit != 1) {
      throw new IllegalArgumentException(ERR_BITPOS_BIT);
    }
    Bitmap bm = lookup(argv[1]);
    if (bm == null) {
      out.integer(bit == 1 ? -1 : 0);
      return;
    }
    if (argv.length == 3) {
      out.integer(bm.bitPos(bit == 1));
      return;
    }
    if (argv.length > 6) {
      throw new IllegalArgumentException(ERR_SYNTAX);
    }
    long start = integer(argv[3], ERR_NOT_INTEGER);
    Bitmap.Unit unit = argv.length == 6 ? unit(argv[5]) : Bitmap.Unit.BYTE;
    if (argv.length == 4) {
      out.integer(bm.bitPosFromByte(bit == 1, start));
      return;
    }
    long end = integer(argv[4], ERR_NOT_INTEGER);
    out.integer(bm.bitPos(bit == 1, start, end, unit));
  }

  private void bitop(byte[][] argv, RespWriter out) {
    Bitmap.Op op;
    if (RedisWords.is(argv[1], "and")) {
      op = Bitmap.Op.AND;
    } else if (RedisWords.is(argv[1], "or")) {
      op = Bitmap.Op.OR;
    } else if (RedisWords.is(argv[1], "xor")) {
      op = Bitmap.Op.XOR;
    } else if (RedisWords.is(argv[1], "not")) {
      op = Bitmap.Op.NOT;
    } else {
      throw new IllegalArgumentException(ERR_SYNTAX);
    }
    if (op == Bitmap.Op.NOT && argv.length != 4) {
      throw new IllegalArgumentException(ERR_NOT_SINGLE);
    }
    Bitmap[] sources = new Bitmap[argv.length - 3];
    for (int j = 0; j < sources.length; j++) {
      Bitmap bm = lookup(argv[j + 3]);
      sources[j] = bm == null ? Bitmap.create() : bm;
    }
    Bitmap result = Bitmap.create();
    int len = Bitmap.bitOp(op, result, sources);
    if (len == 0) {
      keys.remove(ByteBuffer.wrap(argv[2]));
    } else {
      keys.put(ByteBuffer.wrap(argv[2].clone()), result);
    }
    out.integer(len);
  }

  private void bitfield(byte[][] argv, RespWriter out, boolean readOnly) {
    BitField f = parseBitField(argv);
    Bitmap bm;
    if (f.isReadOnly()) {
      bm = lookup(argv[1]);
      if (bm == null) {
        bm = Bitmap.create();
      }
    } else {
      if (readOnly) {
        throw new IllegalArgumentException(ERR_RO);
      }
      bm = lookupOrCreate(argv[1]);
    }
    List<Long> replies = f.run(bm);
    out.arrayHeader(replies.size());
    for (Long r : replies) {
      if (r == null) {
        out.nullBulk();
      } else {
        out.integer(r);
      }
    }
  }

  /** Redis: the parsing loop of bitfieldGeneric, src/bitops.c. */
  static BitField parseBitField(byte[][] argv) {
    BitField f = BitField.create();
    for (int j = 2; j < argv.length; j++) {
      int remaining = argv.length - j - 1;
      byte[] sub = argv[j];
      byte opcode;
      if (RedisWords.is(sub, "get") && remaining >= 2) {
        opcode = BitField.GET;
      } else if (RedisWords.is(sub, "set") && remaining >= 3) {
        opcode = BitField.SET;
      } else if (RedisWords.is(sub, "incrby") && remaining >= 3) {
        opcode = BitField.INCRBY;
      } else if (RedisWords.is(sub, "overflow") && remaining >= 1) {
        f.overflow(overflow(argv[++j]));
        continue;
      } else {
        throw new IllegalArgumentException(ERR_SYNTAX);
      }
      BitFieldType type = BitFieldType.parseOrNull(argv[j + 1]);
      if (type == null) {
        throw new IllegalArgumentException(BitFieldType.ERR_TYPE);
      }
      long offset = bitOffset(argv[j + 2], type.bits());
      long arg = opcode == BitField.GET ? 0 : integer(argv[j + 3], ERR_NOT_INTEGER);
      f.add(opcode, type, offset, arg);
      j += opcode == BitField.GET ? 2 : 3;
    }
    return f;
  }

  // a keyword table like unit(): alike in shape only (other keywords, other enum, other error)
  private static Bitmap.Overflow overflow(byte[] arg) {
    if (RedisWords.is(arg, "wrap")) {
      return Bitmap.Overflow.WRAP;
    }
    if (RedisWords.is(arg, "sat")) {
      return Bitmap.Overflow.SAT;
    }
    if (RedisWords.is(arg, "fail")) {
      return Bitmap.Overflow.FAIL;
    }
    throw new IllegalArgumentException(ERR_OVERFLOW_TYPE);
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
    keys.put(ByteBuffer.wrap(argv[1].clone()), Bitmap.copyOf(argv[2]));
    out.simple("OK");
  }

  private void del(byte[][] argv, RespWriter out) {
    int n = 0;
    for (int j = 1; j < argv.length; j++) {
      n += keys.remove(ByteBuffer.wrap(argv[j])) != null ? 1 : 0;
    }
    out.integer(n);
  }
}
