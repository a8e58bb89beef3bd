package dev.redstruct.server;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.longdouble.X87LongDouble;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.RedisType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blocking pops: BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BLMPOP, BZPOPMIN, BZPOPMAX, BZMPOP. Redis
 * 7.0.15: src/blocked.c, the blocking commands of src/t_list.c and src/t_zset.c.
 */
final class Blocking {
  /*
   * Implementation notes. A blocking command first does what its non-blocking twin would do, run
   * on the keyspace through the client's own session (TYPE, then LPOP/LMOVE/LMPOP/ZPOPMIN/ZMPOP),
   * so replies, errors, WATCH and notifications are the twin's. When every key is missing it
   * blocks: the client is appended to each key's FIFO of waiters (Redis: blockForKeys) and reads
   * no further commands. The keyspace tells us when a key is added (Redis: dbAdd ->
   * signalKeyAsReady); a key with waiters goes into the ordered set of ready keys, and after each
   * command (an EXEC as a whole) the ready keys are served in order, each key's waiters in the
   * order they blocked, for as long as the key holds the type they wait for (Redis:
   * handleClientsBlockedOnKeys). Serving BLMOVE may add a key, served in the same pass. A client
   * that was served or timed out goes back to its pending input after the pass (Redis:
   * processUnblockedClients). Inside EXEC (Redis: CLIENT_DENY_BLOCKING) nothing blocks: the
   * timeout reply comes at once.
   */
  static final String WRONGTYPE =
      "WRONGTYPE Operation against a key holding the wrong kind of value";

  /** What a blocked client waits for and how it is served. */
  enum Kind {
    POP,
    MOVE,
    MPOP,
    ZPOP,
    ZMPOP,
    STREAM;

    RedisType type() {
      if (this == STREAM) {
        return RedisType.STREAM;
      }
      return this == ZPOP || this == ZMPOP ? RedisType.ZSET : RedisType.LIST;
    }
  }

  /** A blocked client's wait: kind, keys, deadline (0 = forever) and serving arguments. */
  static final class Wait {
    final Kind kind;
    final int db;
    final List<Bytes> keys;
    final long deadline;

    /** POP: "LPOP"/"RPOP"; ZPOP: "ZPOPMIN"/"ZPOPMAX"; MOVE: dst, from, to; M*POP: where, count. */
    final byte[][] args;

    /** STREAM: what XREAD or XREADGROUP waits for. */
    StreamWaits.Read read;

    Wait(Kind kind, int db, List<Bytes> keys, long deadline, byte[]... args) {
      this.kind = kind;
      this.db = db;
      this.keys = keys;
      this.deadline = deadline;
      this.args = args;
    }
  }

  /** A key in a database. */
  record DbKey(int db, Bytes key) {}

  private final Server server;
  private final Map<DbKey, List<Client>> waiting = new HashMap<>();
  private final Set<DbKey> ready = new LinkedHashSet<>();
  private final Set<Client> blocked = new LinkedHashSet<>();
  private final ArrayDeque<Client> unblocked = new ArrayDeque<>();
  private final List<int[]> swaps = new ArrayList<>();
  private final StreamWaits streams;

  Blocking(Server server) {
    this.server = server;
    this.streams = new StreamWaits(server, this);
  }

  /** XREAD and XREADGROUP outside MULTI: served now, or blocked with BLOCK. */
  void xread(Client c, byte[][] argv) {
    streams.run(c, argv);
  }

  /** Blocks a client on stream keys. */
  void blockOnStreams(Client c, Wait w) {
    block(c, w);
  }

  /** The clients waiting on a key, in the order they blocked (do not change). */
  List<Client> waitersOf(DbKey k) {
    return waiting.getOrDefault(k, List.of());
  }

