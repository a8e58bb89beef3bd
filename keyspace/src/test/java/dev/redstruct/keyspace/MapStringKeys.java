package dev.redstruct.keyspace;

import dev.redstruct.core.resp.ReplyError;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A test's {@link StringKeys}: a map of keys to strings or to {@link #OTHER} (a key of another
 * type), expire times checked lazily on every access as Redis's expireIfNeeded does, a settable
 * clock, and a log of the keys signalled as modified.
 */
final class MapStringKeys implements StringKeys {
  /** The value of a key of another type (a set, say). */
  static final Object OTHER = new Object();

  final Map<ByteBuffer, Object> values = new HashMap<>();
  final Map<ByteBuffer, Long> expires = new HashMap<>();
  final List<String> modified = new ArrayList<>();
  long clock = System.currentTimeMillis();

  private static ByteBuffer k(byte[] key) {
    return ByteBuffer.wrap(key.clone());
  }

  private Object lookup(byte[] key) {
    ByteBuffer b = ByteBuffer.wrap(key);
    Long when = expires.get(b);
    if (when != null && when <= clock) {
      values.remove(b);
      expires.remove(b);
    }
    return values.get(b);
  }

  /** Stores a key of another type, as SADD would. */
  void putOther(byte[] key) {
    ByteBuffer b = k(key);
    lookup(key);
    values.put(b, OTHER);
  }

  /** The string under key, or null (another type, missing). */
  RedisString string(byte[] key) {
    return lookup(key) instanceof RedisString s ? s : null;
  }

  /** The bytes of the string at key, or "" when there is none (for SET copies). */
  byte[] copyBytes(String key) {
    RedisString v = string(key.getBytes(StandardCharsets.ISO_8859_1));
    return v == null ? new byte[0] : v.toByteArray();
  }

  boolean isOther(byte[] key) {
    return lookup(key) == OTHER;
  }

  @Override
  public RedisString get(byte[] key) {
    Object o = lookup(key);
    if (o == null || o instanceof RedisString) {
      return (RedisString) o;
    }
    throw new ReplyError(ReplyError.WRONGTYPE);
  }

  @Override
  public boolean exists(byte[] key) {
    return lookup(key) != null;
  }

  @Override
  public void set(byte[] key, RedisString value, boolean keepTtl) {
    lookup(key);
    values.put(k(key), value);
    if (!keepTtl) {
      expires.remove(ByteBuffer.wrap(key));
    }
    modified(key);
  }

  @Override
  public void replace(byte[] key, RedisString value) {
    lookup(key);
    values.put(k(key), value);
  }

  @Override
  public boolean delete(byte[] key) {
    boolean had = lookup(key) != null;
    values.remove(ByteBuffer.wrap(key));
    expires.remove(ByteBuffer.wrap(key));
    return had;
  }

  @Override
  public void setExpire(byte[] key, long whenMillis) {
    expires.put(k(key), whenMillis);
  }

  @Override
  public boolean persist(byte[] key) {
    return expires.remove(ByteBuffer.wrap(key)) != null;
  }

  @Override
  public long now() {
    return clock;
  }

  @Override
  public void modified(byte[] key) {
    modified.add(new String(key, StandardCharsets.ISO_8859_1));
  }

  /** Runs a command given as strings (ISO-8859-1) and returns its reply as text. */
  String run(String... args) {
    return run(2, args);
  }

  String run(int protocol, String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return new String(StringCommands.execute(argv, this, protocol), StandardCharsets.ISO_8859_1);
  }
}
