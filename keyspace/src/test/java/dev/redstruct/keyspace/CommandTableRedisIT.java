package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every row of the command table (subcommands included) equals what Redis 7.0.15's {@code COMMAND
 * INFO} reports: name, arity, flags in the server's order, first key, last key and key step.
 */
@RedisTest
class CommandTableRedisIT {
  @Test
  void everyRowMatchesCommandInfo(RespClient redis) {
    List<Command> rows = new ArrayList<>();
    for (Command c : new CommandTable().commands()) {
      rows.add(c);
      rows.addAll(c.subcommands.values());
    }
    int checked = 0;
    for (Command c : rows) {
      List<RespReply> info = redis.call("COMMAND", "INFO", c.fullName).asList();
      assertFalse(info.get(0).isNull(), c.fullName + " is not a Redis 7.0.15 command");
      List<RespReply> row = info.get(0).asList();
      assertEquals(c.fullName, row.get(0).asString());
      assertEquals(row.get(1).asLong(), c.arity, c.fullName + " arity");
      List<String> flags = new ArrayList<>();
      for (RespReply f : row.get(2).asList()) {
        flags.add(f.asString());
      }
      assertEquals(String.join(",", flags), c.flags, c.fullName + " flags");
      assertEquals(row.get(3).asLong(), c.firstKey, c.fullName + " first key");
      assertEquals(row.get(4).asLong(), c.lastKey, c.fullName + " last key");
      assertEquals(row.get(5).asLong(), c.keyStep, c.fullName + " key step");
      if (!c.subcommands.isEmpty()) {
        Map<String, Long> subs = new HashMap<>();
        for (RespReply s : row.get(9).asList()) {
          subs.put(s.asList().get(0).asString(), s.asList().get(1).asLong());
        }
        Map<String, Long> ours = new HashMap<>();
        for (Command s : c.subcommands.values()) {
          ours.put(s.fullName, (long) s.arity);
        }
        assertEquals(subs, ours, c.fullName + " subcommands");
      }
      checked++;
    }
    System.out.println("CommandTableRedisIT: " + checked + " rows equal COMMAND INFO");
  }
}
