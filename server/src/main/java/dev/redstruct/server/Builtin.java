package dev.redstruct.server;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The commands the server answers itself, with Redis 7.0.15's arity (src/commands/*.json: positive
 * = exact argument count, negative = at least that many) and the two flags its {@code
 * processCommand} consults: {@code NO_AUTH} and "allowed in the RESP2 Pub/Sub context".
 */
enum Builtin {
  PING(-1, false, true),
  ECHO(2, false, false),
  QUIT(-1, true, true),
  HELLO(-1, true, false),
  AUTH(-2, true, false),
  ACL(
      -2,
      false,
      false,
      "cat:-2",
      "deluser:-3",
      "help:2",
      "list:2",
      "setuser:-3",
      "users:2",
      "whoami:2"),
  RESET(1, true, true),
  CLIENT(
      -2,
      false,
      false,
      "id:2",
      "info:2",
      "list:-2",
      "kill:-3",
      "reply:3",
      "setname:3",
      "getname:2",
      "no-evict:3",
      "unblock:-3",
      "help:2"),
  SUBSCRIBE(-2, false, true),
  PSUBSCRIBE(-2, false, true),
  SSUBSCRIBE(-2, false, true),
  UNSUBSCRIBE(-1, false, true),
  PUNSUBSCRIBE(-1, false, true),
  SUNSUBSCRIBE(-1, false, true),
  PUBLISH(3, false, false),
  SPUBLISH(3, false, false),
  BLPOP(-3, false, false),
  BRPOP(-3, false, false),
  BLMOVE(6, false, false),
  BRPOPLPUSH(4, false, false),
  BLMPOP(-5, false, false),
  BZPOPMIN(-3, false, false),
  BZPOPMAX(-3, false, false),
  BZMPOP(-5, false, false),
  SYNC(1, false, false),
  REPLICAOF(3, false, false),
  SLAVEOF(3, false, false),
  PSYNC(-3, false, false),
  REPLCONF(-1, false, false),
  PUBSUB(
      -2,
      false,
      false,
      "channels:-2",
      "numsub:-2",
      "numpat:2",
      "shardchannels:-2",
      "shardnumsub:-2",
      "help:2"),
  // the server commands (AdminCommands): Redis 7.0.15's arities and subcommands
  CONFIG(-2, false, false, "get:-3", "set:-4", "resetstat:2", "rewrite:2", "help:2"),
  INFO(-1, false, false),
  TIME(1, false, false),
  COMMAND(
      -1,
      false,
      false,
      "count:2",
      "info:-2",
      "docs:-2",
      "getkeys:-4",
      "getkeysandflags:-4",
      "list:-2",
      "help:2"),
  DEBUG(-2, false, false),
  MEMORY(
      -2, false, false, "usage:-3", "doctor:2", "stats:2", "malloc-stats:2", "purge:2", "help:2"),
  SAVE(1, false, false),
  BGSAVE(-1, false, false),
  // no AOF here: BGREWRITEAOF answers as Redis starting one; DEBUG LOADAOF reloads a snapshot
  BGREWRITEAOF(1, false, false),
  LASTSAVE(1, false, false),
  SHUTDOWN(-1, false, false),
  WAIT(3, false, false),
  // cluster support is disabled: every CLUSTER subcommand answers so, as Redis without
  // cluster-enabled does; the subcommands and arities are Redis 7.0.15's
  CLUSTER(
      -2,
      false,
      false,
      "addslots:-3",
      "addslotsrange:-4",
      "bumpepoch:2",
      "count-failure-reports:3",
      "countkeysinslot:3",
      "delslots:-3",
      "delslotsrange:-4",
      "failover:-2",
      "flushslots:2",
      "forget:3",
      "getkeysinslot:4",
      "help:2",
      "info:2",
      "keyslot:3",
      "links:2",
      "meet:-4",
      "myid:2",
      "nodes:2",
      "replicas:3",
      "replicate:3",
      "reset:-2",
      "saveconfig:2",
      "set-config-epoch:3",
      "setslot:-4",
      "shards:2",
      "slaves:3",
      "slots:2");

  private static final Map<String, Builtin> BY_NAME = new HashMap<>();

  private static final java.util.Set<Builtin> ADMIN =
      java.util.EnumSet.of(
          CONFIG,
          INFO,
          TIME,
          COMMAND,
          DEBUG,
          MEMORY,
          SAVE,
          BGSAVE,
          BGREWRITEAOF,
          LASTSAVE,
          SHUTDOWN,
          WAIT,
          CLUSTER);

  /** One of the server commands {@link AdminCommands} runs. */
  boolean admin() {
    return ADMIN.contains(this);
  }

  static {
    for (Builtin b : values()) {
      BY_NAME.put(b.lowerName, b);
    }
  }

  final String lowerName = name().toLowerCase(Locale.ROOT);
  final int arity;
  final boolean noAuth;
  final boolean pubSubContext;

  /** Subcommand name to arity, for container commands; empty otherwise. */
  final Map<String, Integer> subcommands = new HashMap<>();

  Builtin(int arity, boolean noAuth, boolean pubSubContext, String... subs) {
    this.arity = arity;
    this.noAuth = noAuth;
    this.pubSubContext = pubSubContext;
    for (String s : subs) {
      int colon = s.indexOf(':');
      subcommands.put(s.substring(0, colon), Integer.parseInt(s.substring(colon + 1)));
    }
  }

  /** The builtin named by {@code name} (any case), or null. */
  static Builtin of(byte[] name) {
    if (name.length > 12) {
      return null;
    }
    return BY_NAME.get(lower(name));
  }

  /** BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BLMPOP, BZPOPMIN, BZPOPMAX, BZMPOP. */
  boolean isBlockingPop() {
    return ordinal() >= BLPOP.ordinal() && ordinal() <= BZMPOP.ordinal();
  }

  /** ASCII lower case, as strcasecmp compares. */
  static String lower(byte[] b) {
    char[] c = new char[b.length];
    for (int i = 0; i < b.length; i++) {
      int x = b[i] & 0xff;
      c[i] = (char) (x >= 'A' && x <= 'Z' ? x + 32 : x);
    }
    return new String(c);
  }

  /** Redis: the arity test of commandCheckArity. */
  static boolean arityAccepts(int arity, int argc) {
    return arity > 0 ? argc == arity : argc >= -arity;
  }
}
