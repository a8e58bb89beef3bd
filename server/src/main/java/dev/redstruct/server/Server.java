package dev.redstruct.server;

import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.RedisType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The event loop: one thread accepts connections, reads, runs every command and writes replies, as
 * Redis's {@code aeMain} with I/O threads off (src/ae.c, src/networking.c, 7.0.15).
 */
final class Server implements Runnable {
  /*
   * Implementation notes. One loop iteration: select; accept new connections; for each readable
   * client read once (16 KB, Redis: PROTO_IOBUF_LEN) and run every whole command in its query
   * buffer (pipelining), stopping after a command that closes the connection; then, as Redis's
   * beforeSleep/handleClientsWithPendingWrites, write every client's pending output directly and
   * ask for OP_WRITE only where the socket did not take it all; close the clients marked for it.
   * Output reaches other clients too (PUBLISH, CLIENT KILL), so the write pass covers all clients
   * with pending output, not only the one that ran a command.
   *
   * A client marked close-after-reply is closed once its output is written; one that got no
   * output (CLIENT REPLY OFF, then QUIT) is never written to and stays open, as in Redis.
   *
   * A query buffer over client-query-buffer-limit closes the connection without a reply (Redis:
   * readQueryFromClient). A protocol error sends its reply and closes after it.
   */
  private static final int READ_SIZE = 16 * 1024;

  /** The cron's period (Redis: 1000 / hz, hz 10). */
  private static final long CRON_MILLIS = 100;

  final ServerOptions options;

  /** The engine, its session type erased: sessions are only ever handed back to it. */
  final CommandEngine<Object> engine;

  final PubSub pubsub = new PubSub();
  final Blocking blocking = new Blocking(this);
  final Notifications notifications = new Notifications(pubsub);
  final Replication replication = new Replication(this);
  private final long[] pubsubLimit;
  private final Commands commands = new Commands(this);
  private final Map<Long, Client> clients = new LinkedHashMap<>();
  private final Selector selector;
  private final ServerSocketChannel listener;
  private final ByteBuffer readBuf = ByteBuffer.allocateDirect(READ_SIZE);
  private final List<Client> toClose = new ArrayList<>();
  private long nextId = 1;
  private volatile boolean running = true;

  /** CONFIG GET/SET's table; the options' values are in it. */
  final ServerConfig config;

  /** INFO's counters. */
  final Stats stats = new Stats();

  Server(ServerOptions options, CommandEngine<?> engine) throws IOException {
    this(options, engine, ServerConfig.of(options));
  }

  @SuppressWarnings("unchecked")
  Server(ServerOptions options, CommandEngine<?> engine, ServerConfig config) throws IOException {
    this.config = config;
    this.options = options;
    this.engine = (CommandEngine<Object>) engine;
    this.pubsubLimit = options.pubsubOutputBufferLimit();
    if (engine instanceof KeyspaceEngine k) {
      k.keyspace.setKeyListener(new KeyspaceSignals());
    }
    this.selector = Selector.open();
    this.listener = ServerSocketChannel.open();
    try {
      listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
      listener.bind(new InetSocketAddress(options.bind(), options.port()), 511);
      listener.configureBlocking(false);
      listener.register(selector, SelectionKey.OP_ACCEPT);
    } catch (IOException | RuntimeException e) {
      listener.close();
      selector.close();
      throw e;
    }
    config.put("port", Integer.toString(port()));
    try {
      commands.admin.start(); // loads the RDB file when started the redis-server way
    } catch (RuntimeException e) {
      listener.close();
      selector.close();
      throw e;
    }
  }

  /** The password in force ({@code CONFIG SET requirepass}), or null. */
  String requirePass() {
    String p = config.get("requirepass");
    return p.isEmpty() ? null : p;
  }

  /** CONFIG SET changed values: hands them to whoever applies them. */
  void configChanged() {
    AdminCommands.applyConfig(this);
  }

  /** What the keyspace tells the server: keys for blocked clients, keyspace events. */
  private final class KeyspaceSignals implements Keyspace.KeyListener {
    @Override
    public void keyAdded(int db, byte[] key, RedisType type) {
      blocking.keyAdded(db, key, type);
    }

    @Override
    public void streamReady(int db, byte[] key) {
      blocking.streamReady(db, key);
    }

    @Override
    public void databasesSwapped(int db1, int db2) {
      blocking.databasesSwapped(db1, db2);
    }

