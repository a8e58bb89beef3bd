package dev.redstruct.keyspace;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Sixteen numbered Redis databases in the JVM: keys of every type behind one command table, with
 * expiry, {@code WATCH}/{@code MULTI}/{@code EXEC} per {@link Session}, and replies as the exact
 * bytes Redis 7.0.15 writes. {@link #execute(byte[]...)} runs one command with a default session;
 * {@link #execute(Session, byte[]...)} with the caller's own.
 *
 * <pre>{@code
 * Keyspace ks = Keyspace.create();
 * ks.execute("RPUSH", "jobs", "a", "b"); // ":2\r\n"
 * }</pre>
 *
 * <p>Time comes from an injectable clock (ms since the epoch), read once per command: a key whose
 * expiry time is before it is gone for every command (lazily, as Redis's {@code expireIfNeeded}),
 * and {@link #activeExpireCycle(int)} sweeps expired keys incrementally, as Redis's {@code
 * activeExpireCycle} does in the background.
 *
 * <p>Not thread-safe: one thread at a time (a server puts its event loop in front of it, as Redis
 * does). Arguments are never copied: the caller must not change an array after passing it.
 */
public final class Keyspace {
  /*
   * Implementation notes. Mirrors processCommand/call (src/server.c) and src/multi.c: look the
   * command up (unknown command, unknown subcommand), check its arity, queue it when a MULTI is
   * open, else run it. A command's face throws ReplyError before it changes anything; whatever it
   * reached through TypedKeys is then reconciled with the database (Call.finish). The 16
   * databases are Redis's default "databases 16".
   */
  /** The number of databases (Redis's default {@code databases 16}). */
  public static final int DATABASES = 16;

  private final Database[] dbs = new Database[DATABASES];
  private final CommandTable table = new CommandTable();
  private Faces.Lookups lookups; // made at the first typed command (a cold start skips it)
  private final LongSupplier clock;
  private final RandomGenerator random;
  private final Session defaultSession;
  private int expireDb;
  private EncodingLimits limits = EncodingLimits.DEFAULTS;
  private KeyListener listener;
  final Propagation propagation = new Propagation(this);
  private final ObjectClock objectClock;
  private final Eviction eviction;
  private long callNow;
  private int callDepth;

  /** Changes made to the data set (Redis: server.dirty); a command that moved it propagates. */
  long dirty;

  /** Commands that changed the data set (see {@link #changes()}). */
  private long changes;

  /** Whether the running command's lookups are reads (keymiss events); see Command.readLookups. */
  boolean readLookups;

  /** Values handed to Java callers, checked for emptiness before the next command. */
  private final Map<Object, Object[]> handedOut = new IdentityHashMap<>();

  private Keyspace(LongSupplier clock, RandomGenerator random) {
    this.clock = clock;
    this.random = random;
    this.objectClock = new ObjectClock(random);
    this.eviction = new Eviction(this);
    for (int i = 0; i < DATABASES; i++) {
      dbs[i] = new Database(this, i);
    }
    this.defaultSession = new Session(this, null);
  }

  /**
   * An empty keyspace on the system clock.
   *
   * @return the keyspace
   */
  public static Keyspace create() {
    return new Keyspace(System::currentTimeMillis, new SplittableRandom());
  }

  /**
   * An empty keyspace on the given clock and source of randomness (SPOP, RANDOMKEY, ...).
   *
   * @param clockMillis the time in ms since the epoch, read once per command
   * @param random the source of randomness
   * @return the keyspace
   */
  public static Keyspace create(LongSupplier clockMillis, RandomGenerator random) {
    return new Keyspace(
        Objects.requireNonNull(clockMillis, "clockMillis"),
        Objects.requireNonNull(random, "random"));
  }

  /**
   * A new caller: database 0, RESP2, no transaction.
   *
   * @return the session
   */
  public Session newSession() {
    return new Session(this, null);
  }

  /**
   * A new caller that also has commands of its own, as a server's connection has (PING, CLIENT,
   * PUBLISH, blocking pops): inside {@code MULTI} a command the table does not know is queued (the
   * caller has vetted it), and {@code EXEC} runs it through {@code outside}, whose null answer is
   * Redis's unknown-command error.
   *
   * @param outside runs one of the caller's commands and returns its reply bytes, or null when it
   *     has no such command
   * @return the session
   */
  public Session newSession(Function<byte[][], byte[]> outside) {
    return new Session(this, Objects.requireNonNull(outside, "outside"));
  }

  /**
   * Whether the command table has a command of this name (any case), subcommands aside.
   *
   * @param name the command name, as a client sends it
   * @return true if {@link #execute(Session, byte[]...)} would not answer "unknown command"
   */
  public boolean hasCommand(byte[] name) {
    return table.lookup(new byte[][] {Objects.requireNonNull(name, "name")}) != null;
  }

  /**
   * The command's full name, lower case, as Redis prints it in errors and {@code COMMAND INFO}.
   *
   * @param argv the command name and its arguments
   * @return e.g. {@code "get"}, {@code "object|encoding"}; null for an unknown command or
   *     subcommand
   */
  public String commandName(byte[]... argv) {
    Command cmd = table.lookup(argv);
    return cmd == null ? null : cmd.fullName;
  }

  /**
   * The command's flags as {@code COMMAND INFO} lists them, comma-separated; a script host asks
   * them ({@code write}, {@code noscript}, {@code may_replicate}) before {@code redis.call} runs a
   * command.
   *
   * @param argv the command name and its arguments
   * @return e.g. {@code "write,denyoom,fast"}; null for an unknown command or subcommand
   */
  public String commandFlags(byte[]... argv) {
    Command cmd = table.lookup(argv);
    return cmd == null ? null : cmd.flags;
  }

  /**
   * Why this command would be refused before it runs, as Redis's processCommand checks: unknown
   * command, unknown subcommand, wrong number of arguments.
   *
   * @param argv the command name and its arguments
   * @return Redis's error text (e.g. {@code "ERR wrong number of arguments for 'get' command"}), or
   *     null if the command would run (or be queued)
   */
  public String refusal(byte[]... argv) {
    Command cmd = table.lookup(argv);
    return cmd == null ? unknown(argv) : arity(cmd, argv);
  }

  /**
   * Sets what is told when keys are added (null: nobody). Called on the keyspace's thread, from
   * inside the command that adds the key: the listener must not run commands itself.
   *
   * @param listener the listener, or null
   */
  public void setKeyListener(KeyListener listener) {
    this.listener = listener;
  }

  /** Tells a listener about keys added to the databases; see {@link #setKeyListener}. */
  public interface KeyListener {
    /**
     * A key that did not exist now holds a value (a write created it, RENAME/MOVE/COPY/RESTORE put
     * it there). Redis: dbAdd, which calls signalKeyAsReady for blocked clients.
     *
     * @param db the database number
     * @param key the key (do not change the array)
     * @param type the value's type
     */
    void keyAdded(int db, byte[] key, RedisType type);

    /**
     * SWAPDB exchanged two databases' contents. Redis: scanDatabaseForReadyKeys on both.
     *
     * @param db1 one database number
     * @param db2 the other
     */
    default void databasesSwapped(int db1, int db2) {}

    /**
     * A stream got new entries or lost a consumer group: clients blocked reading it may be served.
     * Redis: signalKeyAsReady from XADD and XGROUP DESTROY.
     *
     * @param db the database number
     * @param key the key (do not change the array)
     */
    default void streamReady(int db, byte[] key) {}

    /**
     * A keyspace event, as Redis's notifyKeyspaceEvent raises it; the listener filters by class
     * (Redis's {@code notify-keyspace-events}) and publishes. Raised so far: the generic events
     * ({@code del}, {@code expire}, {@code persist}, {@code rename_from}/{@code rename_to}, {@code
     * move_from}/{@code move_to}, {@code copy_to}, {@code restore}), the string commands' ({@code
     * set}, {@code incrby}, {@code incrbyfloat}, {@code append}, {@code setrange}, {@code setbit},
     * {@code pfadd}), {@code expired} (lazy and active expiry), {@code evicted} ({@link
     * Eviction#perform}) and {@code new}.
     *
     * @param type the event's class as Redis's bit: 4 generic ({@code g}), 8 string ({@code $}),
     *     256 expired ({@code x}), 512 evicted ({@code e}), 16384 new ({@code n})
     * @param event the event name, e.g. {@code "del"}
     * @param key the key (do not change the array)
     * @param db the database number
     */
    default void keyspaceEvent(int type, String event, byte[] key, int db) {}

    /**
     * Whether the listener wants the commands the keyspace propagates ({@link #propagated}); while
     * false the keyspace gathers none. Asked before each propagated command.
     *
     * @return true when a replica (or anything else) consumes the replication stream
     */
    default boolean replicating() {
      return false;
    }

    /**
     * One command of the replication stream, in Redis 7.0.15's propagation form (the effects of a
     * write: {@code EXPIRE} as {@code PEXPIREAT}, {@code SET EX} as {@code SET PXAT}, expired keys
     * as {@code DEL}, a script as the writes it made, several commands of one unit wrapped in
     * {@code MULTI}/{@code EXEC}). The listener emits {@code SELECT} when {@code db} differs from
     * the previous command's. Redis: propagateNow, replicationFeedSlaves.
     *
     * @param db the database the command applies to
     * @param argv the command (do not change the arrays)
     */
    default void propagated(int db, byte[][] argv) {}
  }

  /**
   * Opens a unit of propagation: the commands propagated until the matching {@link
   * #endPropagationUnit()} go out together (in {@code MULTI}/{@code EXEC} when more than one), as
   * Redis's call() propagates everything a top-level command did (a script's writes, an {@code
   * EXEC}'s commands). Units nest; {@link #execute} opens one around each command itself. Redis:
   * call()'s core_propagates and afterCommand.
   */
  public void beginPropagationUnit() {
    propagation.begin();
  }

  /** Closes the unit {@link #beginPropagationUnit()} opened; the outermost one flushes. */
  public void endPropagationUnit() {
    propagation.end();
  }

  /**
   * Adds a command of the caller's own to the replication stream (a server's {@code PUBLISH}), in
   * the open unit or at once. Redis: alsoPropagate.
   *
   * @param db the database the command applies to
   * @param argv the command
   */
  public void alsoPropagate(int db, byte[]... argv) {
    propagation.add(db, argv.clone());
  }

  /** Redis: propagateDeletion, for a key lazy or active expiry or eviction deleted. */
  void propagateDeletion(int db, byte[] key) {
    propagation.add(db, new byte[][] {Propagation.DEL, key});
  }

  /** Redis: NOTIFY_GENERIC, NOTIFY_STRING, NOTIFY_EXPIRED, NOTIFY_EVICTED, NOTIFY_NEW. */
  static final int NOTIFY_GENERIC = 1 << 2;

  static final int NOTIFY_STRING = 1 << 3;
  static final int NOTIFY_EXPIRED = 1 << 8;
  static final int NOTIFY_EVICTED = 1 << 9;
  static final int NOTIFY_KEY_MISS = 1 << 11;
  static final int NOTIFY_NEW = 1 << 14;

  /** Redis: notifyKeyspaceEvent. */
  void notify(int type, String event, byte[] key, int db) {
    KeyListener l = listener;
    if (l != null) {
      l.keyspaceEvent(type, event, key, db);
    }
  }

  /** Redis: dbAdd's signalKeyAsReady. */
  void keyAdded(Database db, byte[] key, Object value) {
    KeyListener l = listener;
    if (l != null) {
      l.keyAdded(db.id, key, Values.type(value));
      l.keyspaceEvent(NOTIFY_NEW, "new", key, db.id);
    }
  }

  /** Redis: signalKeyAsReady(db, key, OBJ_STREAM). */
  void streamReady(int db, byte[] key) {
    KeyListener l = listener;
    if (l != null) {
      l.streamReady(db, key);
    }
  }

  private long streamNodeMaxBytes = 4096;
  private long streamNodeMaxEntries = 100;

  /**
   * Sets Redis's {@code stream-node-max-bytes} and {@code stream-node-max-entries} (0: no limit):
   * the size of the listpack nodes XADD fills from now on.
   *
   * @param maxBytes the bytes limit (default 4096)
   * @param maxEntries the entries limit (default 100)
   */
  public void setStreamNodeLimits(long maxBytes, long maxEntries) {
    if (maxBytes < 0 || maxEntries < 0) {
      throw new IllegalArgumentException("negative stream node limit");
    }
    this.streamNodeMaxBytes = maxBytes;
    this.streamNodeMaxEntries = maxEntries;
  }

  long streamNodeMaxBytes() {
    return streamNodeMaxBytes;
  }

  long streamNodeMaxEntries() {
    return streamNodeMaxEntries;
  }

  KeyListener listener() {
    return listener;
  }

  /**
   * The session {@link #execute(byte[]...)} uses.
   *
   * @return the default session
   */
  public Session defaultSession() {
    return defaultSession;
  }

  /**
   * Runs one command with the default session.
   *
   * @param argv the command name and its arguments, as a client sends them
   * @return the reply bytes, e.g. {@code "+OK\r\n"}
   */
  public byte[] execute(byte[]... argv) {
    return execute(defaultSession, argv);
  }

  /**
   * Runs one command given as text (UTF-8), with the default session.
   *
   * @param argv the command name and its arguments
   * @return the reply bytes
   */
  public byte[] execute(String... argv) {
    byte[][] a = new byte[argv.length][];
    for (int i = 0; i < argv.length; i++) {
      a[i] = argv[i].getBytes(StandardCharsets.UTF_8);
    }
    return execute(defaultSession, a);
  }

  /**
   * Runs one command for a session: looked up in the table, arity checked, queued if the session is
   * in a {@code MULTI}, else executed. Redis: processCommand.
   *
   * @param session the caller, made by this keyspace
   * @param argv the command name and its arguments
   * @return the reply bytes, in the session's protocol
   * @throws IllegalArgumentException if {@code argv} is empty or the session belongs to another
   *     keyspace
   */
  public byte[] execute(Session session, byte[]... argv) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(argv, "argv");
    if (session.keyspace != this) {
      throw new IllegalArgumentException("the session belongs to another keyspace");
    }
    if (argv.length == 0) {
      throw new IllegalArgumentException("empty command");
    }
    for (byte[] a : argv) {
      Objects.requireNonNull(a, "argv[i]");
    }
    dropEmptyHandedOut();
    Command cmd = table.lookup(argv);
    String refusal = cmd == null ? unknown(argv) : arity(cmd, argv);
    boolean queueing = session.inMulti && !session.execRunning;
    if (refusal != null && queueing && session.outside != null && !table.isKnown(argv[0])) {
      refusal = null; // one of the caller's own commands, vetted by the caller: queue it
    } else if (refusal != null) {
      return reject(session, cmd, refusal);
    }
    if (queueing && (cmd == null || !Transactions.runsInMulti(cmd))) {
      if (!session.dirtyCas && !session.dirtyExec) {
        session.queue.add(argv);
      }
      return new RespWriter(session.protocol).simple("QUEUED").toByteArray();
    }
    propagation.begin();
    try {
      return call(session, cmd, argv, clock.getAsLong());
    } finally {
      propagation.end();
    }
  }

  /** Redis: commandCheckExistence's error text. */
  private String unknown(byte[][] argv) {
    String s;
    if (table.isContainer(argv[0])) {
      String name = Args.cString(argv[0]).toUpperCase(java.util.Locale.ROOT);
      s =
          "ERR unknown subcommand '"
              + clip(Args.cString(argv[1]), 128)
              + "'. Try "
              + name
              + " HELP.";
    } else {
      StringBuilder args = new StringBuilder();
      for (int i = 1; i < argv.length && args.length() < 128; i++) {
        args.append('\'').append(clip(Args.cString(argv[i]), 128 - args.length())).append("' ");
      }
      s =
          "ERR unknown command '"
              + clip(Args.cString(argv[0]), 128)
              + "', with args beginning with: "
              + args;
    }
    return Args.noNewlines(s);
  }

  private static String clip(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }

  /** Redis: commandCheckArity's error text, or null. */
  private static String arity(Command cmd, byte[][] argv) {
    if (cmd.arityAccepts(argv.length)) {
      return null;
    }
    return "ERR wrong number of arguments for '" + cmd.fullName + "' command";
  }

  /** Redis: rejectCommand: flags an open transaction; EXEC itself aborts it. */
  private static byte[] reject(Session session, Command cmd, String error) {
    RespWriter out = new RespWriter(session.protocol);
    if (session.inMulti) {
      session.dirtyExec = true;
    }
    if (cmd != null && cmd.fullName.equals("exec")) {
      session.discardTransaction();
      out.error(
          "EXECABORT Transaction discarded because of: " + error.substring(error.indexOf(' ') + 1));
    } else {
      out.error(error);
    }
    return out.toByteArray();
  }

  /** Redis: call(): runs a command at a fixed time; an error reply replaces anything written. */
  byte[] call(Session session, Command cmd, byte[][] argv, long now) {
    RespWriter out = new RespWriter(session.protocol);
    Call c = new Call(this, session, cmd, argv, out, now);
    propagation.command(cmd);
    long before = dirty;
    long outerNow = callNow;
    callNow = now;
    callDepth++;
    boolean outerReads = readLookups;
    readLookups = cmd.readLookups;
    try {
      cmd.handler.run(c);
    } catch (ReplyError e) {
      c.finish();
      propagate(c, before);
      return new RespWriter(session.protocol).error(e.getMessage()).toByteArray();
    } finally {
      callDepth--;
      callNow = outerNow;
      readLookups = outerReads;
    }
    c.finish();
    propagate(c, before);
    if (dirty != before && !cmd.fullName.equals("exec")) {
      changes++; // EXEC's commands counted themselves
    }
    return out.toByteArray();
  }

  /** The running command's time, or the clock's outside commands (the Java face, RDB loads). */
  long commandTime() {
    return callDepth > 0 ? callNow : clock.getAsLong();
  }

  /** The keys' access clocks (LRU or LFU, by the eviction policy). */
  ObjectClock objectClock() {
    return objectClock;
  }

  /**
   * The eviction policy and the eviction of keys under {@code maxmemory} (for a server).
   *
   * @return this keyspace's eviction
   */
  public Eviction eviction() {
    return eviction;
  }

  /**
   * The number of commands that changed the data set since the keyspace was made, each counted once
   * (a command inside {@code MULTI}/{@code EXEC} or a script counts, {@code EXEC} itself does not;
   * a command that changed nothing, such as a {@code SETBIT} to the bit's value, does not). A
   * server's {@code rdb_changes_since_last_save} is this minus its value at the last save. Redis:
   * server.dirty, which counts each changed key or element.
   *
   * @return the count
   */
  public long changes() {
    return changes;
  }

  /**
   * Redis: call()'s propagation: a command that changed the data set propagates (as rewritten),
   * EXEC never itself.
   */
  private void propagate(Call c, long dirtyBefore) {
    if ((dirty != dirtyBefore || c.forcePropagation) && !c.preventPropagation) {
      propagation.add(c.session.db, c.propagatedArgv());
    }
  }

  CommandTable table() {
    return table;
  }

  Faces.Lookups lookups() {
    if (lookups == null) {
      lookups = new Faces.Lookups(this);
    }
    return lookups;
  }

  Database db(int id) {
    return dbs[id];
  }

  Database[] dbs() {
    return dbs;
  }

  RandomGenerator random() {
    return random;
  }

  long now() {
    return clock.getAsLong();
  }

  /**
   * One incremental sweep of expired keys, as Redis's {@code activeExpireCycle} runs from its cron:
   * databases in turn from where the last sweep stopped, sampling keys that have a TTL and deleting
   * the expired ones, going on in a database while more than 10 % of a sample was expired and the
   * budget lasts.
   *
   * @param maxSampled about how many keys with a TTL the sweep may look at (a scan step visits
   *     whole buckets, so a few more), at least 1
   * @return the number of keys deleted
   * @throws IllegalArgumentException if {@code maxSampled < 1}
   */
  public long activeExpireCycle(int maxSampled) {
    if (maxSampled < 1) {
      throw new IllegalArgumentException("maxSampled < 1: " + maxSampled);
    }
    dropEmptyHandedOut();
    long now = clock.getAsLong();
    long[] budget = {maxSampled};
    long expired = 0;
    propagation.begin();
    propagation.noMulti(); // Redis: activeExpireCycle's DELs are never wrapped
    try {
      for (int n = 0; n < DATABASES && budget[0] > 0; n++) {
        Database db = dbs[expireDb];
        expireDb = (expireDb + 1) % DATABASES;
        expired += ExpireCommands.sweep(db, now, budget);
      }
    } finally {
      propagation.end();
    }
    return expired;
  }

  /**
   * The number of keys in one database, expired keys not yet deleted included (as {@code DBSIZE}).
   *
   * @param db the database number
   * @return the number of keys
   */
  public long dbSize(int db) {
    dropEmptyHandedOut();
    return dbs[Objects.checkIndex(db, DATABASES)].size();
  }

  // ------------------------------------------------------------------ the Java face

  /**
   * The sorted set under {@code key} in the default session's database, created (and stored) when
   * the key does not exist, as a write command would. The value is the stored object itself:
   * changes show in later commands. A value left empty is deleted before the next command, as Redis
   * never keeps an empty key; get it again after a command rather than keep it.
   *
   * @param key the key (UTF-8)
   * @return the sorted set
   * @throws IllegalStateException with Redis's WRONGTYPE text when the key holds another type
   */
  public ZSet zset(String key) {
    return typed(key, ZSet.class, limits::newZSet);
  }

  /**
   * The stream under {@code key} in database {@code db}, or null when the key holds no stream: for
   * a server that blocks XREAD and XREADGROUP (the stream's last ID, its groups). Reading it
   * changes nothing; a key past its expiry time is deleted first, as any lookup does.
   *
   * @param db the database number
   * @param key the key
   * @return the stored stream itself, or null
   */
  public dev.redstruct.stream.RedisStream streamAt(int db, byte[] key) {
    Object v = db(db).lookup(Objects.requireNonNull(key, "key"), clock.getAsLong());
    return v instanceof dev.redstruct.stream.RedisStream s ? s : null;
  }

  /**
   * The list under {@code key}, created when missing; see {@link #zset(String)}.
   *
   * @param key the key (UTF-8)
   * @return the list
   * @throws IllegalStateException when the key holds another type
   */
  public QuickList list(String key) {
    return typed(key, QuickList.class, limits::newList);
  }

  /**
   * The set under {@code key}, created when missing; see {@link #zset(String)}.
   *
   * @param key the key (UTF-8)
   * @return the set
   * @throws IllegalStateException when the key holds another type
   */
  public RedisSet set(String key) {
    return typed(key, RedisSet.class, limits::newSet);
  }

  /**
   * The hash under {@code key}, created when missing; see {@link #zset(String)}.
   *
   * @param key the key (UTF-8)
   * @return the hash
   * @throws IllegalStateException when the key holds another type
   */
  public RedisHash hash(String key) {
    return typed(key, RedisHash.class, limits::newHash);
  }

  /**
   * The type of the value under {@code key} in the default session's database, as {@code TYPE}.
   *
   * @param key the key (UTF-8)
   * @return the type, or empty when the key does not exist (or has expired)
   */
  public Optional<RedisType> type(String key) {
    dropEmptyHandedOut();
    Database db = dbs[defaultSession.db];
    Object v = db.lookup(utf8(key), clock.getAsLong());
    return v == null || Values.isEmpty(v) ? Optional.empty() : Optional.of(Values.type(v));
  }

  /**
   * The type of the value under {@code key} in database {@code db}, as a blocking command's first
   * look at its key (Redis: lookupKeyWrite): a key past its expiry time is deleted first; no {@code
   * keymiss} event.
   *
   * @param db the database number
   * @param key the key
   * @return the type, or empty when the key does not exist (or has expired)
   * @throws IndexOutOfBoundsException if {@code db} is not a database number
   */
  public Optional<RedisType> typeAt(int db, byte[] key) {
    Object v = db(db).lookupNoNotify(Objects.requireNonNull(key, "key"), clock.getAsLong());
    return v == null ? Optional.empty() : Optional.of(Values.type(v));
  }

  private <T> T typed(String key, Class<T> type, Supplier<T> factory) {
    byte[] k = utf8(key);
    Database db = dbs[defaultSession.db];
    Object v = db.lookup(k, clock.getAsLong());
    if (v == null) {
      v = factory.get();
      db.put(k, v);
    } else if (!type.isInstance(v)) {
      throw new IllegalStateException(ReplyError.WRONGTYPE);
    }
    handedOut.put(v, new Object[] {db, k, v});
    return type.cast(v);
  }

  /** Deletes the keys whose values Java callers left empty (Redis has no empty keys). */
  private void dropEmptyHandedOut() {
    if (handedOut.isEmpty()) {
      return;
    }
    for (Object[] h : handedOut.values()) {
      Database db = (Database) h[0];
      byte[] key = (byte[]) h[1];
      if (db.dict.get(key) == h[2] && Values.isEmpty(h[2])) {
        db.delete(key);
      }
    }
    handedOut.clear();
  }

  private static byte[] utf8(String s) {
    return Objects.requireNonNull(s, "key").getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Sets the encoding thresholds of the lists, hashes, sets and sorted sets that commands (and the
   * Java face) create from now on, as Redis's {@code CONFIG SET hash-max-listpack-entries} and the
   * like; existing values keep theirs.
   *
   * @param limits the thresholds
   */
  public void setEncodingLimits(EncodingLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  /**
   * The encoding thresholds new values get.
   *
   * @return the thresholds ({@link EncodingLimits#DEFAULTS} unless set)
   */
  public EncodingLimits encodingLimits() {
    return limits;
  }

  /**
   * Every command of the table (subcommands inside their container), in name order, for a server's
   * {@code COMMAND}.
   *
   * @return the rows
   */
  public java.util.List<CommandInfo> commands() {
    java.util.List<CommandInfo> out = new java.util.ArrayList<>();
    for (Command c : table.commands()) {
      out.add(CommandInfo.of(c));
    }
    out.sort(java.util.Comparator.comparing(CommandInfo::name));
    return out;
  }

  /**
   * The number of keys with a time to live in one database, expired ones not yet deleted included
   * (the {@code expires} of {@code INFO keyspace}).
   *
   * @param db the database number
   * @return the number of keys with an expiry
   */
  public long expiresSize(int db) {
    dropEmptyHandedOut();
    return dbs[Objects.checkIndex(db, DATABASES)].expires.size();
  }

  // ------------------------------------------------------------------ RDB files

  /**
   * Writes every database as an RDB file (version 10, as Redis 7.0.15's {@code SAVE}), keys with
   * their expiry; {@code redis-server} starts on it. The stream is not closed.
   *
   * @param out where the file goes (buffer it)
   * @throws java.io.UncheckedIOException if writing fails
   */
  public void saveRdb(java.io.OutputStream out) {
    dropEmptyHandedOut();
    KeyspaceRdb.save(this, Objects.requireNonNull(out, "out"));
  }

  /**
   * Loads an RDB file (versions 1 to 10, such as a dump Redis {@code SAVE}d) into the databases it
   * names, as a master loads one at start-up: keys already expired now are dropped, empty keys
   * skipped, an existing key is replaced. Values the keyspace cannot hold (streams, module types)
   * are skipped and counted.
   *
   * @param in the file from its first byte; read to its end and closed
   * @return what was loaded
   * @throws dev.redstruct.core.CorruptEncodingException if the file is malformed (keys read before
   *     the fault stay loaded)
   * @throws IllegalArgumentException if the file selects a database past 15
   */
  public RdbLoad loadRdb(java.io.InputStream in) {
    dropEmptyHandedOut();
    return KeyspaceRdb.load(this, Objects.requireNonNull(in, "in"), clock.getAsLong());
  }

  /**
   * What {@link #loadRdb} did.
   *
   * @param loaded keys stored
   * @param expired keys dropped because their time had passed
   * @param unmodelled keys of types the keyspace does not hold (streams, module values)
   * @param emptySkipped keys whose value held no element (Redis skips them too)
   */
  public record RdbLoad(long loaded, long expired, long unmodelled, long emptySkipped) {}
}
