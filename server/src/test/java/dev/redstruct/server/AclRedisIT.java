package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ACL users against a real Redis 7.0.15, same commands to both, replies byte for byte: ACL SETUSER
 * (valid and refused rules), ACL LIST/USERS/WHOAMI/DELUSER, AUTH and HELLO AUTH with a user
 * (WRONGPASS), the NOPERM refusals for a command and for a key, and inside scripts redis.call's
 * refusals and redis.acl_check_cmd (the sequence of Redis's unit/scripting "Script ACL check").
 */
@RedisTest
class AclRedisIT {

  private static String show(byte[] b) {
    return new String(b, StandardCharsets.UTF_8).replace("\r\n", "\\r\\n");
  }

  private static final String[][] COMMANDS = {
    {"ACL", "SETUSER", "bob", "on", ">123", "+@scripting", "+set", "~x*"},
    {"ACL", "SETUSER", "bad", "foo"},
    {"ACL", "SETUSER", "bad", "+nosuch"},
    {"ACL", "SETUSER", "bad", "+@nosuch"},
    {"ACL", "SETUSER", "bad", "~*", "~x"},
    {"ACL", "SETUSER", "bad", "<nothere"},
    {"ACL", "SETUSER", "carol", "on", "nopass", "allcommands", "-get", "allkeys"},
    {"ACL", "SETUSER", "dave", ">p", "on", "+@all", "-@write", "~*"},
    {"ACL", "SETUSER", "erin", "+eval", "resetchannels", "&ch*"},
    {"ACL", "CAT", "nosuch"},
    {"ACL", "LIST"},
    {"ACL", "USERS"},
    {"ACL", "WHOAMI"},
    {"ACL", "CAT"},
    {"SET", "yy", "0"},
    {"AUTH", "bob", "124"},
    {"AUTH", "nobody", "1"},
    {"AUTH", "dave", "p"},
    {"GET", "yy"},
    {"SET", "yy", "1"},
    {"AUTH", "carol", "anything"},
    {"ACL", "WHOAMI"},
    {"GET", "yy"},
    {"HELLO", "2", "AUTH", "bob", "nope"},
    {"AUTH", "bob", "123"},
    {"ACL", "WHOAMI"},
    {"SET", "xx", "1"},
    {"SET", "yy", "1"},
    {"GET", "xx"},
    {"HSET", "xx", "f", "1"},
    {"PING"},
    {"EVAL", "return redis.acl_check_cmd('set','xx',1)", "1", "xx"},
    {"EVAL", "return redis.acl_check_cmd('hset','xx','f',1)", "1", "xx"},
    {"EVAL", "return redis.acl_check_cmd('set','yy',1)", "0"},
    {"EVAL", "return redis.acl_check_cmd('invalid-cmd','arg')", "0"},
    {"EVAL", "return redis.call('get','xx')", "1", "xx"},
    {"EVAL", "return redis.call('set','yy','1')", "0"},
    {"EVAL", "return redis.pcall('set','yy','1')", "0"},
    {"EVAL", "return redis.call('set','xy','1')", "0"},
    {"ACL", "DELUSER", "carol"},
    {"AUTH", "default", "x"},
    {"ACL", "DELUSER", "carol", "dave", "nobody"},
    {"ACL", "DELUSER", "default"},
    {"ACL", "USERS"},
  };

  /** ACL CAT's command lists come in dict order in Redis: compared as sets. */
  @Test
  void catListsTheScriptingCommands(dev.redstruct.testkit.RedisServer real) {
    try (RedisServer ours = RedisServer.start("--port", "0", "--save", "");
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      byte[][] cmd = RespClient.utf8("ACL", "CAT", "scripting");
      List<dev.redstruct.testkit.RespReply> want =
          ((dev.redstruct.testkit.RespReply.Array) theirs.call(cmd)).elements();
      List<dev.redstruct.testkit.RespReply> got =
          ((dev.redstruct.testkit.RespReply.Array) mine.call(cmd)).elements();
      assertEquals(want.size(), got.size(), got.toString());
      assertEquals(new java.util.HashSet<>(want), new java.util.HashSet<>(got));
    }
  }

  @Test
  void usersAndPermissions(dev.redstruct.testkit.RedisServer real) {
    try (RedisServer ours = RedisServer.start("--port", "0", "--save", "");
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      List<String> bad = new ArrayList<>();
      for (String[] c : COMMANDS) {
        byte[] want = theirs.callRaw(RespClient.utf8(c));
        byte[] got = mine.callRaw(RespClient.utf8(c));
        if (!java.util.Arrays.equals(want, got)) {
          bad.add(String.join(" ", c) + "\n  redis: " + show(want) + "\n  ours:  " + show(got));
        }
      }
      assertTrue(
          bad.isEmpty(), bad.size() + " of " + COMMANDS.length + ":\n" + String.join("\n", bad));
    }
  }
}
