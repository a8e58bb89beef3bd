package dev.redstruct.core.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import org.junit.jupiter.api.Test;

/**
 * {@link Glob} on the cases of Redis's own util.c test and keyspace.tcl/scan.tcl patterns; the
 * expected verdicts are stringmatchlen's (checked against the server in SetRedisIT's SSCAN MATCH).
 */
class GlobTest {
  private static boolean m(String pattern, String s) {
    return Glob.matches(Bytes.utf8(pattern), Bytes.utf8(s));
  }

  @Test
  void basics() {
    assertEquals(true, m("*", "anything"));
    assertEquals(true, m("h?llo", "hello"));
    assertEquals(false, m("h?llo", "hllo"));
    assertEquals(true, m("h*llo", "heeeello"));
    assertEquals(true, m("h[ae]llo", "hallo"));
    assertEquals(false, m("h[ae]llo", "hillo"));
    assertEquals(true, m("h[^e]llo", "hallo"));
    assertEquals(false, m("h[^e]llo", "hello"));
    assertEquals(true, m("h[a-b]llo", "hbllo"));
    assertEquals(true, m("h[b-a]llo", "hallo")); // reversed range
    assertEquals(true, m("a\\*b", "a*b"));
    assertEquals(false, m("a\\*b", "axb"));
    assertEquals(true, m("1*", "123"));
    assertEquals(false, m("", "a"));
    // stringmatchlen itself never matches an empty string; SSCAN skips the filter for "*" only
    assertEquals(false, m("*", ""));
    assertEquals(false, m("**", ""));
    assertEquals(true, m("a**", "a"));
    // unterminated classes (checked with KEYS on 7.0.15): "[" matches nothing
    assertEquals(false, m("[", "["));
    assertEquals(true, m("[a", "a"));
    assertEquals(false, m("[a", "b"));
    assertEquals(true, m("[^a", "["));
    assertEquals(true, m("[^a", "b"));
  }

  @Test
  void pathologicalPatternIsFast() {
    String s = "a".repeat(5000);
    assertEquals(false, m("*a*a*a*a*a*a*a*a*a*a*a*a*b", s));
  }
}
