package dev.redstruct.server;

import dev.redstruct.core.resp.Glob;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Redis 7.0.15's configuration table (src/config.c {@code static_configs}): every directive's name,
 * alias, kind, flags, bounds and default, the values in force, and the parsing and validation
 * {@code CONFIG SET}, a config file and command-line flags share. Not thread-safe: the command
 * thread owns it once the server runs.
 */
final class ServerConfig {
  /*
   * Implementation notes. One row per directive: name, alias ("-" for none), kind, flags ("-" or
   * I immutable, H hidden, P protected, A multi-argument), bounds ("min..max" for numbers, the
   * values of an enum, "-"), default ("~" stands for a space, "" for empty). The rows were
   * written from config.c's static_configs (kinds, flags, bounds, enum values) and from what a
   * redis-server 7.0.15 started with no config file answers to CONFIG GET * (defaults), except
   * the ones that describe that process: bind 127.0.0.1 (Redis: "* -::*"), daemonize no, dir = the
   * working directory, pidfile "", port 6379, save "3600 1 300 100 60 10000" (Redis's default).
   */
  private static final String ROWS =
      """
        rdbchecksum - bool I - yes
        daemonize - bool I - no
        io-threads-do-reads - bool I - no
        always-show-logo - bool I - no
        protected-mode - bool - - yes
        rdbcompression - bool - - yes
        rdb-del-sync-files - bool - - no
        activerehashing - bool - - yes
        stop-writes-on-bgsave-error - bool - - yes
        set-proc-title - bool I - yes
        dynamic-hz - bool - - yes
        lazyfree-lazy-eviction - bool - - no
        lazyfree-lazy-expire - bool - - no
        lazyfree-lazy-server-del - bool - - no
        lazyfree-lazy-user-del - bool - - no
        lazyfree-lazy-user-flush - bool - - no
        repl-disable-tcp-nodelay - bool - - no
        repl-diskless-sync - bool - - yes
        aof-rewrite-incremental-fsync - bool - - yes
        no-appendfsync-on-rewrite - bool - - no
        cluster-require-full-coverage - bool - - yes
        rdb-save-incremental-fsync - bool - - yes
        aof-load-truncated - bool - - yes
        aof-use-rdb-preamble - bool - - yes
        aof-timestamp-enabled - bool - - no
        cluster-replica-no-failover cluster-slave-no-failover bool - - no
        replica-lazy-flush slave-lazy-flush bool - - no
        replica-serve-stale-data slave-serve-stale-data bool - - yes
        replica-read-only slave-read-only bool - - yes
        replica-ignore-maxmemory slave-ignore-maxmemory bool - - yes
        jemalloc-bg-thread - bool - - yes
        activedefrag - bool - - no
        syslog-enabled - bool I - no
        cluster-enabled - bool I - no
        appendonly - bool - - no
        cluster-allow-reads-when-down - bool - - no
        cluster-allow-pubsubshard-when-down - bool - - yes
        crash-log-enabled - bool - - yes
        crash-memcheck-enabled - bool - - yes
        use-exit-on-panic - bool H - no
        disable-thp - bool I - yes
        cluster-allow-replica-migration - bool - - yes
        replica-announced - bool - - yes
        latency-tracking - bool - - yes
        aof-disable-auto-gc - bool - - no
        replica-ignore-disk-write-errors - bool - - no
        aclfile - string I - ""
        unixsocket - string I - ""
        pidfile - string I - ""
        replica-announce-ip slave-announce-ip string - - ""
        masteruser - string - - ""
        cluster-announce-ip - string - - ""
        cluster-config-file - string I - nodes.conf
        cluster-announce-hostname - string - - ""
        syslog-ident - string I - redis
        dbfilename - string P - dump.rdb
        appendfilename - string I - appendonly.aof
        appenddirname - string I - appendonlydir
        server_cpulist - string I - ""
        bio_cpulist - string I - ""
        aof_rewrite_cpulist - string I - ""
        bgsave_cpulist - string I - ""
        ignore-warnings - string - - ""
        proc-title-template - string - - {title}~{listen-addr}~{server-mode}
        bind-source-addr - string - - ""
        logfile - string I - ""
        masterauth - string - - ""
        requirepass - string - - ""
        supervised - enum I upstart,systemd,auto,no no
        syslog-facility - enum I user,local0,local1,local2,local3,local4,local5,local6,local7 local0
        repl-diskless-load - enum - disabled,on-empty-db,swapdb disabled
        loglevel - enum - debug,verbose,notice,warning notice
        maxmemory-policy - enum - volatile-lru,volatile-lfu,volatile-random,volatile-ttl,allkeys-lru,allkeys-lfu,allkeys-random,noeviction noeviction
        appendfsync - enum - everysec,always,no everysec
        oom-score-adj - enum - no,yes,relative,absolute no
        acl-pubsub-default - enum - allchannels,resetchannels resetchannels
        sanitize-dump-payload - enum - no,yes,clients no
        enable-protected-configs - enum I no,yes,local no
        enable-debug-command - enum I no,yes,local no
        enable-module-command - enum I no,yes,local no
        cluster-preferred-endpoint-type - enum - ip,hostname,unknown-endpoint ip
        propagation-error-behavior - enum - ignore,panic,panic-on-replicas ignore
        shutdown-on-sigint - enum A default,save,nosave,now,force default
        shutdown-on-sigterm - enum A default,save,nosave,now,force default
        databases - int I 1..2147483647 16
        port - int - 0..65535 6379
        io-threads - int I 1..128 1
        auto-aof-rewrite-percentage - int - 0..2147483647 100
        cluster-replica-validity-factor cluster-slave-validity-factor int - 0..2147483647 10
        list-max-listpack-size list-max-ziplist-size int - -2147483648..2147483647 -2
        tcp-keepalive - int - 0..2147483647 300
        cluster-migration-barrier - int - 0..2147483647 1
        active-defrag-cycle-min - int - 1..99 1
        active-defrag-cycle-max - int - 1..99 25
        active-defrag-threshold-lower - int - 0..1000 10
        active-defrag-threshold-upper - int - 0..1000 100
        lfu-log-factor - int - 0..2147483647 10
        lfu-decay-time - int - 0..2147483647 1
        replica-priority slave-priority int - 0..2147483647 100
        repl-diskless-sync-delay - int - 0..2147483647 5
        maxmemory-samples - int - 1..2147483647 5
        maxmemory-eviction-tenacity - int - 0..100 10
        timeout - int - 0..2147483647 0
        replica-announce-port slave-announce-port int - 0..65535 0
        tcp-backlog - int I 0..2147483647 511
        cluster-port - int I 0..65535 0
        cluster-announce-bus-port - int - 0..65535 0
        cluster-announce-port - int - 0..65535 0
        cluster-announce-tls-port - int - 0..65535 0
        repl-timeout - int - 1..2147483647 60
        repl-ping-replica-period repl-ping-slave-period int - 1..2147483647 10
        list-compress-depth - int - 0..2147483647 0
        rdb-key-save-delay - int H -2147483648..2147483647 0
        key-load-delay - int H -2147483648..2147483647 0
        active-expire-effort - int - 1..10 1
        hz - int - 0..2147483647 10
        min-replicas-to-write min-slaves-to-write int - 0..2147483647 0
        min-replicas-max-lag min-slaves-max-lag int - 0..2147483647 10
        watchdog-period - int H 0..2147483647 0
        shutdown-timeout - int - 0..2147483647 10
        repl-diskless-sync-max-replicas - int - 0..2147483647 0
        maxclients - int - 1..4294967295 10000
        unixsocketperm - octal I 0..511 0
        socket-mark-id - int I 0..4294967295 0
        active-defrag-max-scan-fields - int - 1..9223372036854775807 1000
        slowlog-max-len - int - 0..9223372036854775807 128
        acllog-max-len - int - 0..9223372036854775807 128
        busy-reply-threshold lua-time-limit int - 0..9223372036854775807 5000
        cluster-node-timeout - int - 0..9223372036854775807 15000
        slowlog-log-slower-than - int - -1..9223372036854775807 10000
        latency-monitor-threshold - int - 0..9223372036854775807 0
        proto-max-bulk-len - memory - 1048576..9223372036854775807 536870912
        stream-node-max-entries - int - 0..9223372036854775807 100
        repl-backlog-size - memory - 1..9223372036854775807 1048576
        maxmemory - memory - 0..9223372036854775807 0
        cluster-link-sendbuf-limit - memory - 0..9223372036854775807 0
        hash-max-listpack-entries hash-max-ziplist-entries int - 0..9223372036854775807 512
        set-max-intset-entries - int - 0..9223372036854775807 512
        zset-max-listpack-entries zset-max-ziplist-entries int - 0..9223372036854775807 128
        active-defrag-ignore-bytes - memory - 1..9223372036854775807 104857600
        hash-max-listpack-value hash-max-ziplist-value memory - 0..9223372036854775807 64
        stream-node-max-bytes - memory - 0..9223372036854775807 4096
        zset-max-listpack-value zset-max-ziplist-value memory - 0..9223372036854775807 64
        hll-sparse-max-bytes - memory - 0..9223372036854775807 3000
        tracking-table-max-keys - int - 0..9223372036854775807 1000000
        client-query-buffer-limit - memory - 1048576..9223372036854775807 1073741824
        maxmemory-clients - percent - -100..9223372036854775807 0
        repl-backlog-ttl - int - 0..9223372036854775807 3600
        auto-aof-rewrite-min-size - memory - 0..9223372036854775807 67108864
        loading-process-events-interval-bytes - int H 1024..2147483647 2097152
        tls-port - int - 0..65535 0
        tls-session-cache-size - int - 0..2147483647 20480
        tls-session-cache-timeout - int - 0..2147483647 300
        tls-cluster - bool - - no
        tls-replication - bool - - no
        tls-auth-clients - enum - no,yes,optional yes
        tls-prefer-server-ciphers - bool - - no
        tls-session-caching - bool - - yes
        tls-cert-file - string - - ""
        tls-key-file - string - - ""
        tls-key-file-pass - string - - ""
        tls-client-cert-file - string - - ""
        tls-client-key-file - string - - ""
        tls-client-key-file-pass - string - - ""
        tls-dh-params-file - string - - ""
        tls-ca-cert-file - string - - ""
        tls-ca-cert-dir - string - - ""
        tls-protocols - string - - ""
        tls-ciphers - string - - ""
        tls-ciphersuites - string - - ""
        dir - special P - ""
        save - special A - 3600~1~300~100~60~10000
        client-output-buffer-limit - special A - normal~0~0~0~slave~268435456~67108864~60~pubsub~33554432~8388608~60
        oom-score-adj-values - special A - 0~200~800
        notify-keyspace-events - special - - ""
        bind - special A - 127.0.0.1
        replicaof slaveof special IA - ""
        latency-tracking-info-percentiles - special A - 50~99~99.9
      """;

