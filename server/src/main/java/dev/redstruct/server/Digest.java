package dev.redstruct.server;

import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.Session;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * DEBUG DIGEST and DIGEST-VALUE: Redis's order-independent SHA-1 digest of the dataset and of
 * values, computed from the values as the keyspace's commands read them. Redis: xorDigest,
 * mixDigest, xorObjectDigest, computeDatasetDigest (src/debug.c, 7.0.15). Keys are read through
 * KEYS, so keys already expired but not yet deleted are left out (Redis includes them).
 */
final class Digest {
  private final Keyspace ks;
  private final Session s;

  Digest(Keyspace ks) {
    this.ks = ks;
    this.s = ks.newSession();
  }

  private static byte[] b(String x) {
    return x.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] sha1(byte[]... parts) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-1");
      for (byte[] p : parts) {
        md.update(p);
      }
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Redis: xorDigest. */
  static void xor(byte[] digest, byte[] data) {
    byte[] h = sha1(data);
    for (int j = 0; j < 20; j++) {
      digest[j] ^= h[j];
    }
  }

  /** Redis: mixDigest. */
  static void mix(byte[] digest, byte[] data) {
    xor(digest, data);
    System.arraycopy(sha1(digest), 0, digest, 0, 20);
  }

  static String hex(byte[] d) {
    StringBuilder sb = new StringBuilder();
    for (byte x : d) {
      sb.append(String.format("%02x", x & 0xff));
    }
    return sb.toString();
  }

  private byte[] call(String... argv) {
    byte[][] a = new byte[argv.length][];
    for (int i = 0; i < argv.length; i++) {
      a[i] = b(argv[i]);
    }
    return ks.execute(s, a);
  }

  private byte[] call(byte[] key, String cmd, String... tail) {
    byte[][] a = new byte[tail.length + 2][];
    a[0] = b(cmd);
    a[1] = key;
    for (int i = 0; i < tail.length; i++) {
      a[i + 2] = b(tail[i]);
    }
    return ks.execute(s, a);
  }

  /** The bulk strings of a RESP2 array (or the one bulk) reply. */
  static List<byte[]> bulks(byte[] r) {
    List<byte[]> out = new ArrayList<>();
    int[] p = {0};
    if (r[0] == '*') {
      long n = number(r, p);
      for (long i = 0; i < n; i++) {
        out.add(bulk(r, p));
      }
    } else {
      out.add(bulk(r, p));
    }
    return out;
  }

  private static long number(byte[] r, int[] p) {
    int i = p[0] + 1;
    int start = i;
    while (r[i] != '\r') {
      i++;
    }
    p[0] = i + 2;
    return Long.parseLong(new String(r, start, i - start, StandardCharsets.US_ASCII));
  }

  private static byte[] bulk(byte[] r, int[] p) {
    int len = (int) number(r, p);
    if (len < 0) {
      return null;
    }
    byte[] v = java.util.Arrays.copyOfRange(r, p[0], p[0] + len);
    p[0] += len + 2;
    return v;
  }

  /** DEBUG DIGEST-VALUE: xorObjectDigest from zeros; all zeros when the key is missing. */
  byte[] valueDigest(byte[] key) {
    byte[] digest = new byte[20];
    objectDigest(digest, key);
    return digest;
  }

  /** Redis: xorObjectDigest, mixing into digest the value under key in the session's database. */
  private void objectDigest(byte[] d, byte[] key) {
    String type = new String(call(key, "TYPE"), StandardCharsets.US_ASCII).trim().substring(1);
    int code;
    switch (type) {
      case "string" -> code = 0;
      case "list" -> code = 1;
      case "set" -> code = 2;
      case "zset" -> code = 3;
      case "hash" -> code = 4;
      case "stream" -> code = 6;
      default -> {
        return; // none
      }
    }
    mix(d, new byte[] {0, 0, 0, (byte) code});
    switch (code) {
      case 0 -> mix(d, bulks(call(key, "GET")).get(0));
      case 1 -> {
        for (byte[] e : bulks(call(key, "LRANGE", "0", "-1"))) {
          mix(d, e);
        }
      }
      case 2 -> {
        for (byte[] e : bulks(call(key, "SMEMBERS"))) {
          xor(d, e);
        }
      }
      case 3 -> pairs(d, bulks(call(key, "ZRANGE", "0", "-1", "WITHSCORES")));
      case 6 -> streamEntries(d, call(key, "XRANGE", "-", "+"));
      default -> pairs(d, bulks(call(key, "HGETALL")));
    }
    String pttl = new String(call(key, "PTTL"), StandardCharsets.US_ASCII).trim();
    if (!pttl.equals(":-1")) {
      xor(d, b("!!expire!!"));
    }
  }

  /** Redis: the OBJ_STREAM branch of xorObjectDigest: "ms.seq", then each field and value. */
  private static void streamEntries(byte[] d, byte[] reply) {
    int[] p = {0};
    long n = number(reply, p);
    for (long i = 0; i < n; i++) {
      number(reply, p); // *2
      String id = new String(bulk(reply, p), StandardCharsets.US_ASCII);
      mix(d, b(id.replace('-', '.')));
      long fv = number(reply, p);
      for (long j = 0; j < fv; j++) {
        mix(d, bulk(reply, p));
      }
    }
  }

  private static void pairs(byte[] digest, List<byte[]> flat) {
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      byte[] ele = new byte[20];
      mix(ele, flat.get(i));
      mix(ele, flat.get(i + 1));
      xor(digest, ele);
    }
  }

  /** Selects a database for the reads. */
  void select(int db) {
    call("SELECT", Integer.toString(db));
  }

  /** Redis: computeDatasetDigest. */
  byte[] datasetDigest() {
    byte[] fin = new byte[20];
    for (int db = 0; db < Keyspace.DATABASES; db++) {
      if (ks.dbSize(db) == 0) {
        continue;
      }
      select(db);
      List<byte[]> keys = bulks(call("KEYS", "*"));
      if (keys.isEmpty()) {
        continue;
      }
      mix(fin, new byte[] {0, 0, 0, (byte) db});
      for (byte[] key : keys) {
        byte[] d = new byte[20];
        mix(d, key);
        objectDigest(d, key);
        xor(fin, d);
      }
    }
    return fin;
  }
}
