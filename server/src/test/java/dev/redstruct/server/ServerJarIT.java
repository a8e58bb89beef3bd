package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The executable jar, run as the README's {@code java -jar} line says (after {@code package}, so an
 * IT): it starts, loads and saves {@code dir}/{@code dbfilename}, answers a client, reads a config
 * file, refuses a bad directive with Redis's text and exit code 1, and ends on SHUTDOWN.
 */
class ServerJarIT {

  /** The README's command line: the first line of the sh block that starts with "java -jar". */
  static List<String> readmeCommand() throws IOException {
    for (String line : Files.readAllLines(Path.of("README.md"))) {
      if (line.startsWith("java -jar ")) {
        List<String> args = new ArrayList<>();
        for (String a : line.split(" ")) {
          args.add(a.equals("\"\"") ? "" : a);
        }
        return args;
      }
    }
    throw new AssertionError("README.md has no java -jar line");
  }

  private static Path jar() throws IOException {
    try (var files = Files.list(Path.of("target"))) {
      return files
          .filter(p -> p.getFileName().toString().endsWith("-all.jar"))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no target/*-all.jar: run the package phase"));
    }
  }

  private static Process run(List<String> args, Path dir) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : args.subList(1, args.size())) {
      cmd.add(a.endsWith("-all.jar") ? jar().toString() : a.equals("data") ? dir.toString() : a);
    }
    return new ProcessBuilder(cmd).redirectErrorStream(true).start();
  }

  /** Reads the "ready on port N" line. */
  private static int port(Process p) throws IOException {
    BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = r.readLine();
    assertTrue(line != null && line.startsWith("redstruct server ready on port "), line);
    return Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1));
  }

  @Test
  void theReadmeCommandLineServesSavesAndReloads() throws Exception {
    List<String> readme = readmeCommand();
    Path dir = Files.createTempDirectory("redstruct-jar-");
    try {
      Process p = run(readme, dir);
      int port = port(p);
      try (Jedis jedis = new Jedis("127.0.0.1", port)) {
        jedis.rpush("jobs", "a", "b");
        assertEquals("OK", jedis.save());
        jedis.shutdown(); // SHUTDOWN: the process ends
      } catch (redis.clients.jedis.exceptions.JedisException closedByShutdown) {
        // Jedis may see the connection close
      }
      assertTrue(p.waitFor(20, TimeUnit.SECONDS), "ended after SHUTDOWN");
      assertTrue(Files.exists(dir.resolve("dump.rdb")));
      Process again = run(readme, dir); // loads dump.rdb at start
      try (Jedis jedis = new Jedis("127.0.0.1", port(again))) {
        assertEquals(List.of("a", "b"), jedis.lrange("jobs", 0, -1));
      } finally {
        again.destroy();
        again.waitFor(20, TimeUnit.SECONDS);
      }
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  @Test
  void aConfigFileThenFlagsAndRedissFatalError() throws Exception {
    Path dir = Files.createTempDirectory("redstruct-jar-");
    try {
      Path conf = dir.resolve("redis.conf");
      Files.writeString(conf, "# a comment\nport 0\nrequirepass \"from file\"\nhz 20\n");
      Process p = run(List.of("java", "-jar", "x-all.jar", conf.toString(), "--hz", "30"), dir);
      try (Jedis jedis = new Jedis("127.0.0.1", port(p))) {
        jedis.auth("from file");
        assertEquals("30", jedis.configGet("hz").get("hz")); // flags come after the file
      } finally {
        p.destroy();
        p.waitFor(20, TimeUnit.SECONDS);
      }
      Process bad = run(List.of("java", "-jar", "x-all.jar", "--port", "0", "--hz", "x"), dir);
      String out = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(bad.waitFor(20, TimeUnit.SECONDS));
      assertEquals(1, bad.exitValue());
      assertEquals(
          "\n*** FATAL CONFIG FILE ERROR (Redis 7.0.15) ***\n"
              + "Reading the configuration file, at line 3\n"
              + ">>> 'hz \"x\"'\n"
              + "argument couldn't be parsed into an integer\n",
          out);
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