  enum Kind {
    BOOL,
    STRING,
    ENUM,
    INT,
    MEMORY,
    PERCENT,
    OCTAL,
    SPECIAL
  }

  /** One directive of the table. */
  record Def(
      String name,
      String alias,
      Kind kind,
      boolean immutable,
      boolean hidden,
      boolean protectedConfig,
      boolean multiArg,
      long min,
      long max,
      List<String> enumValues,
      String defaultValue) {}

  private static final List<Def> DEFS = new ArrayList<>();
  private static final Map<String, Def> BY_NAME = new HashMap<>();

  static {
    for (int at = 0, end; at < ROWS.length(); at = end + 1) {
      end = ROWS.indexOf('\n', at);
      String[] p = fields(ROWS, at, end < 0 ? end = ROWS.length() : end);
      if (p == null) {
        continue;
      }
      Kind kind = Kind.valueOf(p[2].toUpperCase(Locale.ROOT));
      long min = 0;
      long max = 0;
      List<String> values = List.of();
      if (kind == Kind.ENUM) {
        values = List.of(p[4].split(","));
      } else if (!p[4].equals("-")) {
        int dots = p[4].indexOf("..", 1);
        min = Long.parseLong(p[4].substring(0, dots));
        max = Long.parseLong(p[4].substring(dots + 2));
      }
      String dflt = p[5].equals("\"\"") ? "" : p[5].replace('~', ' ');
      Def d =
          new Def(
              p[0],
              p[1].equals("-") ? null : p[1],
              kind,
              p[3].contains("I"),
              p[3].contains("H"),
              p[3].contains("P"),
              p[3].contains("A"),
              min,
              max,
              values,
              dflt);
      DEFS.add(d);
      BY_NAME.put(d.name, d);
      if (d.alias != null) {
        BY_NAME.put(d.alias, d);
      }
    }
  }