    @Override
    public void keyspaceEvent(int type, String event, byte[] key, int db) {
      notifications.publish(type, event, key, db);
    }

    @Override
    public boolean replicating() {
      return replication.active();
    }

    @Override
    public void propagated(int db, byte[][] argv) {
      replication.feed(db, argv);
    }
  }

  Commands commands() {
    return commands;
  }

  /** Whether the engine is the keyspace (the blocking pops need it). */
  boolean hasKeyspace() {
    return (CommandEngine<?>) engine instanceof KeyspaceEngine;
  }

  int port() {
    return ((InetSocketAddress) listener.socket().getLocalSocketAddress()).getPort();
  }

  Collection<Client> clients() {
    return clients.values();
  }

  Client client(long id) {
    return clients.get(id);
  }

  boolean inTransaction(Client c) {
    return engine.inTransaction(c.session);
  }

  int selectedDb(Client c) {
    return engine.selectedDb(c.session);
  }

  /** Stops the loop; the loop thread closes everything on its way out. */
  void stop() {
    running = false;
    selector.wakeup();
  }

  /** The keys of one select, in the order epoll reported them (the event loop's only). */
  private final java.util.List<SelectionKey> ready = new java.util.ArrayList<>();

  @Override
  public void run() {
    long nextCron = System.currentTimeMillis() + CRON_MILLIS;
    long nextTimeout = 0;
    try {
      while (running) {
        long wake = nextTimeout == 0 ? nextCron : Math.min(nextCron, nextTimeout);
        // the action form hands over the ready keys in the order epoll_wait reported them (its
        // ready list is first-ready, first-out), as Redis's aeProcessEvents walks them; the
        // selected-key set would hand them over in hash order, so two clients whose commands
        // arrived in one wait would run in an arbitrary order. The keys are collected first and
        // handled after the select returns: a busy script serves other clients from inside a
        // handler and selects again, which a select still in progress refuses
        ready.clear();
        selector.select(ready::add, Math.max(1, wake - System.currentTimeMillis()));
        for (SelectionKey k : ready) {
          handle(k);
        }
        nextTimeout = processUnblocked();
        beforeSleep();
        long now = System.currentTimeMillis();
        if (now >= nextCron) {
          if (commands.admin.activeExpire) {
            engine.cron();
          }
          nextCron = now + CRON_MILLIS;
        }
      }
    } catch (IOException | ClosedSelectorException e) {
      // the selector broke: nothing to serve any more
    } finally {
      shutdown();
    }
  }

  /**
   * Handles the selected keys, except the one of {@code skip} (the caller of a busy script). The
   * keys are taken out of the selector's set first: a busy script serves other clients from inside
   * this loop and selects again.
   */
  private void skipOrHandle(SelectionKey k, Client skip) {
    if (k.attachment() != skip) {
      handle(k);
    }
  }

  /**
   * Whether this master has fewer replicas connected than min-replicas-to-write asks (a connected
   * replica counts as good: ours acknowledge as they read). Redis: checkGoodReplicasStatus.
   */
  boolean tooFewReplicas() {
    long toWrite = config.getLong("min-replicas-to-write");
    long maxLag = config.getLong("min-replicas-max-lag");
    return replication.masterHost() == null
        && toWrite != 0
        && maxLag != 0
        && replication.count() < toWrite;
  }

  /**
   * Whether the last command found the server out of memory (Redis: server.pre_command_oom_state):
   * a script's denyoom commands are then refused until it has written.
   */
  boolean outOfMemory() {
    return preCommandOom;
  }

  private boolean preCommandOom;

  /** CONFIG SET maxmemory asked for an eviction round at the next turn of the loop. */
  boolean evictionPending;

  /**
   * Frees memory over {@code maxmemory} by the policy, before a command (and after CONFIG SET
   * maxmemory). The used memory is the JVM heap in use, as INFO's used_memory; an evicted key
   * counts as freeing its MEMORY USAGE estimate (the heap falls only at the next collection).
   * Redis: performEvictions (src/evict.c); a replica that ignores maxmemory evicts nothing.
   *
   * @return true when memory could not be freed (Redis: EVICT_FAIL): denyoom commands are refused
   */
  boolean performEvictions() {
    long max = config.getLong("maxmemory");
    if (max <= 0
        || (replication.masterHost() != null && config.getBool("replica-ignore-maxmemory"))) {
      return false;
    }
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    if (used <= max) {
      return false;
    }
    Object e = engine;
    if (!(e instanceof KeyspaceEngine ke)) {
      return true;
    }
    dev.redstruct.keyspace.Eviction.Result r = ke.keyspace.eviction().perform(used - max);
    stats.evictedKeys += r.evicted();
    return !r.enough();
  }

