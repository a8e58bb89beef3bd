package dev.redstruct.keyspace;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.bitfield.BitmapCommands;
import dev.redstruct.core.resp.RespWriter;

/**
 * The bit commands on string keys: bitfield's {@link BitmapCommands} (the one implementation of
 * {@code SETBIT GETBIT BITCOUNT BITPOS BITOP BITFIELD BITFIELD_RO}) over a {@link StringKeys}, with
 * the string seen as a {@link Bitmap}.
 */
final class BitCommands {
  /*
   * Implementation notes: a raw string turns its bytes into a Bitmap view once and keeps it while
   * bit commands run (RedisString.Raw.bitmap()); an int or embstr string is read through a
   * temporary copy (at most 44 bytes) and written only after unsharing, as
   * lookupStringForBitCommand does (dbUnshareStringValue), which makes it raw.
   */
  private BitCommands() {}

  static void run(String name, byte[][] argv, StringKeys keys, RespWriter out) {
    BitmapCommands.run(name, argv, new Adapter(keys), out);
  }

  /** The string keys seen as bitmaps. */
  private record Adapter(StringKeys keys) implements BitmapCommands.Keys {
    @Override
    public Bitmap read(byte[] key) {
      RedisString v = keys.get(key);
      if (v == null) {
        return null;
      }
      return v instanceof RedisString.Raw r ? r.bitmap() : Bitmap.copyOf(v.bytesForRead());
    }

    /** Redis: lookupStringForBitCommand (the command grows the string). */
    @Override
    public Bitmap write(byte[] key) {
      RedisString v = keys.get(key);
      if (v == null) {
        RedisString.Raw r = RedisString.raw(Bitmap.create());
        keys.replace(key, r);
        return r.bitmap();
      }
      return StringEdits.unshare(key, v, keys).bitmap();
    }

    @Override
    public void store(byte[] key, Bitmap value) {
      keys.set(key, RedisString.raw(value), false);
    }

    @Override
    public boolean delete(byte[] key) {
      return keys.delete(key);
    }

    @Override
    public void modified(byte[] key) {
      keys.modified(key);
    }
  }
}
