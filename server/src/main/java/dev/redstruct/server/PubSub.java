package dev.redstruct.server;

import dev.redstruct.core.resp.Glob;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pub/Sub for the whole server, as Redis 7.0.15's src/pubsub.c: channel, shard-channel and pattern
 * subscriptions, PUBLISH/SPUBLISH delivery and PUBSUB introspection. Frames are arrays in RESP2 and
 * push frames ({@code >}) in RESP3.
 */
final class PubSub {
  /*
   * Implementation notes. Redis keeps channel -> clients and pattern -> clients in dicts, so the
   * order of PUBSUB CHANNELS, of UNSUBSCRIBE without arguments and of pattern delivery follows a
   * seeded hash; ours follows insertion (LinkedHashMap, LinkedHashSet): the same elements, in an
   * order a test can rely on. Per client, patterns are a list in subscription order, as Redis's.
   */
  private static final byte[] SUBSCRIBE = ascii("subscribe");
  private static final byte[] UNSUBSCRIBE = ascii("unsubscribe");
  private static final byte[] PSUBSCRIBE = ascii("psubscribe");
  private static final byte[] PUNSUBSCRIBE = ascii("punsubscribe");
  private static final byte[] SSUBSCRIBE = ascii("ssubscribe");
  private static final byte[] SUNSUBSCRIBE = ascii("sunsubscribe");
  private static final byte[] MESSAGE = ascii("message");
  private static final byte[] PMESSAGE = ascii("pmessage");
  private static final byte[] SMESSAGE = ascii("smessage");

  private final Map<Bytes, List<Client>> channels = new LinkedHashMap<>();
  private final Map<Bytes, List<Client>> shardChannels = new LinkedHashMap<>();
  private final Map<Bytes, List<Client>> patterns = new LinkedHashMap<>();

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static RespWriter frame(Client c, int n) {
    RespWriter w = new RespWriter(c.resp);
    return c.resp == 2 ? w.arrayHeader(n) : w.pushHeader(n);
  }

  private static int count(Client c, boolean shard) {
    return shard ? c.shardChannels.size() : c.channels.size() + c.patterns.size();
  }

  /** Redis: subscribeCommand / ssubscribeCommand (pubsubSubscribeChannel per channel). */
  void subscribe(Client c, byte[][] argv, boolean shard) {
    Set<Bytes> mine = shard ? c.shardChannels : c.channels;
    Map<Bytes, List<Client>> all = shard ? shardChannels : channels;
    for (int j = 1; j < argv.length; j++) {
      Bytes ch = new Bytes(argv[j]);
      if (mine.add(ch)) {
        all.computeIfAbsent(ch, k -> new ArrayList<>()).add(c);
      }
      c.push(
          frame(c, 3)
              .bulk(shard ? SSUBSCRIBE : SUBSCRIBE)
              .bulk(argv[j])
              .integer(count(c, shard))
              .toByteArray());
    }
  }

  /** Redis: unsubscribeCommand / sunsubscribeCommand. */
  void unsubscribe(Client c, byte[][] argv, boolean shard) {
    if (argv.length == 1) {
      unsubscribeAll(c, true, shard);
    } else {
      for (int j = 1; j < argv.length; j++) {
        unsubscribeChannel(c, new Bytes(argv[j]), true, shard);
      }
    }
  }

  /** Redis: pubsubUnsubscribeChannel. */
  private void unsubscribeChannel(Client c, Bytes ch, boolean notify, boolean shard) {
    Set<Bytes> mine = shard ? c.shardChannels : c.channels;
    Map<Bytes, List<Client>> all = shard ? shardChannels : channels;
    if (mine.remove(ch)) {
      List<Client> clients = all.get(ch);
      clients.remove(c);
      if (clients.isEmpty()) {
        all.remove(ch);
      }
    }
    if (notify) {
      unsubscribed(c, shard ? SUNSUBSCRIBE : UNSUBSCRIBE, ch, count(c, shard));
    }
  }

  private static void unsubscribed(Client c, byte[] kind, Bytes name, int count) {
    RespWriter w = frame(c, 3).bulk(kind);
    if (name == null) {
      w.nullReply();
    } else {
      w.bulk(name.b);
    }
    c.push(w.integer(count).toByteArray());
  }

  /** Redis: pubsubUnsubscribeAllChannels / pubsubUnsubscribeShardAllChannels. */
  int unsubscribeAll(Client c, boolean notify, boolean shard) {
    Set<Bytes> mine = shard ? c.shardChannels : c.channels;
    int n = 0;
    for (Bytes ch : new ArrayList<>(mine)) {
      unsubscribeChannel(c, ch, notify, shard);
      n++;
    }
    if (notify && n == 0) {
      unsubscribed(c, shard ? SUNSUBSCRIBE : UNSUBSCRIBE, null, count(c, shard));
    }
    return n;
  }