  /** Redis: processCommand's maxmemory step: evicts, and remembers the outcome for scripts. */
  boolean evictBeforeCommand() {
    if (config.getLong("maxmemory") <= 0) {
      preCommandOom = false; // Redis: scriptVerifyOOM asks server.maxmemory first
      return false;
    }
    if (busyCaller != null) {
      return false; // Redis: no eviction while a busy script re-enters the loop
    }
    preCommandOom = performEvictions();
    return preCommandOom;
  }

  /** INFO's script counts: cached EVAL scripts, functions, libraries. */
  long[] scriptCounts() {
    return commands.scripts.counts();
  }

  /** The keyspace's clock when the server made the keyspace (it stops during scripts); or null. */
  ScriptClock scriptClock;

  /** The caller of the script that timed out, while it runs; else null. */
  Client busyCaller;

  /** Whether that script is an EVAL script (BUSY's text names SCRIPT KILL, else FUNCTION KILL). */
  boolean busyEval;

  /**
   * Serves the other clients while a script that ran past busy-reply-threshold keeps running: they
   * get BUSY but for the few commands allowed then; the caller's own input waits. Redis:
   * processEventsWhileBlocked (four rounds of events, without waiting), protectClient.
   *
   * @return true if the server is shutting down (SHUTDOWN): the script must end
   */
  boolean processEventsWhileBlocked(Client caller, boolean eval) {
    Client previousCaller = busyCaller;
    boolean previousEval = busyEval;
    busyCaller = caller;
    busyEval = eval;
    try {
      for (int i = 0; i < 4; i++) {
        List<SelectionKey> nested = new ArrayList<>();
        int n = selector.selectNow(nested::add); // epoll's order, as the loop
        nested.forEach(k -> skipOrHandle(k, caller));
        beforeSleep();
        if (n == 0) {
          break;
        }
      }
    } catch (IOException | ClosedSelectorException e) {
      // the selector broke: the loop notices once the script is over
    } finally {
      busyCaller = previousCaller;
      busyEval = previousEval;
    }
    return !running;
  }

  private void handle(SelectionKey k) {
    if (!k.isValid()) {
      return;
    }
    if (k.isAcceptable()) {
      accept();
      return;
    }
    Client c = (Client) k.attachment();
    if (k.isReadable()) {
      read(c);
    }
    if (k.isValid() && k.isWritable()) {
      write(c);
    }
  }

  private void accept() {
    SocketChannel ch;
    try {
      while ((ch = listener.accept()) != null) {
        ch.configureBlocking(false);
        ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        long now = System.currentTimeMillis();
        Client c =
            new Client(
                nextId++,
                ch,
                options.protoMaxBulkLen(),
                format(ch.getRemoteAddress()),
                format(ch.getLocalAddress()),
                now);
        c.authenticated = requirePass() == null;
        stats.connectionsReceived++;
        c.session =
            engine.newSession(
                (CommandEngine.ConnectionCommands) argv -> commands.runForExec(c, argv));
        c.key = ch.register(selector, SelectionKey.OP_READ, c);
        clients.put(c.id, c);
      }
    } catch (IOException e) {
      // a connection that failed while being accepted: drop it, keep serving
    }
  }

  /** Redis: the ip:port form of an address ("[::1]:6379" for IPv6). */
  private static String format(SocketAddress a) {
    InetSocketAddress in = (InetSocketAddress) a;
    String ip = in.getAddress().getHostAddress();
    int pct = ip.indexOf('%');
    if (pct >= 0) {
      ip = ip.substring(0, pct);
    }
    return (ip.indexOf(':') >= 0 ? "[" + ip + "]" : ip) + ":" + in.getPort();
  }

  /** Redis: readQueryFromClient, then processInputBuffer. */
  private void read(Client c) {
    if (c.closeAfterReply || c.closeAsap) {
      return;
    }
    int n;
    readBuf.clear();
    try {
      n = c.channel.read(readBuf);
    } catch (IOException e) {
      n = -1;
    }
    if (n < 0) {
      free(c);
      return;
    }
    readBuf.flip();
    c.reader.append(readBuf);
    c.lastInteractionMillis = System.currentTimeMillis();
    if (c.reader.pending() > options.clientQueryBufferLimit()) {
      free(c);
      return;
    }
    processInput(c);
  }

