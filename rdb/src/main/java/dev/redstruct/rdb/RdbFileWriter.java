package dev.redstruct.rdb;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.rdb.Crc64;
import dev.redstruct.core.rdb.RdbWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Writes an RDB file, version 10, that Redis 7.0 and later load at start-up ({@code redis-server
 * --dir D --dbfilename F}); streaming: each key is encoded and written as it is given (Redis:
 * {@code rdbSaveRio}, {@code rdbSaveInfoAuxFields}, {@code rdbSaveKeyValuePair}, src/rdb.c,
 * 7.0.15).
 *
 * <pre>
 *   52 45 44 49 53 30 30 31 30              "REDIS0010"
 *   FA "redis-ver" "7.0.15"                 AUX fields, see {@link #create}
 *   FE 00 FB 02 01                          SELECTDB 0, RESIZEDB 2 keys, 1 with an expiry
 *   FC &lt;8 bytes LE ms&gt; 00 "k" "v"           a string key with an absolute expiry
 *   12 "l" ...                              a list key (type 18)
 *   FF &lt;CRC-64 of all before, 8 bytes LE&gt;   EOF
 * </pre>
 *
 * <p>Values are what {@link RedisPayloads} writes: {@code byte[]} strings, {@code HyperLogLog},
 * {@code Bitmap}, {@code QuickList}; each is encoded exactly as in its {@code DUMP} payload. The
 * writer does not check key uniqueness or the {@code RESIZEDB} counts (Redis treats them as hints);
 * a duplicate key makes Redis refuse the file. Not thread-safe. {@link #close()} finishes the file
 * (if {@link #finish()} was not called) and closes the stream; I/O errors are thrown as {@link
 * UncheckedIOException}.
 */
public final class RdbFileWriter implements AutoCloseable {
  /** The {@code redis-ver} AUX field written: the server whose format this writer follows. */
  public static final String REDIS_VER = "7.0.15";

  private final OutputStream out;
  private final boolean compression;
  private final RdbWriter w;
  private final byte[] scratch = new byte[8];
  private long crc;
  private boolean finished;

  private RdbFileWriter(OutputStream out, boolean compression) {
    this.out = out;
    this.compression = compression;
    this.w = RdbWriter.create(compression);
  }

  /**
   * Starts a file: writes the header {@code REDIS0010} and the AUX fields Redis 7.0 writes that do
   * not describe a replication state: {@code redis-ver} ({@value #REDIS_VER}), {@code redis-bits}
   * (64), {@code ctime} (now, in seconds), {@code used-mem} (0) and {@code aof-base} (0).
   *
   * @param out where the file goes; the caller may pass a buffered stream
   * @param compression Redis's {@code rdbcompression}
   * @return the writer
   */
  public static RdbFileWriter create(OutputStream out, boolean compression) {
    RdbFileWriter f = new RdbFileWriter(Objects.requireNonNull(out, "out"), compression);
    f.w.raw("REDIS0010".getBytes(StandardCharsets.US_ASCII));
    f.flushRecord();
    f.aux("redis-ver", REDIS_VER);
    f.aux("redis-bits", "64");
    f.aux("ctime", Long.toString(System.currentTimeMillis() / 1000));
    f.aux("used-mem", "0");
    f.aux("aof-base", "0");
    return f;
  }

  /**
   * Writes an AUX field (Redis: {@code rdbSaveAuxField}); loaders ignore the ones they do not know.
   *
   * @param key the field name
   * @param value its value
   * @return this writer
   */
  public RdbFileWriter aux(String key, String value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    open();
    w.reset().type(0xfa).string(key).string(value);
    return flushRecord();
  }

  /**
   * Selects the database of the keys that follow, with Redis's sizing hint (Redis: {@code
   * RDB_OPCODE_SELECTDB} and {@code RDB_OPCODE_RESIZEDB}).
   *
   * @param db the database number (Redis refuses numbers at or above its {@code databases})
   * @param keys the number of keys that follow in this database
   * @param keysWithExpiry how many of them have an expiry
   * @return this writer
   * @throws IllegalArgumentException if a number is negative
   */
  public RdbFileWriter selectDb(int db, long keys, long keysWithExpiry) {
    if (db < 0 || keys < 0 || keysWithExpiry < 0) {
      throw new IllegalArgumentException(
          "negative db/keys/keysWithExpiry: " + db + "/" + keys + "/" + keysWithExpiry);
    }
    open();
    w.reset().type(0xfe).length(db).type(0xfb).length(keys).length(keysWithExpiry);
    return flushRecord();
  }

  /**
   * Writes a key without expiry.
   *
   * @param key the key
   * @param value a {@code byte[]}, {@code HyperLogLog}, {@code Bitmap} or {@code QuickList}
   * @return this writer
   * @throws IllegalArgumentException if the value's type has no RDB form here
   */
  public RdbFileWriter put(byte[] key, Object value) {
    return put(key, value, -1);
  }

  /**
   * Writes a key (Redis: {@code rdbSaveKeyValuePair}: expiry, type, key, value).
   *
   * @param key the key
   * @param value a {@code byte[]}, {@code HyperLogLog}, {@code Bitmap} or {@code QuickList}
   * @param expireAtMs the absolute expiry in Unix milliseconds, or -1 for none (Redis drops keys
   *     already expired when a master loads the file)
   * @return this writer
   * @throws IllegalArgumentException if the value's type has no RDB form here, or {@code
   *     expireAtMs} is below -1
   */
  public RdbFileWriter put(byte[] key, Object value, long expireAtMs) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    if (expireAtMs < -1) {
      throw new IllegalArgumentException("expireAtMs: " + expireAtMs);
    }
    open();
    w.reset();
    if (expireAtMs >= 0) {
      Bytes.putLongLE(scratch, 0, expireAtMs);
      w.type(0xfc).raw(scratch, 0, 8);
    }
    int typeAt = w.size();
    RedisPayloads.write(value, w);
    byte[] record = w.toByteArray();
    // the type byte comes before the key: move the key in after it (Redis: rdbSaveObjectType,
    // rdbSaveStringObject(key), rdbSaveObject)
    w.reset()
        .raw(record, 0, typeAt + 1)
        .string(key)
        .raw(record, typeAt + 1, record.length - typeAt - 1);
    return flushRecord();
  }

  /** Writes the EOF opcode and the CRC-64 of the whole file, and flushes. Idempotent. */
  public void finish() {
    if (finished) {
      return;
    }
    w.reset().type(0xff);
    flushRecord();
    Bytes.putLongLE(scratch, 0, crc);
    emit(scratch);
    finished = true;
    try {
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Finishes the file if needed and closes the stream. */
  @Override
  public void close() {
    try (out) {
      finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void open() {
    if (finished) {
      throw new IllegalStateException("the RDB file is finished");
    }
  }

  private RdbFileWriter flushRecord() {
    byte[] b = w.toByteArray();
    crc = Crc64.update(crc, b, 0, b.length);
    emit(b);
    return this;
  }

  private void emit(byte[] b) {
    try {
      out.write(b);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
