package dev.redstruct.bitfield;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.util.List;

/**
 * The Redis face of the bit commands over a caller's keys: {@code SETBIT GETBIT BITCOUNT BITPOS
 * BITOP BITFIELD BITFIELD_RO} given their argument byte strings exactly as a client sends them,
 * answered with the reply bytes Redis 7.0.15 would send (RESP2 or RESP3, as the writer speaks: a
 * BITFIELD write refused under FAIL is {@code _} in RESP3), error texts included. The one
 * implementation behind {@link BitmapKeyspace} and the keyspace module's strings.
 *
 * <p>Each command checks its arguments and looks its keys up in the order of src/bitops.c, so the
 * error a client sees when several things are wrong is Redis's; an error is thrown as {@code
 * ReplyError} (core's reply error, for the sibling modules' faces) before anything changes. The
 * caller has checked the arity ({@link #arity}). Not thread-safe.
 */
public final class BitmapCommands {
  /*
   * Implementation notes: one method per command, named after its bitops.c function. Redis's
   * signalModifiedKey calls are kept exactly: SETBIT and BITFIELD signal only when the string grew
   * (or was created) or a bit/field changed value, BITOP when it stored or deleted the target.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_BIT_VALUE = "ERR bit is not an integer or out of range";
  static final String ERR_BITPOS_BIT = "ERR The bit argument must be 1 or 0.";
  static final String ERR_OVERFLOW_TYPE = "ERR Invalid OVERFLOW type specified";
  static final String ERR_RO = "ERR BITFIELD_RO only supports the GET subcommand";
  static final String ERR_NOT_SINGLE = "ERR BITOP NOT must be called with a single source key.";

  /**
   * How the bit commands reach the string values of their keys; the owner of the keys implements it
   * (Redis: the lookups of src/db.c that bitops.c calls).
   */
  public interface Keys {
    /**
     * The string under the key as a bitmap, or null when the key does not exist. A read-only
     * command calls it and does not change the result. Redis: lookupKeyRead, then checkType.
     *
     * @param key the key
     * @return the bitmap or null
     * @throws RuntimeException core's {@code ReplyError} with Redis's WRONGTYPE text when the key
     *     holds another type
     */
    Bitmap read(byte[] key);

    /**
     * The bitmap a write edits in place: the key's string made private and raw, or a new empty
     * string stored under the key. Redis: lookupStringForBitCommand (the command grows it).
     *
     * @param key the key
     * @return the bitmap stored under the key
     * @throws RuntimeException core's {@code ReplyError} (WRONGTYPE) when the key holds another
     *     type
     */
    Bitmap write(byte[] key);

    /**
     * Stores a new value under the key, replacing any value of any type and removing its expire
     * time, and signals the modification. Redis: setKey (BITOP's target).
     *
     * @param key the key
     * @param value the bitmap, now owned by the keys
     */
    void store(byte[] key, Bitmap value);

    /**
     * Deletes the key. Redis: dbDelete.
     *
     * @param key the key
     * @return whether it existed
     */
    boolean delete(byte[] key);

    /**
     * Tells the owner that the command changed the key. Redis: signalModifiedKey.
     *
     * @param key the key
     */
    void modified(byte[] key);
  }

  private BitmapCommands() {}

  /**
   * The arity of a bit command (src/commands/*.json): {@code n} exactly, {@code -n} at least; 0 for
   * another name.
   *
   * @param name the command name in lower case
   * @return the arity or 0
   */
  public static int arity(String name) {
    return switch (name) {
      case "setbit" -> 4;
      case "getbit" -> 3;
      case "bitcount", "bitfield", "bitfield_ro" -> -2;
      case "bitpos" -> -3;
      case "bitop" -> -4;
      default -> 0;
    };
  }

  /**
   * Runs one bit command whose arity the caller has checked, and writes its reply.
   *
   * @param name the command name in lower case, one {@link #arity} knows
   * @param argv the command name and its arguments
   * @param keys the keys
   * @param out receives the reply
   * @throws RuntimeException core's {@code ReplyError} for Redis's error replies (nothing changed)
   * @throws IllegalArgumentException if {@code name} is not a bit command
   */
  public static void run(String name, byte[][] argv, Keys keys, RespWriter out) {
    switch (name) {
      case "setbit" -> setbit(argv, keys, out);
      case "getbit" -> getbit(argv, keys, out);
      case "bitcount" -> bitcount(argv, keys, out);
      case "bitpos" -> bitpos(argv, keys, out);
      case "bitop" -> bitop(argv, keys, out);
      case "bitfield" -> bitfield(argv, keys, out, false);
      case "bitfield_ro" -> bitfield(argv, keys, out, true);
      default -> throw new IllegalArgumentException("not a bit command: " + name);
    }
  }

