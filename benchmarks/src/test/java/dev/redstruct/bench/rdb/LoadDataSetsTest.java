package dev.redstruct.bench.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bench.rdb.LoadDataSets.DataSet;
import dev.redstruct.bench.rdb.LoadDataSets.Probe;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sorted-set data set of {@link RdbLoadSection} without a server: its {@code ZADD} commands and
 * its {@code RESTORE} payloads describe the same sets, and its probes reject a wrong reply.
 */
class LoadDataSetsTest {
  private static final int KEYS = 50;
  private static final int MEMBERS = 100;

  @Test
  void zaddCommandsAndPayloadsDescribeTheSameListpackSets() {
    DataSet d = LoadDataSets.zsets(KEYS, MEMBERS);
    assertEquals(KEYS, d.keys());
    for (int k = 0; k < KEYS; k++) {
      byte[][] zadd = d.commands().get(k);
      byte[] payload = d.restores().get(k)[3];
      assertEquals(2 + 2 * MEMBERS, zadd.length);
      // RDB_TYPE_ZSET_LISTPACK (17, Redis 7.0 rdb.h): 100 members stay under
      // zset-max-listpack-entries (128, redis.conf's default).
      assertEquals(17, payload[0]);
      ZSet fromCommand = ZSet.create();
      for (int i = 2; i < zadd.length; i += 2) {
        assertTrue(fromCommand.add(zadd[i + 1], parse(zadd[i])), "members are distinct");
      }
      assertEquals(entries(fromCommand), entries(ZSet.fromRdbPayload(payload)));
    }
  }

  @Test
  void probesAcceptTheSetAndItsPayloadAndRejectAChangedScore() {
    DataSet d = LoadDataSets.zsets(KEYS, MEMBERS);
    List<Probe> probes = d.probes();
    assertEquals(2 * LoadDataSets.SAMPLE_KEYS, probes.size());
    Probe dump = probes.get(0);
    Probe range = probes.get(1);
    ZSet z = ZSet.fromRdbPayload(d.restores().get(0)[3]);
    assertTrue(dump.expected().test(new RespReply.Bulk(d.restores().get(0)[3])));
    assertFalse(dump.expected().test(new RespReply.Bulk(d.restores().get(1)[3])));
    List<RespReply> reply = new ArrayList<>();
    for (ScoredMember e : z) {
      reply.add(new RespReply.Bulk(e.member()));
      reply.add(RespReply.bulk(Double.toString(e.score())));
    }
    assertTrue(range.expected().test(new RespReply.Array(List.copyOf(reply))));
    reply.set(1, RespReply.bulk(Double.toString(Math.nextUp(z.iterator().next().score()))));
    assertFalse(range.expected().test(new RespReply.Array(List.copyOf(reply))));
  }

  private static double parse(byte[] score) {
    return Double.parseDouble(new String(score, StandardCharsets.US_ASCII));
  }

  private static List<ScoredMember> entries(ZSet z) {
    List<ScoredMember> out = new ArrayList<>();
    z.forEach(out::add);
    return out;
  }
}