  /** Every key someone waits on. */
  Set<DbKey> waitedKeys() {
    return waiting.keySet();
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  // ------------------------------------------------------------------ the keyspace's signals

  /** Redis: signalKeyAsReady for a stream (XADD, XGROUP DESTROY). */
  void streamReady(int db, byte[] key) {
    keyAdded(db, key, RedisType.STREAM);
  }

  /** Redis: signalKeyAsReady. */
  void keyAdded(int db, byte[] key, RedisType type) {
    if (blocked.isEmpty()
        || (type != RedisType.LIST && type != RedisType.ZSET && type != RedisType.STREAM)) {
      return;
    }
    DbKey k = new DbKey(db, new Bytes(key));
    if (waiting.containsKey(k)) {
      ready.add(k);
    }
  }

  /** Redis: scanDatabaseForReadyKeys on both databases (serving looks at what each key holds). */
  void databasesSwapped(int db1, int db2) {
    if (!blocked.isEmpty()) {
      swaps.add(new int[] {db1, db2});
    }
  }

  // ------------------------------------------------------------------ the commands

  /** Runs a blocking command; the reply is sent now or when the client is served or times out. */
  void run(Client c, Builtin b, byte[][] argv) {
    switch (b) {
      case BLPOP, BRPOP -> pop(c, argv, b == Builtin.BLPOP ? "LPOP" : "RPOP", Kind.POP);
      case BZPOPMIN, BZPOPMAX ->
          pop(c, argv, b == Builtin.BZPOPMIN ? "ZPOPMIN" : "ZPOPMAX", Kind.ZPOP);
      case BLMOVE -> blmove(c, argv);
      case BRPOPLPUSH -> {
        Long timeout = timeout(c, argv[3]);
        if (timeout != null) {
          move(c, argv[1], argv[2], ascii("RIGHT"), ascii("LEFT"), timeout, true);
        }
      }
      case BLMPOP -> mpop(c, argv, Kind.MPOP);
      case BZMPOP -> mpop(c, argv, Kind.ZMPOP);
      default -> throw new AssertionError(b);
    }
  }

  /** Redis: blockingPopGenericCommand and blockingGenericZpopCommand for one element. */
  private void pop(Client c, byte[][] argv, String twin, Kind kind) {
    Long timeout = timeout(c, argv[argv.length - 1]);
    if (timeout == null) {
      return;
    }
    for (int i = 1; i < argv.length - 1; i++) {
      RedisType t = type(c, argv[i]);
      if (t == null) {
        continue;
      }
      c.reply(t == kind.type() ? popReply(c, argv[i], ascii(twin)) : Commands.error(WRONGTYPE));
      return;
    }
    List<Bytes> keys = new ArrayList<>();
    for (int i = 1; i < argv.length - 1; i++) {
      keys.add(new Bytes(argv[i]));
    }
    blockOrRefuse(c, new Wait(kind, db(c), keys, timeout, ascii(twin)));
  }

  /** BLPOP's reply from LPOP's, BZPOPMIN's from ZPOPMIN's: the key first. */
  private byte[] popReply(Client c, byte[] key, byte[] twin) {
    byte[] r = server.engine.execute(c.session, new byte[][] {twin, key});
    if (r[0] == '-') {
      return r;
    }
    RespWriter w = new RespWriter(c.resp);
    if (r[0] == '*') { // ZPOPMIN's flat pair: drop its header, keep member and score
      int eol = indexOfCrlf(r);
      w.arrayHeader(3).bulk(key);
      return concat(w.toByteArray(), Arrays.copyOfRange(r, eol + 2, r.length));
    }
    w.arrayHeader(2).bulk(key);
    return concat(w.toByteArray(), r);
  }

  /** Redis: blmoveCommand (positions, then the timeout). */
  private void blmove(Client c, byte[][] argv) {
    if (!isSide(argv[3]) || !isSide(argv[4])) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    Long timeout = timeout(c, argv[5]);
    if (timeout != null) {
      move(c, argv[1], argv[2], argv[3], argv[4], timeout, false);
    }
  }

  private static boolean isSide(byte[] a) {
    String s = Builtin.lower(a);
    return s.equals("left") || s.equals("right");
  }

  /** Redis: blmoveGenericCommand. */
  private void move(
      Client c, byte[] src, byte[] dst, byte[] from, byte[] to, long timeout, boolean rpoplpush) {
    RedisType t = type(c, src);
    if (t != null && t != RedisType.LIST) {
      c.reply(Commands.error(WRONGTYPE));
    } else if (t != null) {
      c.reply(server.engine.execute(c.session, moveTwin(src, dst, from, to, rpoplpush)));
    } else if (c.inExec) {
      c.reply(new RespWriter(c.resp).nullReply().toByteArray());
    } else {
      byte[][] args = rpoplpush ? new byte[][] {dst, from, to, null} : new byte[][] {dst, from, to};
      block(c, new Wait(Kind.MOVE, db(c), List.of(new Bytes(src)), timeout, args));
    }
  }

  /**
   * The non-blocking twin of BLMOVE (LMOVE) or BRPOPLPUSH (RPOPLPUSH): the same effect, and the
   * command Redis propagates for it.
   */
  private static byte[][] moveTwin(
      byte[] src, byte[] dst, byte[] from, byte[] to, boolean rpoplpush) {
    return rpoplpush
        ? new byte[][] {ascii("RPOPLPUSH"), src, dst}
        : new byte[][] {ascii("LMOVE"), src, dst, from, to};
  }

  /** Redis: lmpopGenericCommand and zmpopGenericCommand with is_block set. */
  private void mpop(Client c, byte[][] argv, Kind kind) {
    long numkeys = rangeLong(argv[2]);
    if (numkeys < 1) {
      c.reply(Commands.error("ERR numkeys should be greater than 0"));
      return;
    }
    if (numkeys > argv.length) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    int whereIdx = (int) (3 + numkeys);
    if (whereIdx >= argv.length) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    String where = Builtin.lower(argv[whereIdx]);
    boolean ok =
        kind == Kind.MPOP
            ? where.equals("left") || where.equals("right")
            : where.equals("min") || where.equals("max");
    if (!ok) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    long count = -1;
    for (int j = whereIdx + 1; j < argv.length; j++) {
      if (count == -1 && Builtin.lower(argv[j]).equals("count") && j < argv.length - 1) {
        count = rangeLong(argv[++j]);
        if (count < 1) {
          c.reply(Commands.error("ERR count should be greater than 0"));
          return;
        }
      } else {
        c.reply(Commands.error(Commands.SYNTAX));
        return;
      }
    }
    Long timeout = timeout(c, argv[1]);
    if (timeout == null) {
      return;
    }
    byte[] countArg = RedisNumbers.ll2string(count == -1 ? 1 : count);
    List<byte[]> twin = new ArrayList<>();
    twin.add(ascii(kind == Kind.MPOP ? "LMPOP" : "ZMPOP"));
    twin.addAll(Arrays.asList(argv).subList(2, whereIdx + 1));
    twin.add(ascii("COUNT"));
    twin.add(countArg);
    byte[] r = server.engine.execute(c.session, twin.toArray(new byte[0][]));
    if (!isNullArray(r)) {
      c.reply(r);
      return;
    }
    List<Bytes> keys = new ArrayList<>();
    for (int i = 3; i < whereIdx; i++) {
      keys.add(new Bytes(argv[i]));
    }
    blockOrRefuse(c, new Wait(kind, db(c), keys, timeout, argv[whereIdx], countArg));
  }

  /** A positive long as getRangeLongFromObjectOrReply(1, LONG_MAX) accepts it, else 0. */
  private static long rangeLong(byte[] a) {
    if (!RedisNumbers.isCanonicalLong(a, 0, a.length)) {
      return 0;
    }
    return Math.max(0, RedisNumbers.parseCanonicalLong(a, 0, a.length));
  }

  private static boolean isNullArray(byte[] r) {
    return (r.length == 5 && r[0] == '*' && r[1] == '-') || (r.length == 3 && r[0] == '_');
  }

  /**
   * The deadline in ms (0 = forever), or null after replying the error. Redis:
   * getTimeoutFromObjectOrReply with UNIT_SECONDS (a long double, ceil of ms).
   */
  private static Long timeout(Client c, byte[] arg) {
    X87LongDouble v = X87LongDouble.parse(arg);
    if (v == null) {
      c.reply(Commands.error("ERR timeout is not a float or out of range"));
      return null;
    }
    long ms = v.ceilTimes1000();
    if (ms < 0) {
      c.reply(Commands.error("ERR timeout is negative"));
      return null;
    }
    return ms == 0 ? 0 : Math.max(1, ms + System.currentTimeMillis());
  }

  /** The key's type; Redis's blocking commands look it up for writing (no keymiss event). */
  private RedisType type(Client c, byte[] key) {
    Object engine = server.engine;
    if (engine instanceof KeyspaceEngine k) {
      return k.keyspace.typeAt(db(c), key).orElse(null);
    }
    byte[] r = server.engine.execute(c.session, new byte[][] {ascii("TYPE"), key});
    String t = new String(r, 1, Math.max(0, r.length - 3), StandardCharsets.ISO_8859_1);
    for (RedisType rt : RedisType.values()) {
      if (rt.typeName().equals(t)) {
        return rt;
      }
    }
    return null; // "none"
  }

  private int db(Client c) {
    return server.selectedDb(c);
  }

  private void blockOrRefuse(Client c, Wait w) {
    if (c.inExec) {
      c.reply(nullArray(c)); // Redis: CLIENT_DENY_BLOCKING, treated as a timeout
    } else {
      block(c, w);
    }
  }

  static byte[] nullArray(Client c) {
    return new RespWriter(c.resp).nullArrayReply().toByteArray();
  }

  /** Redis: blockForKeys (a key given twice counts once). */
  private void block(Client c, Wait w) {
    c.blocked = w;
    blocked.add(c);
    Set<Bytes> seen = new LinkedHashSet<>(w.keys);
    for (Bytes k : seen) {
      waiting.computeIfAbsent(new DbKey(w.db, k), x -> new ArrayList<>()).add(c);
    }
  }

  /** Redis: unblockClientWaitingData, then queueClientForReprocessing. */
  void unblock(Client c, boolean reprocess) {
    Wait w = c.blocked;
    if (w == null) {
      return;
    }
    c.blocked = null;
    blocked.remove(c);
    for (Bytes k : new LinkedHashSet<>(w.keys)) {
      DbKey dk = new DbKey(w.db, k);
      List<Client> l = waiting.get(dk);
      if (l != null) {
        l.remove(c);
        if (l.isEmpty()) {
          waiting.remove(dk);
        }
      }
    }
    if (reprocess) {
      unblocked.add(c);
    }
  }

  boolean isBlocked(Client c) {
    return c.blocked != null;
  }

  /** CLIENT UNBLOCK: the timeout reply or the UNBLOCKED error. */
  boolean clientUnblock(Client target, boolean error) {
    if (target == null || target.blocked == null) {
      return false;
    }
    target.reply(
        error
            ? Commands.error("UNBLOCKED client unblocked via CLIENT UNBLOCK")
            : nullArray(target));
    unblock(target, true);
    return true;
  }

  // ------------------------------------------------------------------ serving

  /** Redis: handleClientsBlockedOnKeys, after each command. */
  void handleReady() {
    for (int[] s : swaps) {
      for (DbKey k : new ArrayList<>(waiting.keySet())) {
        if (k.db() == s[0] || k.db() == s[1]) {
          ready.add(k);
        }
      }
    }
    swaps.clear();
    streams.signalChangedKeys(ready);
    while (!ready.isEmpty()) {
      DbKey k = ready.iterator().next();
      ready.remove(k);
      serveKey(k);
    }
  }

  private void serveKey(DbKey k) {
    List<Client> clients = waiting.get(k);
    if (clients == null) {
      return;
    }
    RedisType t = type(clients.get(0), k.key().b);
    streams.serve(k, t);
    if (t != RedisType.LIST && t != RedisType.ZSET) {
      return;
    }
    for (Client receiver : new ArrayList<>(clients)) {
      if (receiver.blocked == null || receiver.blocked.kind.type() != t) {
        continue;
      }
      serve(receiver, k.key().b);
      if (type(receiver, k.key().b) != t) {
        break; // emptied and deleted
      }
    }
  }

  /** Redis: serveClientBlockedOnList and genericZpopCommand for a receiver. */
  private void serve(Client c, byte[] key) {
    Wait w = c.blocked;
    byte[][] a = w.args;
    byte[] reply =
        switch (w.kind) {
          case POP, ZPOP -> popReply(c, key, a[0]);
          case MOVE ->
              server.engine.execute(c.session, moveTwin(key, a[0], a[1], a[2], a.length == 4));
          case MPOP ->
              server.engine.execute(
                  c.session,
                  new byte[][] {ascii("LMPOP"), ascii("1"), key, a[0], ascii("COUNT"), a[1]});
          case ZMPOP ->
              server.engine.execute(
                  c.session,
                  new byte[][] {ascii("ZMPOP"), ascii("1"), key, a[0], ascii("COUNT"), a[1]});
          case STREAM -> throw new AssertionError("streams are served by StreamWaits");
        };
    c.reply(reply);
    unblock(c, true);
  }

  /** Redis: handleBlockedClientsTimeout. Returns the earliest deadline still ahead, or 0. */
  long timeouts(long now) {
    long next = 0;
    for (Client c : new ArrayList<>(blocked)) {
      long d = c.blocked.deadline;
      if (d != 0 && d <= now) {
        c.reply(nullArray(c));
        unblock(c, true);
      } else if (d != 0 && (next == 0 || d < next)) {
        next = d;
      }
    }
    return next;
  }

  /** The next client to go back to its pending input, or null. */
  Client nextUnblocked() {
    return unblocked.poll();
  }

  private static int indexOfCrlf(byte[] r) {
    for (int i = 0; i + 1 < r.length; i++) {
      if (r[i] == '\r' && r[i + 1] == '\n') {
        return i;
      }
    }
    return r.length - 2;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