  /** Redis: getBitOffsetFromArgument, src/bitops.c; hashBits > 0 admits the #N form. */
  static long bitOffset(byte[] arg, int hashBits) {
    boolean hash = hashBits > 0 && arg.length > 0 && arg[0] == '#';
    int off = hash ? 1 : 0;
    if (!RedisNumbers.isCanonicalLong(arg, off, arg.length - off)) {
      throw new ReplyError(Bitmap.ERR_BIT_OFFSET);
    }
    long v = RedisNumbers.parseCanonicalLong(arg, off, arg.length - off);
    long offset = hash ? v * hashBits : v;
    if (offset < 0 || offset > Bitmap.MAX_BIT_OFFSET) {
      throw new ReplyError(Bitmap.ERR_BIT_OFFSET);
    }
    return offset;
  }

  static long integer(byte[] arg, String error) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(error);
    }
    return RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
  }

  /** Redis: setbitCommand. */
  private static void setbit(byte[][] argv, Keys keys, RespWriter out) {
    long offset = bitOffset(argv[2], 0);
    long on = integer(argv[3], ERR_BIT_VALUE);
    if ((on & ~1L) != 0) {
      throw new ReplyError(ERR_BIT_VALUE);
    }
    Bitmap bm = keys.write(argv[1]);
    int before = bm.byteLength();
    boolean old = bm.setBit(offset, on == 1);
    if (bm.byteLength() != before || old != (on == 1)) {
      keys.modified(argv[1]);
    }
    out.integer(old ? 1 : 0);
  }

  /** Redis: getbitCommand. */
  private static void getbit(byte[][] argv, Keys keys, RespWriter out) {
    long offset = bitOffset(argv[2], 0);
    Bitmap bm = keys.read(argv[1]);
    out.integer(bm != null && bm.getBit(offset) ? 1 : 0);
  }

  /** Redis: bitcountCommand (7.0: a missing key answers 0 before the range is parsed). */
  private static void bitcount(byte[][] argv, Keys keys, RespWriter out) {
    Bitmap bm = keys.read(argv[1]);
    if (bm == null) {
      out.integer(0);
      return;
    }
    if (argv.length == 2) {
      out.integer(bm.bitCount());
      return;
    }
    if (argv.length != 4 && argv.length != 5) {
      throw new ReplyError(ERR_SYNTAX);
    }
    long start = integer(argv[2], ERR_NOT_INTEGER);
    long end = integer(argv[3], ERR_NOT_INTEGER);
    if (start < 0 && end < 0 && start > end) {
      out.integer(0); // before the unit is read, as in Redis
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
    throw new ReplyError(ERR_SYNTAX);
  }

  /** Redis: bitposCommand. */
  private static void bitpos(byte[][] argv, Keys keys, RespWriter out) {
    long bit = integer(argv[2], ERR_NOT_INTEGER);
    if (bit != 0 && bit != 1) {
      throw new ReplyError(ERR_BITPOS_BIT);
    }
    Bitmap bm = keys.read(argv[1]);
    if (bm == null) {
      out.integer(bit == 1 ? -1 : 0);
      return;
    }
    if (argv.length == 3) {
      out.integer(bm.bitPos(bit == 1));
      return;
    }
    if (argv.length > 6) {
      throw new ReplyError(ERR_SYNTAX);
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

  /** Redis: bitopCommand. The result is stored as a new string (raw), or the target deleted. */
  private static void bitop(byte[][] argv, Keys keys, RespWriter out) {
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
      throw new ReplyError(ERR_SYNTAX);
    }
    if (op == Bitmap.Op.NOT && argv.length != 4) {
      throw new ReplyError(ERR_NOT_SINGLE);
    }
    Bitmap[] sources = new Bitmap[argv.length - 3];
    for (int j = 0; j < sources.length; j++) {
      Bitmap bm = keys.read(argv[j + 3]);
      sources[j] = bm == null ? Bitmap.create() : bm;
    }
    Bitmap result = Bitmap.create();
    int len = Bitmap.bitOp(op, result, sources);
    if (len > 0) {
      keys.store(argv[2], result);
    } else if (keys.delete(argv[2])) {
      keys.modified(argv[2]);
    }
    out.integer(len);
  }

  /** Redis: bitfieldGeneric. */
  private static void bitfield(byte[][] argv, Keys keys, RespWriter out, boolean readOnly) {
    BitField f = parseBitField(argv);
    Bitmap bm;
    if (f.isReadOnly()) {
      bm = keys.read(argv[1]);
      if (bm == null) {
        bm = Bitmap.create();
      }
    } else {
      if (readOnly) {
        throw new ReplyError(ERR_RO);
      }
      bm = keys.write(argv[1]);
    }
    int[] changes = new int[1];
    List<Long> replies = f.run(bm, changes);
    if (changes[0] > 0) {
      keys.modified(argv[1]);
    }
    out.arrayHeader(replies.size());
    for (Long r : replies) {
      if (r == null) {
        out.nullReply();
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
        throw new ReplyError(ERR_SYNTAX);
      }
      BitFieldType type = BitFieldType.parseOrNull(argv[j + 1]);
      if (type == null) {
        throw new ReplyError(BitFieldType.ERR_TYPE);
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
    throw new ReplyError(ERR_OVERFLOW_TYPE);
  }
}
