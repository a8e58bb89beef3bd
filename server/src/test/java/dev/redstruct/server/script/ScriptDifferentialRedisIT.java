package dev.redstruct.server.script;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.server.RedisServer;
import dev.redstruct.server.ServerOptions;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Scripting, byte for byte: {@link ScriptCorpus} (EVAL of every conversion both ways, pcall and
 * error texts, the sandbox, numkeys errors, the EVALSHA/SCRIPT flow, EVAL_RO and shebang flags, the
 * redis.* API, cjson/bit/struct, RESP3 through HELLO 3 and redis.setresp) on one connection to a
 * real Redis 7.0.15 and one to our server; every reply must be equal, except the Lua message text
 * of the steps marked as known differences. Replay a run with {@code -Dserver.seed=...}.
 */
@RedisTest
class ScriptDifferentialRedisIT {
  static final long SEED = Long.getLong("server.seed", System.nanoTime());

  @Test
  void corpusRepliesAreEqual(dev.redstruct.testkit.RedisServer real) {
    List<String[]> steps = ScriptCorpus.steps(SEED);
    List<String> mismatches = new ArrayList<>();
    int compared = 0;
    try (RedisServer ours = RedisServer.start(ServerOptions.defaults().port(0));
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      for (String[] step : steps) {
        String first = step[0];
        boolean skip = first.startsWith("~");
        boolean approx = first.startsWith("≈");
        String[] argv = step.clone();
        if (skip || approx) {
          argv[0] = first.substring(1);
        }
        byte[][] raw = bytes(argv);
        String a = text(theirs.callRaw(raw));
        String b = text(mine.callRaw(raw));
        if (skip) {
          continue;
        }
        compared++;
        if (approx) {
          a = mask(a);
          b = mask(b);
        }
        if (!a.equals(b)) {
          mismatches.add(
              String.join(" ", argv).replace("\n", "\\n")
                  + "\n    redis: "
                  + a.replace("\r\n", "\\r\\n")
                  + "\n    ours:  "
                  + b.replace("\r\n", "\\r\\n"));
        }
      }
    }
    System.out.println(
        "ScriptDifferentialRedisIT seed="
            + SEED
            + ": "
            + compared
            + " replies compared, "
            + mismatches.size()
            + " mismatches");
    assertEquals(
        List.of(),
        mismatches.subList(0, Math.min(40, mismatches.size())),
        mismatches.size() + " mismatches (seed " + SEED + ")");
  }

  /** Masks luaj's wording: the Lua message of a runtime or compile error. */
  static String mask(String reply) {
    String r =
        reply.replaceAll("user_script:(\\d+): .*? script: ", "user_script:$1: <msg> script: ");
    return r.replaceAll(
        "\\(new function\\): user_script:(\\d+): .*\r\n",
        "(new function): user_script:$1: <msg>\r\n");
  }

  private static byte[][] bytes(String[] argv) {
    byte[][] b = new byte[argv.length][];
    for (int i = 0; i < argv.length; i++) {
      b[i] = argv[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return b;
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }
}
