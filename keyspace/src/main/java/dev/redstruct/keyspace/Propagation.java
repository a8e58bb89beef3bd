package dev.redstruct.keyspace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands a unit of execution propagates to replicas, gathered until the outermost unit ends
 * and then handed to the listener, wrapped in {@code MULTI}/{@code EXEC} when there are several.
 * Redis 7.0.15: alsoPropagate, propagatePendingCommands, afterCommand (src/server.c).
 */
final class Propagation {
  /*
   * Implementation notes. A unit is what Redis's call() at nesting level 0 covers: a client's
   * command (EXEC and EVAL with everything they run), one blocked client served, one active expiry
   * cycle. Units nest (the server opens one around a script, the keyspace one around each
   * command); only the outermost flushes. Redis decides "wrap in a transaction" from the number of
   * pending commands, unless the unit is an expiry cycle (propagate_no_multi) or the first command
   * touches arbitrary keys (SCAN, RANDOMKEY: CMD_TOUCHES_ARBITRARY_KEYS).
   */
  static final byte[] MULTI = "MULTI".getBytes(StandardCharsets.US_ASCII);
  static final byte[] EXEC = "EXEC".getBytes(StandardCharsets.US_ASCII);
  static final byte[] DEL = "DEL".getBytes(StandardCharsets.US_ASCII);
  static final byte[] SET = "SET".getBytes(StandardCharsets.US_ASCII);
  static final byte[] PXAT = "PXAT".getBytes(StandardCharsets.US_ASCII);
  static final byte[] KEEPTTL = "KEEPTTL".getBytes(StandardCharsets.US_ASCII);
  static final byte[] PEXPIREAT = "PEXPIREAT".getBytes(StandardCharsets.US_ASCII);
  static final byte[] PERSIST = "PERSIST".getBytes(StandardCharsets.US_ASCII);
  static final byte[] ABSTTL = "ABSTTL".getBytes(StandardCharsets.US_ASCII);

  private final Keyspace ks;
  private final List<Object[]> pending = new ArrayList<>();
  private int depth;
  private boolean noMulti;
  private boolean firstSeen;

  Propagation(Keyspace ks) {
    this.ks = ks;
  }

  /** Whether anybody listens: commands are gathered only then. */
  boolean active() {
    Keyspace.KeyListener l = ks.listener();
    return l != null && l.replicating();
  }

  void begin() {
    if (depth++ == 0) {
      noMulti = false;
      firstSeen = false;
    }
  }

  /** The first command of the unit: SCAN and RANDOMKEY never wrap. */
  void command(Command cmd) {
    if (!firstSeen) {
      firstSeen = true;
      if (depth <= 1 && (cmd.fullName.equals("scan") || cmd.fullName.equals("randomkey"))) {
        noMulti = true;
      }
    }
  }

  /** Redis: propagate_no_multi, for the expiry cycle's DELs. */
  void noMulti() {
    noMulti = true;
  }

  /** Redis: alsoPropagate. */
  void add(int db, byte[][] argv) {
    if (active()) {
      pending.add(new Object[] {db, argv});
      if (depth == 0) {
        flush();
      }
    }
  }

  void end() {
    if (--depth == 0) {
      flush();
    }
  }

  /** Redis: propagatePendingCommands. */
  private void flush() {
    if (pending.isEmpty()) {
      return;
    }
    Keyspace.KeyListener l = ks.listener();
    List<Object[]> ops = new ArrayList<>(pending);
    pending.clear();
    if (l == null) {
      return;
    }
    boolean transaction = ops.size() > 1 && !noMulti;
    if (transaction) {
      l.propagated((Integer) ops.get(0)[0], new byte[][] {MULTI});
    }
    for (Object[] op : ops) {
      l.propagated((Integer) op[0], (byte[][]) op[1]);
    }
    if (transaction) {
      l.propagated((Integer) ops.get(ops.size() - 1)[0], new byte[][] {EXEC});
    }
  }
}
