package dev.redstruct.consumercheck;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.dict.Dict;
import dev.redstruct.geohash.GeoSet;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.intset.IntSet;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.quicklist.QuickListView;
import dev.redstruct.rdb.KeySlot;
import dev.redstruct.rdb.RedisPayloads;
import dev.redstruct.rdb.RedisValue;
import dev.redstruct.server.RedisServer;
import dev.redstruct.server.ServerOptions;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.stream.RedisStream;
import dev.redstruct.stream.StreamId;
import dev.redstruct.ziplist.ZipList;
import java.util.List;
import java.util.Map;

/**
 * Uses each library module as a user's code would, from a module that does not require core, and
 * exits non-zero when a result is wrong. Run by {@code mvn verify} on the module path and on the
 * class path.
 */
public final class ConsumerCheck {
  private ConsumerCheck() {}

  /**
   * Runs the checks.
   *
   * @param args one word naming the path the run uses, for the message
   */
  public static void main(String[] args) {
    String where = args.length > 0 ? args[0] : "?";
    int checks = 0;

    RedisStream events = RedisStream.create();
    events.add(new StreamId(1, 0), new byte[] {'k'}, new byte[] {'v'});
    events.add(StreamId.parse("2-0"), new byte[] {'k'}, new byte[] {'w'});
    checks += expect(events.size() == 2, "RedisStream.size after two adds");
    try {
      RedisStream.fromRdbBody(new byte[] {1}, 0, 1);
      checks += expect(false, "RedisStream.fromRdbBody of one byte must throw");
    } catch (CorruptEncodingException e) {
      checks += expect(true, "RedisStream.fromRdbBody of one byte throws");
    }

    HyperLogLog visitors = HyperLogLog.create();
    visitors.add("user:1", "user:2", "user:1");
    checks += expect(visitors.count() == 2, "HyperLogLog.count of two distinct elements");
    try {
      HyperLogLog.copyOf(new byte[] {'n', 'o'});
      checks += expect(false, "HyperLogLog.copyOf of two bytes must throw");
    } catch (CorruptEncodingException e) {
      String reply = HyperLogLog.redisError(e);
      checks += expect(reply.startsWith("WRONGTYPE"), "redisError of a short value: " + reply);
    }

    Bitmap bits = Bitmap.create();
    bits.setBit(7, true);
    bits.setBit(100, true);
    checks += expect(bits.bitCount() == 2, "Bitmap.bitCount after two SETBITs");

    Map<String, Integer> dict = Dict.forStrings();
    dict.put("a", 1);
    dict.put("b", 2);
    checks += expect(dict.get("b") == 2 && dict.size() == 2, "Dict as a Map");

    ZipList zipList = ZipList.create();
    List<String> list = zipList.asList(Codec.utf8());
    list.add("x");
    list.add("12");
    checks += expect(zipList.isInteger(1) && list.equals(List.of("x", "12")), "ZipList as a List");

    List<String> packed = ListPack.create().asList(Codec.utf8());
    packed.add("a");
    packed.add(0, "b");
    checks += expect(packed.equals(List.of("b", "a")), "ListPack as a List");

    QuickListView<String> deque = QuickList.create(1, 1).asList(Codec.utf8());
    deque.addFirst("a");
    deque.addLast("b");
    deque.push("c");
    checks +=
        expect(
            deque.equals(List.of("c", "a", "b")) && deque.pollLast().equals("b"),
            "QuickList as a Deque");

    IntSet ints = IntSet.of(3, 1, 2);
    checks += expect(ints.contains(2) && ints.toByteArray().length == 14, "IntSet of three int16s");
    try {
      IntSet.copyOf(new byte[] {1});
      checks += expect(false, "IntSet.copyOf of one byte must throw");
    } catch (CorruptEncodingException e) {
      checks += expect(e.offset() == 0, "IntSet.copyOf of one byte: " + e.getMessage());
    }

    RedisSet members = RedisSet.create();
    members.asStrings().add("1");
    members.asStrings().add("x");
    checks +=
        expect(
            members.encoding() == RedisSet.Encoding.HASHTABLE
                && RedisSet.fromRdbPayload(members.toRdbPayload()).equals(members),
            "RedisSet converts and round-trips DUMP");
    RedisHash profile = RedisHash.create();
    profile.asStrings().put("name", "alice");
    profile.asStrings().put("bio", "x".repeat(65));
    checks +=
        expect(
            profile.encoding() == RedisHash.Encoding.HASHTABLE
                && RedisHash.fromRdbPayload(profile.toRdbPayload()).equals(profile),
            "RedisHash converts and round-trips DUMP");

    ZSet zset = ZSet.create();
    zset.add("alice", 3.0);
    zset.add("bob", 1.0);
    checks += expect(zset.score("alice").orElse(0) == 3.0, "ZSet.score");
    checks += expect(zset.iterator().next().memberString().equals("bob"), "ZSet as an Iterable");

    GeoSet places = GeoSet.create();
    places.add("Palermo", 13.361389, 38.115556);
    checks += expect(places.position("Palermo").isPresent(), "GeoSet.position");

    byte[] payload = RedisPayloads.dump(visitors, true);
    checks +=
        expect(
            RedisPayloads.load(payload) instanceof RedisValue.StringValue s
                && HyperLogLog.copyOf(s.bytes()).count() == 2,
            "RedisPayloads round trip of a HyperLogLog");
    checks += expect(KeySlot.of("123456789") == 12739, "KeySlot of the CRC16 check string");

    try (RedisServer server = RedisServer.start(ServerOptions.defaults().port(0))) {
      checks += expect(server.port() > 0, "RedisServer on a free port");
    }

    System.out.println("consumer check on the " + where + ": " + checks + " checks agree");
  }

  private static int expect(boolean ok, String what) {
    if (!ok) {
      System.err.println("consumer check failed: " + what);
      System.exit(1);
    }
    return 1;
  }
}
