package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * INFO commandstats and errorstats after scripts, the same on a real Redis 7.0.15 and on our
 * server: the commands a script runs count their calls, rejected calls (refused by {@code
 * scriptCall}: unknown, arity, OOM, write in a read-only script) and failed calls, their errors
 * count once, and a script that ends with a command's error counts as failed without counting the
 * error again (Redis: scriptCall, call(), ERR_REPLY_FLAG_NO_STATS_UPDATE; the cases of the Tcl test
 * "Consistent eval error reporting" and more).
 */
@RedisTest
class ScriptStatsRedisIT {
  /** Each case: the commands run after CONFIG RESETSTAT; "|" separates a command's words. */
  private static final String[][] CASES = {
    {"CONFIG|SET|maxmemory|1", "EVAL|return redis.call('set','x','y')|1|x"},
    {
      "CONFIG|SET|maxmemory|1",
      "EVAL|local t = redis.pcall('set','x','y') return t['err']|1|x",
      "EVAL|return redis.pcall('set','x','y')|1|x"
    },
    {"EVAL|return redis.call('select',99)|0"},
    {"EVAL|local t = redis.pcall('select',99) return 1|0"},
    {"EVAL_RO|return redis.call('set','x','y')|1|x"},
    {"EVAL_RO|return redis.pcall('set','x','y')|1|x"},
    {
      "SET|Sicily|1",
      "EVAL|return redis.call('GEOADD', 'Sicily', '13.361389', '38.115556', 'Palermo')|1|x"
    },
    {"EVAL|return redis.call('nosuch')|0", "EVAL|return redis.pcall('get')|0", "GET"},
    {"EVAL|return redis.error_reply('MY_ERR custom')|0", "EVAL|return nosuchfn()|0"},
    {
      "EVAL|redis.call('incr','n') redis.call('ping') return redis.call('lpush','n','a')|0",
      "EVAL|return redis.pcall('client','nosuch')|0",
      "EVAL|redis.pcall('hget','n','f') return redis.call('get','n')|0"
    },
    {"EVAL|return {redis.pcall('incr', 'n'), 1}|0"},
  };

  @Test
  void scriptCommandsCountAsRedisCounts(dev.redstruct.testkit.RedisServer real) {
    try (RedisServer ours = RedisServer.start("--port", "0", "--save", "")) {
      int compared = 0;
      for (String[] c : CASES) {
        List<String> want = run(real.port(), c);
        List<String> got = run(ours.port(), c);
        assertEquals(want, got, String.join(" ; ", c));
        compared += want.size();
      }
      assertTrue(compared > CASES.length * 3, "the cases count something");
      System.out.println("ScriptStatsRedisIT: cases=" + CASES.length + " stat lines=" + compared);
    }
  }

  /** The replies, then commandstats without times, errorstats and total_error_replies. */
  private static List<String> run(int port, String[] commands) {
    List<String> out = new ArrayList<>();
    try (ReplicationRedisIT.Resp r = new ReplicationRedisIT.Resp(port)) {
      r.call("FLUSHALL");
      r.call("CONFIG", "SET", "maxmemory", "0");
      r.call("CONFIG", "RESETSTAT");
      for (String c : commands) {
        out.add(r.call(c.split("\\|")));
      }
      r.call("CONFIG", "SET", "maxmemory", "0");
      List<String> stats = new ArrayList<>();
      for (String section : new String[] {"commandstats", "errorstats", "stats"}) {
        for (String line : r.call("INFO", section).split("\r\n")) {
          if (line.startsWith("cmdstat_")) {
            stats.add(line.replaceAll("usec=\\d+,usec_per_call=[\\d.]+,", ""));
          } else if (line.startsWith("errorstat_") || line.startsWith("total_error_replies")) {
            stats.add(line);
          }
        }
      }
      stats.sort(null); // Redis lists commands in its dict's order
      out.addAll(stats);
    }
    return out;
  }
}