  /**
   * The six space-separated fields of {@code rows[from, to)} (leading spaces skipped), or null for
   * another count. A scan, not {@code trim().split(" ")}: the table is parsed as the first server
   * of a JVM starts, still interpreted, where that costs ~1.5 ms more (issue 34).
   */
  private static String[] fields(String rows, int from, int to) {
    String[] f = new String[6];
    int n = 0;
    int i = from;
    while (i < to && rows.charAt(i) == ' ') {
      i++;
    }
    while (i < to) {
      int sp = rows.indexOf(' ', i);
      int stop = sp < 0 || sp > to ? to : sp;
      if (n == 6) {
        return null;
      }
      f[n++] = rows.substring(i, stop);
      i = stop + 1;
    }
    return n == 6 ? f : null;
  }

  private final Map<String, String> values = new HashMap<>();

  /** Whether the server loads {@code dir}/{@code dbfilename} at start (redis-server's way). */
  boolean loadAtStart;

  /** The config file named on the command line, or null. */
  String configFile;

  /** A table holding every default, {@code dir} the working directory. */
  ServerConfig() {
    for (Def d : DEFS) {
      values.put(d.name, d.defaultValue);
    }
    values.put("dir", Path.of("").toAbsolutePath().toString());
  }

  /** The table for a server started with {@code options}: its address, password and limits. */
  static ServerConfig of(ServerOptions options) {
    ServerConfig c = new ServerConfig();
    c.put("save", ""); // an embedded server writes no file unless told to (SAVE, --save)
    c.put("port", Integer.toString(options.port()));
    c.put("bind", options.bind());
    c.put("requirepass", options.requirePass() == null ? "" : options.requirePass());
    c.put("proto-max-bulk-len", Long.toString(options.protoMaxBulkLen()));
    c.put("client-query-buffer-limit", Long.toString(options.clientQueryBufferLimit()));
    long[] p = options.pubsubOutputBufferLimit();
    // joined, not concatenated: a first concatenation of this shape costs a cold JVM ~10 ms
    c.put(
        "client-output-buffer-limit",
        String.join(
            " ",
            "normal 0 0 0 slave 268435456 67108864 60 pubsub",
            Long.toString(p[0]),
            Long.toString(p[1]),
            Long.toString(p[2])));
    return c;
  }

