package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Known replies of the generic, database and transaction commands, byte for byte: each expected
 * reply was produced by redis-server 7.0.15 for the same command sequence on an empty server (sent
 * by a raw RESP client, arguments as ISO-8859-1 bytes, so {@code \u0000} is a NUL byte).
 */
class KeyspaceGoldenTest {
  private final Keyspace ks = Keyspace.create(System::currentTimeMillis, new SplittableRandom(3));

  private void check(String expected, String... argv) {
    byte[][] a = new byte[argv.length][];
    for (int i = 0; i < argv.length; i++) {
      a[i] = argv[i].getBytes(ISO_8859_1);
    }
    assertEquals(
        expected,
        new String(ks.execute(ks.defaultSession(), a), ISO_8859_1),
        String.join(" ", argv));
  }

  @Test
  void genericDatabaseAndTransactionReplies() {
    check("+OK\r\n", "FLUSHALL");
    check(":2\r\n", "RPUSH", "l", "a", "b");
    check(":1\r\n", "COPY", "l", "l2", "DB", "1");
    check("-ERR source and destination objects are the same\r\n", "COPY", "l", "l");
    check("-ERR DB index is out of range\r\n", "COPY", "l", "l3", "DB", "16");
    check("-ERR syntax error\r\n", "COPY", "l", "l3", "BOGUS");
    check("-ERR source and destination objects are the same\r\n", "MOVE", "l", "0");
    check(":1\r\n", "MOVE", "l", "1");
    check(":0\r\n", "MOVE", "l", "1");
    check("+OK\r\n", "SELECT", "1");
    check("+OK\r\n", "RENAME", "l", "l2");
    check(":0\r\n", "RENAMENX", "l2", "l2");
    check("-ERR no such key\r\n", "RENAME", "nokey", "x");
    check("+OK\r\n", "SELECT", "5");
    check("*2\r\n$1\r\n0\r\n*0\r\n", "SCAN", "-1");
    check("-ERR invalid cursor\r\n", "SCAN", " 1");
    check("*2\r\n$1\r\n0\r\n*0\r\n", "SCAN", "");
    check("*2\r\n$1\r\n0\r\n*0\r\n", "SCAN", "+5");
    check("-ERR invalid cursor\r\n", "SCAN", "18446744073709551616");
    check("*2\r\n$1\r\n0\r\n*0\r\n", "SCAN", "18446744073709551615");
    check("-ERR syntax error\r\n", "SCAN", "0", "COUNT", "0");
    check("-ERR value is not an integer or out of range\r\n", "SCAN", "0", "COUNT", "x");
    check("-ERR syntax error\r\n", "SCAN", "0", "MATCH");
    check("-ERR DUMP payload version or checksum are wrong\r\n", "RESTORE", "k", "0", "garbage");
    check("-ERR Invalid TTL value, must be >= 0\r\n", "RESTORE", "k", "-1", "x");
    check(
        "-ERR Invalid IDLETIME value, must be >= 0\r\n",
        "RESTORE",
        "k",
        "0",
        "x",
        "IDLETIME",
        "-1");
    check(
        "-ERR Invalid FREQ value, must be >= 0 and <= 255\r\n",
        "RESTORE",
        "k",
        "0",
        "x",
        "FREQ",
        "300");
    check("-ERR syntax error\r\n", "RESTORE", "k", "0", "x", "IDLETIME", "1", "FREQ", "1");
    check(
        "*15\r\n+OBJECT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:\r\n+ENCODING <key>\r\n+    Return the kind of internal representation used in order to store the value\r\n+    associated with a <key>.\r\n+FREQ <key>\r\n+    Return the access frequency index of the <key>. The returned integer is\r\n+    proportional to the logarithm of the recent access frequency of the key.\r\n+IDLETIME <key>\r\n+    Return the idle time of the <key>, that is the approximated number of\r\n+    seconds elapsed since the last access to the key.\r\n+REFCOUNT <key>\r\n+    Return the number of references of the value associated with the specified\r\n+    <key>.\r\n+HELP\r\n+    Prints this help.\r\n",
        "OBJECT",
        "HELP");
    check("+OK\r\n", "SET", "n", "123");
    check(":2147483647\r\n", "OBJECT", "REFCOUNT", "n");
    check("$-1\r\n", "OBJECT", "REFCOUNT", "missing");
    check(
        "-ERR An LFU maxmemory policy is not selected, access frequency not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.\r\n",
        "OBJECT",
        "FREQ",
        "n");
    check("$3\r\nint\r\n", "OBJECT", "ENCODING", "n");
    check(
        "-ERR unknown command 'ge', with args beginning with: 'a  b' \r\n", "ge\u0000t", "a\r\nb");
    check("-ERR invalid first DB index\r\n", "SWAPDB", "x", "1");
    check("-ERR DB index is out of range\r\n", "SWAPDB", "0", "99");
    check("-ERR DB index is out of range\r\n", "SELECT", "99");
    check("-ERR syntax error\r\n", "FLUSHDB", "bogus");
    check("-ERR wrong number of arguments for 'ping' command\r\n", "PING", "a", "b");
    check("$2\r\nhi\r\n", "PING", "hi");
    check("$1\r\ne\r\n", "ECHO", "e");
    check("-ERR Unsupported option bogus\r\n", "EXPIRE", "n", "10", "bogus\u0000x");
    check("-ERR EXEC without MULTI\r\n", "EXEC");
    check("-ERR DISCARD without MULTI\r\n", "DISCARD");
    check("+OK\r\n", "MULTI");
    check("-ERR MULTI calls can not be nested\r\n", "MULTI");
    check("-ERR WATCH inside MULTI is not allowed\r\n", "WATCH", "n");
    check("+QUEUED\r\n", "INCR", "n");
    check("+QUEUED\r\n", "LPUSH", "n", "x");
    check(
        "*2\r\n:124\r\n-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
        "EXEC");
    check("+OK\r\n", "MULTI");
    check(
        "-EXECABORT Transaction discarded because of: wrong number of arguments for 'exec' command\r\n",
        "EXEC",
        "x");
    check(":2\r\n", "EXISTS", "n", "n", "nope");
    check("+string\r\n", "TYPE", "n");
    check(":1\r\n", "DBSIZE");
    check("*1\r\n$1\r\nn\r\n", "KEYS", "*");
  }
}
