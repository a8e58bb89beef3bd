package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** redis-server's command line as config lines, and config text read line by line. */
class ConfigFileTest {

  @Test
  void flagsBecomeConfigLines() {
    // Redis 7.0.15, main() in src/server.c: "--name" starts a line "name ", each value is
    // appended through sdscatrepr plus a space; a "--save" followed by another flag gets ""
    assertEquals(
        "port \"6380\" \nsave \"\"\nappendonly \"yes\" ",
        ConfigFile.optionsText(new String[] {"--port", "6380", "--save", "--appendonly", "yes"}));
    assertEquals(
        "save \"900\" \"1\" \"300\" \"10\" ",
        ConfigFile.optionsText(new String[] {"--save", "900", "1", "300", "10"}));
  }

  /** Values as redis-server 7.0.15 answers CONFIG GET after reading the same lines from a file. */
  @Test
  void linesSetDirectivesAndAliases() {
    ServerConfig c = new ServerConfig();
    ConfigFile.load(
        c,
        "# comment\n\n  hash-max-ziplist-entries 7  \nsave 900 1\n"
            + "client-output-buffer-limit \"pubsub 1mb 2mb 3\"\nmaxmemory 2mb\n");
    assertEquals("7", c.get("hash-max-listpack-entries"));
    assertEquals("900 1", c.get("save"));
    assertEquals(
        "normal 0 0 0 slave 268435456 67108864 60 pubsub 1048576 2097152 3",
        c.get("client-output-buffer-limit"));
    assertEquals("2097152", c.get("maxmemory"));
  }

  /** The text `redis-server bad.conf` (7.0.15) prints for the same file. */
  @Test
  void aBadLineStopsWithRedissText() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.load(new ServerConfig(), "port 1\nnosuch 1\n"));
    assertEquals(
        "\n*** FATAL CONFIG FILE ERROR (Redis 7.0.15) ***\n"
            + "Reading the configuration file, at line 2\n"
            + ">>> 'nosuch 1'\n"
            + "Bad directive or wrong number of arguments",
        e.getMessage());
  }
}