  /**
   * The network options this table names: port, the first {@code bind} address ({@code *} is every
   * interface), password, limits.
   */
  ServerOptions toOptions() {
    String bind = get("bind").split(" ")[0];
    if (bind.startsWith("-")) {
      bind = bind.substring(1);
    }
    bind = bind.equals("*") ? "0.0.0.0" : bind.equals("::*") ? "::" : bind;
    String[] cob = get("client-output-buffer-limit").split(" ");
    String pass = get("requirepass");
    return ServerOptions.defaults()
        .port((int) getLong("port"))
        .bind(bind)
        .requirePass(pass.isEmpty() ? null : pass)
        .protoMaxBulkLen(getLong("proto-max-bulk-len"))
        .clientQueryBufferLimit(getLong("client-query-buffer-limit"))
        .pubsubOutputBufferLimit(
            Long.parseLong(cob[9]), Long.parseLong(cob[10]), Integer.parseInt(cob[11]));
  }

  /** The directive named (any case, alias or name), or null. Redis: lookupConfig. */
  static Def lookup(String name) {
    return BY_NAME.get(name.toLowerCase(Locale.ROOT));
  }

  /** Every directive, in table order. */
  static List<Def> defs() {
    return DEFS;
  }

  /** The value in force, as CONFIG GET prints it. */
  String get(String name) {
    Def d = lookup(name);
    if (d == null) {
      throw new IllegalArgumentException("no such config " + name);
    }
    return values.get(d.name);
  }

