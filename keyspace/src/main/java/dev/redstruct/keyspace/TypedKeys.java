package dev.redstruct.keyspace;

import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.ReplyError;
import java.util.function.Supplier;

/**
 * The keyspace's {@link KeyLookup} for one value type over the selected database of a {@link Call}:
 * Redis's lookupKeyRead/lookupKeyWrite (with lazy expiry) plus checkType, and setKey for
 * destinations.
 *
 * @param <T> the value type
 */
final class TypedKeys<T> implements KeyLookup<T> {
  private Call call;
  private final Class<T> type;
  private final Supplier<T> factory;

  TypedKeys(Call call, Class<T> type, Supplier<T> factory) {
    this.call = call;
    this.type = type;
    this.factory = factory;
  }

  /**
   * Points this lookup at the command about to run: the keyspace keeps one lookup per type and
   * rebinds it for each command (one thread, and a face never re-enters the keyspace), instead of
   * allocating one per command.
   */
  TypedKeys<T> bind(Call c) {
    this.call = c;
    return this;
  }

  @Override
  public T get(byte[] key) {
    Object held = call.pendingValue(key);
    if (held != null && call.ks.readLookups && Values.isEmpty(held)) {
      // Redis looks the key up again (SUNION k k, XREAD's second pass): it misses again
      call.ks.notify(Keyspace.NOTIFY_KEY_MISS, "keymiss", key, call.session.db);
    }
    if (held == null) {
      held = call.db().lookup(key, call.now);
      if (held == null) {
        T fresh = factory.get();
        call.remember(key, fresh, false);
        return fresh;
      }
      call.remember(key, held, true);
    }
    if (!type.isInstance(held)) {
      throw new ReplyError(ReplyError.WRONGTYPE);
    }
    return type.cast(held);
  }

  @Override
  public T overwrite(byte[] key) {
    call.db().lookupNoNotify(key, call.now); // Redis: setKey's lookupKeyWrite (and its touch)
    T fresh = factory.get();
    call.rememberOverwrite(key, fresh);
    return fresh;
  }

  /**
   * Redis: signalModifiedKey, except for a *STORE whose empty result meets a missing destination,
   * which Redis does not signal (the key neither existed nor exists).
   */
  @Override
  public void modified(byte[] key) {
    if (call.isEmptyOverwriteOfMissingKey(key)) {
      return;
    }
    call.modified(key);
  }

  /** Redis: server.dirty += n. */
  @Override
  public void dirty(long n) {
    call.ks.dirty += n;
  }

  @Override
  public void notify(int type, String event, byte[] key) {
    if (event.equals("del") && call.isEmptyOverwriteOfMissingKey(key)) {
      return; // an empty *STORE result for a key that did not exist deletes nothing
    }
    call.ks.notify(type, event, key, call.session.db);
  }

  @Override
  public void propagateAs(byte[]... argv) {
    call.propagateAs(argv);
  }

  @Override
  public void alsoPropagate(byte[]... argv) {
    call.alsoPropagate(argv);
  }

  @Override
  public void preventPropagation() {
    call.preventPropagation = true;
  }
}