  /**
   * Times out blocked clients, then runs the pending input of every client that was unblocked.
   * Redis: handleBlockedClientsTimeout and processUnblockedClients (beforeSleep).
   *
   * @return the earliest deadline of a client still blocked, or 0
   */
  private long processUnblocked() {
    long next;
    boolean ran;
    do {
      next = blocking.timeouts(System.currentTimeMillis());
      ran = false;
      Client u;
      while ((u = blocking.nextUnblocked()) != null) {
        ran = true;
        if (clients.containsKey(u.id) && u.blocked == null) {
          processInput(u);
        }
      }
    } while (ran);
    return next;
  }

  /** Redis: processInputBuffer. */
  private void processInput(Client c) {
    while (!c.closeAfterReply && !c.closeAsap && c.blocked == null) {
      byte[][] argv = c.reader.next(commands.authRequired(c));
      if (argv == null) {
        break;
      }
      long sum = 0;
      for (byte[] a : argv) {
        sum += a.length;
      }
      c.argvLenSum = sum;
      commands.process(c, argv);
      c.argvLenSum = 0;
      blocking.handleReady(); // Redis: handleClientsBlockedOnKeys after the command
    }
    if (c.reader.error() != null && !c.closeAsap) {
      c.reply(Commands.error(c.reader.error()));
      c.closeAfterReply = true;
    }
  }

  private void write(Client c) {
    boolean all;
    try {
      all = c.flush();
    } catch (IOException e) {
      toClose.add(c);
      return;
    }
    if (all && c.closeAfterReply) {
      toClose.add(c);
    } else if (c.key.isValid()) {
      // stop reading from a client that is closing, so a readable socket does not spin the loop
      int ops = c.closeAfterReply || c.closeAsap ? 0 : SelectionKey.OP_READ;
      c.key.interestOps(all ? ops : ops | SelectionKey.OP_WRITE);
    }
  }

  /** Redis: beforeSleep's handleClientsWithPendingWrites and freeClientsInAsyncFreeQueue. */
  private void beforeSleep() {
    if (evictionPending && busyCaller == null) { // Redis: startEvictionTimeProc's timer proc
      evictionPending = false;
      performEvictions();
    }
    for (Client c : clients.values()) { // write() never removes a client: it queues in toClose
      if (c.closeAsap && c != busyCaller) {
        toClose.add(c);
      } else if (c.writePending) {
        // only a client that was given output is written to, and closed after it; so a QUIT
        // whose +OK CLIENT REPLY OFF silenced leaves the connection open, as in Redis
        c.writePending = false;
        if ((c.key.interestOps() & SelectionKey.OP_WRITE) == 0) {
          write(c);
        }
        if (c.inPubSub() && outputLimitReached(c)) {
          toClose.add(c);
        }
      }
    }
    for (Client c : toClose) {
      if (c != busyCaller) { // a busy script's caller is freed after the script (protectClient)
        free(c);
      }
    }
    toClose.clear();
  }

  /**
   * Whether a subscriber's unsent output broke the pubsub limit. Redis:
   * checkClientOutputBufferLimits.
   */
  private boolean outputLimitReached(Client c) {
    long used = c.pendingOutput();
    boolean hard = pubsubLimit[0] > 0 && used >= pubsubLimit[0];
    boolean soft = pubsubLimit[1] > 0 && used >= pubsubLimit[1];
    long now = System.currentTimeMillis();
    if (!soft) {
      c.softLimitSinceMillis = 0;
    } else if (c.softLimitSinceMillis == 0) {
      c.softLimitSinceMillis = now;
      soft = false;
    } else {
      soft = now - c.softLimitSinceMillis > pubsubLimit[2] * 1000;
    }
    return hard || soft;
  }

  /** Kills a client now (CLIENT KILL). Redis: freeClient. */
  void kill(Client c) {
    c.closeAsap = true;
  }

  /** Redis: freeClient. */
  private void free(Client c) {
    if (clients.remove(c.id) == null) {
      return;
    }
    pubsub.forget(c);
    replication.forget(c);
    blocking.unblock(c, false);
    engine.reset(c.session);
    c.key.cancel();
    try {
      c.channel.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  private void shutdown() {
    for (Client c : new ArrayList<>(clients.values())) {
      free(c);
    }
    try {
      listener.close();
    } catch (IOException e) {
      // best effort
    }
    try {
      selector.close();
    } catch (IOException e) {
      // best effort
    }
  }
}
