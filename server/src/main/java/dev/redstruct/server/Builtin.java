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
  PUBSUB(
      -2,
      false,
      false,
      "channels:-2",
      "numsub:-2",
      "numpat:2",
      "shardchannels:-2",
      "shardnumsub:-2",
      "help:2");

  private static final Map<String, Builtin> BY_NAME = new HashMap<>();

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
