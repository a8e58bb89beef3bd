package dev.redstruct.rdb;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads an RDB file (as {@code SAVE}/{@code BGSAVE} of Redis 1.0 to 7.0.15 write it, versions 1 to
 * 10) as a stream of keys, one {@link Entry} at a time, holding only the current value in memory
 * (Redis: {@code rdbLoadRioWithLoadingCtx} and {@code rdbLoadObject}, src/rdb.c).
 *
 * <pre>
 *   "REDIS" 4 digits              header, e.g. REDIS0010
 *   FA key value                  AUX field (collected in {@link #auxFields()})
 *   FE db                         SELECTDB
 *   FB size expires               RESIZEDB (a hint; ignored)
 *   FC 8 bytes LE | FD 4 bytes LE expiry of the next key, in ms | s (both signed)
 *   F8 idle | F9 freq             LRU/LFU hints of the next key (ignored)
 *   F7 module aux | F5 function   skipped and counted (a library's metadata line is checked)
 *   type key value                a key
 *   FF crc64 (8 bytes LE)         end; a stored 0 means "not computed"
 * </pre>
 *
 * <p>Values of the types {@link RedisPayloads} models come back decoded; every other type (streams,
 * module values of type 7) is walked to its end and returned as {@link RedisValue.Unmodelled},
 * never mis-read. Keys whose value holds no element are skipped as Redis skips them at load time
 * and listed in {@link #skippedEmptyKeys()}. A problem inside a value is reported at the file
 * offset where the value starts, with the decoder's reason. The input is untrusted: anything
 * malformed, truncated or failing the checksum throws {@link CorruptEncodingException} and nothing
 * else; no length field is trusted for an allocation. I/O failures throw {@link
 * UncheckedIOException}. Not thread-safe; {@link #close()} closes the stream.
 */
public final class RdbFileReader implements AutoCloseable {
  private static final int OP_FUNCTION2 = 0xf5;
  private static final int OP_FUNCTION = 0xf6;
  private static final int OP_MODULE_AUX = 0xf7;
  private static final int OP_IDLE = 0xf8;
  private static final int OP_FREQ = 0xf9;
  private static final int OP_AUX = 0xfa;
  private static final int OP_RESIZEDB = 0xfb;
  private static final int OP_EXPIRETIME_MS = 0xfc;
  private static final int OP_EXPIRETIME = 0xfd;
  private static final int OP_SELECTDB = 0xfe;
  private static final int OP_EOF = 0xff;

  private final InputStream stream;
  private final RdbInput in;
  private final int version;
  private final Map<String, String> aux = new LinkedHashMap<>();
  private final LoadLimits limits;
  private int db;
  private boolean done;
  private long skippedAuxiliary;
  private final List<SkippedKey> skippedEmptyKeys = new ArrayList<>();

  /**
   * One key of the file.
   *
   * @param db the database number ({@code SELECTDB}), 0 before any
   * @param key the key's bytes (owned by the entry)
   * @param expireAtMs the absolute expiry in Unix milliseconds, or -1 for none. Signed, as Redis
   *     reads it: {@code FD} holds signed 32-bit seconds and {@code FC} signed 64-bit milliseconds,
   *     so an expiry may lie before 1970 (Redis drops such a key on load, see {@link
   *     #isExpiredAt}); an {@code FC} of -1 is "none" to Redis too
   * @param value the value
   */
  public record Entry(int db, byte[] key, long expireAtMs, RedisValue value) {
    /**
     * Returns whether Redis drops this key when it loads the file at {@code nowMs}: it has an
     * expiry and that is before {@code nowMs} (Redis: the expired-on-load check of {@code
     * rdbLoadRioWithLoadingCtx}, done by a master).
     *
     * @param nowMs the time of loading, in Unix milliseconds
     * @return true if the key is already expired
     */
    public boolean isExpiredAt(long nowMs) {
      return expireAtMs != -1 && expireAtMs < nowMs;
    }
  }

  /**
   * A key Redis skips when it loads the file because its value holds no element (Redis: {@code
   * rdbLoadObject} returns {@code RDB_LOAD_ERR_EMPTY_KEY}, and the loader logs "rdbLoadObject
   * skipping empty key").
   *
   * @param db the database number
   * @param key the key's bytes (owned by the record)
   * @param rdbType the value's RDB type
   * @param offset the file offset of the key's type byte
   */
  public record SkippedKey(int db, byte[] key, int rdbType, long offset) {}

  private RdbFileReader(InputStream stream, LoadLimits limits) {
    this.stream = stream;
    this.limits = limits;
    this.in = new RdbInput(stream);
    this.version = header();
  }

  /**
   * Starts reading a file: checks the 9-byte header. The stream is read as needed, buffered.
   *
   * @param in the file's bytes from the beginning
   * @return the reader
   * @throws CorruptEncodingException if the header is not {@code REDIS} and a version 1..10
   */
  public static RdbFileReader open(InputStream in) {
    return open(in, LoadLimits.DEFAULTS);
  }

  /**
   * Starts reading a file as {@link #open(InputStream)} does; its values are built with {@code
   * limits}, as Redis builds them with its configured encoding directives.
   *
   * @param in the file's bytes from the beginning
   * @param limits the encoding directives the values get
   * @return the reader
   * @throws CorruptEncodingException if the header is not {@code REDIS} and a version 1..10
   */
  public static RdbFileReader open(InputStream in, LoadLimits limits) {
    return new RdbFileReader(
        Objects.requireNonNull(in, "in"), Objects.requireNonNull(limits, "limits"));
  }

  /** Redis: the signature and version check of rdbLoadRioWithLoadingCtx. */
  private int header() {
    byte[] h = new byte[9];
    for (int i = 0; i < 9; i++) {
      h[i] = (byte) in.u8();
    }
    String text = new String(h, StandardCharsets.ISO_8859_1);
    if (!text.startsWith("REDIS") || !text.substring(5).chars().allMatch(Character::isDigit)) {
      throw new CorruptEncodingException(RdbInput.FORMAT, 0, "bad signature", h);
    }
    int v = Integer.parseInt(text.substring(5));
    if (v < 1 || !RdbPayload.loadsVersion(v)) {
      throw new CorruptEncodingException(RdbInput.FORMAT, 5, "RDB version " + v, h);
    }
    return v;
  }

  /**
   * Returns the RDB version from the header.
   *
   * @return 1..10
   */
  public int version() {
    return version;
  }

  /**
   * Returns the AUX fields read so far (all of them once {@link #next()} returned null), decoded as
   * UTF-8, in file order.
   *
   * @return an unmodifiable view
   */
  public Map<String, String> auxFields() {
    return Collections.unmodifiableMap(aux);
  }

  /**
   * Returns how many module AUX records and function libraries were skipped so far.
   *
   * @return the count
   */
  public long skippedAuxiliary() {
    return skippedAuxiliary;
  }

  /**
   * Returns the keys skipped so far because their value is empty, in file order (all of them once
   * {@link #next()} returned null). The list grows with the file: one record per skipped key.
   *
   * @return an unmodifiable view
   */
  public List<SkippedKey> skippedEmptyKeys() {
    return Collections.unmodifiableList(skippedEmptyKeys);
  }

  /**
   * Reads the next key; at the end of the file verifies the checksum and returns null.
   *
   * @return the entry, or null after the EOF opcode
   * @throws CorruptEncodingException if the file is malformed
   */
  public Entry next() {
    long expire = -1;
    while (!done) {
      long at = in.offset();
      int op = in.u8();
      switch (op) {
        case OP_EXPIRETIME -> expire = (int) in.littleEndian(4) * 1000L; // rdbLoadTime: int32_t
        case OP_EXPIRETIME_MS -> expire = in.littleEndian(8);
        case OP_FREQ -> in.u8();
        case OP_IDLE -> in.length();
        case OP_EOF -> checksum();
        case OP_SELECTDB -> db = database(at);
        case OP_RESIZEDB -> {
          in.length();
          in.length();
        }
        case OP_AUX -> aux.put(utf8(string()), utf8(string()));
        case OP_MODULE_AUX -> moduleAux(at);
        case OP_FUNCTION2 -> functionLibrary(at);
        case OP_FUNCTION -> throw in.corrupt(at, "pre-release function opcode 246");
        default -> {
          byte[] key = string();
          RedisValue value = value(op, at, key);
          if (value != null) {
            return new Entry(db, key, expire, value);
          }
          skippedEmptyKeys.add(new SkippedKey(db, key, op, at));
          expire = -1; // the loader resets the key's state, skipped or not
        }
      }
    }
    return null;
  }

  private int database(long at) {
    long id = in.length();
    if (Long.compareUnsigned(id, Integer.MAX_VALUE) > 0) {
      throw in.corrupt(at, "database " + Long.toUnsignedString(id));
    }
    return (int) id;
  }

  /** Redis: RDB_OPCODE_MODULE_AUX, module id, when-opcode (must be UINT), when, opcodes. */
  private void moduleAux(long at) {
    in.length();
    if (in.length() != 2) {
      throw in.corrupt(at, "module aux: bad when_opcode");
    }
    in.length();
    RdbValueScanner.skipModuleOpcodes(in);
    skippedAuxiliary++;
  }

  /**
   * A function library: its code must start with the metadata line {@code #!lua name=<library>}
   * (Redis: functionExtractLibMetaData, src/functions.c; then the engine and the name are checked).
   * The code itself is not compiled here (Redis refuses a file whose code does not compile).
   */
  private void functionLibrary(long at) {
    String code = new String(string(), StandardCharsets.ISO_8859_1);
    int eol = code.indexOf('\n');
    if (!code.startsWith("#!") || eol < 0) {
      throw in.corrupt(at, "function library without a '#!<engine> name=<library>' line");
    }
    String[] parts = code.substring(2, eol).trim().split("[ \t\r]+");
    if (!parts[0].equalsIgnoreCase("lua")) {
      throw in.corrupt(at, "function library for the unknown engine '" + parts[0] + "'");
    }
    if (parts.length != 2
        || !parts[1].regionMatches(true, 0, "name=", 0, 5)
        || !parts[1].substring(5).matches("[A-Za-z0-9_]+")) {
      throw in.corrupt(at, "function library metadata is not 'name=<library>'");
    }
    skippedAuxiliary++;
  }

  private void checksum() {
    long computed = in.crc();
    if (version >= 5) {
      long at = in.offset();
      long stored = in.littleEndian(8);
      if (stored != 0 && stored != computed) {
        throw in.corrupt(
            at, String.format("CRC-64 mismatch: stored %016x, computed %016x", stored, computed));
      }
    }
    done = true;
  }

  /** One RDB string, captured while walked, then decoded by core's reader. */
  private byte[] string() {
    in.startCapture();
    RdbValueScanner.skipString(in);
    in.stopCapture();
    return RdbReader.of(in.captured(), 0, in.capturedLength()).string();
  }

  /**
   * Reads one value: walked to its end (its bytes captured unless it is a counted type we do not
   * model), then checked for emptiness and decoded. Returns null for an empty key. A problem inside
   * the value is reported at the file offset where the value starts.
   */
  private RedisValue value(int type, long typeAt, byte[] key) {
    long from = in.offset();
    boolean capture = RedisPayloads.models(type);
    if (capture) {
      in.startCapture();
    }
    long count = RdbValueScanner.skipValue(in, type, typeAt);
    if (capture) {
      in.stopCapture();
    }
    byte[] body = capture ? in.captured() : null;
    int len = capture ? in.capturedLength() : 0;
    try {
      if (EmptyValues.isEmpty(type, count, body, len)) {
        return null;
      }
      return decode(type, body, len, in.offset() - from, limits);
    } catch (CorruptEncodingException e) {
      throw in.corrupt(
          from,
          "the value of key '"
              + utf8(key)
              + "' (RDB type "
              + type
              + "), "
              + e.format()
              + ": "
              + e.reason());
    }
  }

  /** Decodes a captured value once (no payload is rebuilt around it: the file has its checksum). */
  private static RedisValue decode(
      int type, byte[] body, int len, long encodedLength, LoadLimits limits) {
    if (body == null) {
      return new RedisValue.Unmodelled(type, encodedLength);
    }
    return RedisPayloads.loadBody(type, RdbReader.of(body, 0, len), null, encodedLength, limits);
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** Closes the underlying stream. */
  @Override
  public void close() {
    try {
      stream.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