  long getLong(String name) {
    return Long.parseLong(get(name));
  }

  boolean getBool(String name) {
    return get(name).equals("yes");
  }

  /**
   * Sets one directive from its arguments, after validation, as {@code interface.set}: the stored
   * form is what CONFIG GET will print.
   *
   * @return null if set, else the error text (Redis's {@code *err})
   */
  String set(Def d, List<String> args) {
    String v;
    if (d.multiArg && d.kind == Kind.SPECIAL) {
      v = null;
    } else if (args.size() != 1) {
      return "wrong number of arguments";
    } else {
      v = args.get(0);
    }
    String stored;
    switch (d.kind) {
      case BOOL:
        String b = v.toLowerCase(Locale.ROOT);
        if (!b.equals("yes") && !b.equals("no")) {
          return "argument must be 'yes' or 'no'";
        }
        stored = b;
        break;
      case STRING:
        if (d.name.equals("dbfilename") && v.contains("/")) {
          return "dbfilename can't be a path, just a filename";
        }
        stored = v;
        break;
      case ENUM:
        stored = enumValue(d, v);
        if (stored == null) {
          return "argument(s) must be one of the following: " + String.join(", ", d.enumValues);
        }
        break;
      case SPECIAL:
        return setSpecial(d, args);
      default:
        Object n = ConfigValues.parseNumber(d, v);
        if (n instanceof String) {
          return (String) n;
        }
        stored = ConfigValues.formatNumber(d, (Long) n);
    }
    values.put(d.name, stored);
    return null;
  }

  private static String enumValue(Def d, String v) {
    if (d.multiArg) {
      StringBuilder sb = new StringBuilder();
      for (String part : v.split(" ")) {
        String one = enumValue1(d, part);
        if (one == null) {
          return null;
        }
        sb.append(sb.length() == 0 ? "" : " ").append(one);
      }
      return sb.length() == 0 ? null : sb.toString();
    }
    return enumValue1(d, v);
  }

  private static String enumValue1(Def d, String v) {
    for (String e : d.enumValues) {
      if (e.equalsIgnoreCase(v)) {
        return e;
      }
    }
    return null;
  }

  private String setSpecial(Def d, List<String> args) {
    Object r = ConfigValues.special(d.name, args, values.get(d.name));
    if (r instanceof String[]) {
      return ((String[]) r)[0];
    }
    values.put(d.name, (String) r);
    return null;
  }

  /** Puts a value without validation (the server's own facts: port chosen, dir resolved). */
  void put(String name, String value) {
    values.put(lookup(name).name, value);
  }

  /**
   * The directives CONFIG GET names: exact names (aliases too, as typed) and glob patterns over
   * every name and alias not hidden. Redis: configGetCommand.
   */
  Map<String, String> matching(List<String> patterns) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String p : patterns) {
      if (p.indexOf('*') < 0 && p.indexOf('?') < 0 && p.indexOf('[') < 0) {
        Def d = lookup(p);
        if (d != null && !out.containsKey(p)) {
          out.put(p, values.get(d.name));
        }
        continue;
      }
      // nocase: the names are lower case, so the pattern is lowered (ASCII)
      byte[] pat = p.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.ISO_8859_1);
      for (Def d : DEFS) {
        if (d.hidden) {
          continue;
        }
        for (String n : d.alias == null ? List.of(d.name) : List.of(d.name, d.alias)) {
          if (!out.containsKey(n) && Glob.matches(pat, n.getBytes(StandardCharsets.ISO_8859_1))) {
            out.put(n, values.get(d.name));
          }
        }
      }
    }
    return out;
  }
}