  /** Redis: psubscribeCommand (pubsubSubscribePattern per pattern). */
  void psubscribe(Client c, byte[][] argv) {
    for (int j = 1; j < argv.length; j++) {
      Bytes pat = new Bytes(argv[j]);
      if (!c.patterns.contains(pat)) {
        c.patterns.add(pat);
        patterns.computeIfAbsent(pat, k -> new ArrayList<>()).add(c);
      }
      c.push(frame(c, 3).bulk(PSUBSCRIBE).bulk(argv[j]).integer(count(c, false)).toByteArray());
    }
  }

  /** Redis: punsubscribeCommand. */
  void punsubscribe(Client c, byte[][] argv) {
    if (argv.length == 1) {
      unsubscribeAllPatterns(c, true);
    } else {
      for (int j = 1; j < argv.length; j++) {
        unsubscribePattern(c, new Bytes(argv[j]), true);
      }
    }
  }

  /** Redis: pubsubUnsubscribePattern. */
  private void unsubscribePattern(Client c, Bytes pat, boolean notify) {
    if (c.patterns.remove(pat)) {
      List<Client> clients = patterns.get(pat);
      clients.remove(c);
      if (clients.isEmpty()) {
        patterns.remove(pat);
      }
    }
    if (notify) {
      unsubscribed(c, PUNSUBSCRIBE, pat, count(c, false));
    }
  }

  /** Redis: pubsubUnsubscribeAllPatterns. */
  int unsubscribeAllPatterns(Client c, boolean notify) {
    int n = 0;
    for (Bytes pat : new ArrayList<>(c.patterns)) {
      unsubscribePattern(c, pat, notify);
      n++;
    }
    if (notify && n == 0) {
      unsubscribed(c, PUNSUBSCRIBE, null, count(c, false));
    }
    return n;
  }

  /** Drops every subscription of a client, silently (RESET, disconnect). */
  void forget(Client c) {
    unsubscribeAll(c, false, false);
    unsubscribeAll(c, false, true);
    unsubscribeAllPatterns(c, false);
  }

  /**
   * Delivers a message. Redis: pubsubPublishMessage.
   *
   * @return the number of receivers
   */
  int publish(byte[] channel, byte[] message, boolean shard) {
    int receivers = 0;
    List<Client> subs = (shard ? shardChannels : channels).get(new Bytes(channel));
    if (subs != null) {
      byte[] kind = shard ? SMESSAGE : MESSAGE;
      for (Client c : subs) {
        c.push(frame(c, 3).bulk(kind).bulk(channel).bulk(message).toByteArray());
        receivers++;
      }
    }
    if (shard) {
      return receivers;
    }
    for (Map.Entry<Bytes, List<Client>> e : patterns.entrySet()) {
      byte[] pat = e.getKey().b;
      if (!Glob.matches(pat, channel)) {
        continue;
      }
      for (Client c : e.getValue()) {
        c.push(frame(c, 4).bulk(PMESSAGE).bulk(pat).bulk(channel).bulk(message).toByteArray());
        receivers++;
      }
    }
    return receivers;
  }

  /** PUBSUB CHANNELS / SHARDCHANNELS [pattern]. Redis: channelList. */
  byte[] channelList(int resp, byte[] pattern, boolean shard) {
    List<byte[]> names = new ArrayList<>();
    for (Bytes ch : (shard ? shardChannels : channels).keySet()) {
      if (pattern == null || Glob.matches(pattern, ch.b)) {
        names.add(ch.b);
      }
    }
    return new RespWriter(resp).bulks(names).toByteArray();
  }

  /** PUBSUB NUMSUB / SHARDNUMSUB channel... */
  byte[] numsub(int resp, byte[][] argv, boolean shard) {
    RespWriter w = new RespWriter(resp).arrayHeader((argv.length - 2) * 2L);
    for (int j = 2; j < argv.length; j++) {
      List<Client> l = (shard ? shardChannels : channels).get(new Bytes(argv[j]));
      w.bulk(argv[j]).integer(l == null ? 0 : l.size());
    }
    return w.toByteArray();
  }

  /** The number of channels (or shard channels) with a subscriber, for INFO. */
  int channelCount(boolean shard) {
    return (shard ? shardChannels : channels).size();
  }

  /** PUBSUB NUMPAT. */
  int numpat() {
    return patterns.size();
  }

  /** Whether every client list is consistent with the clients' own sets (tests). */
  boolean checkInvariants(Iterable<Client> clients) {
    int subs = 0;
    for (Client c : clients) {
      subs += c.channels.size() + c.patterns.size() + c.shardChannels.size();
      for (Bytes ch : c.channels) {
        assert channels.get(ch).contains(c) : "I1: channel " + ch + " lacks " + c;
      }
    }
    int listed = 0;
    for (Iterator<List<Client>> it = allLists(); it.hasNext(); ) {
      List<Client> l = it.next();
      assert !l.isEmpty() : "I2: empty subscriber list kept";
      listed += l.size();
    }
    return subs == listed;
  }

  private Iterator<List<Client>> allLists() {
    List<List<Client>> all = new ArrayList<>(channels.values());
    all.addAll(shardChannels.values());
    all.addAll(patterns.values());
    return all.iterator();
  }
}
