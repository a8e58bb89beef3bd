package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RedisGensTest {

  @Test
  void canonicalIntegersAreCanonical() {
    qt().forAll(RedisGens.canonicalIntegers())
        .checkAssert(b -> assertTrue(CanonicalLong.isCanonicalLong(b), Printable.bytes(b)));
  }

  @Test
  void nearCanonicalIntegersAreNot() {
    qt().forAll(RedisGens.nearCanonicalIntegers())
        .checkAssert(b -> assertTrue(!CanonicalLong.isCanonicalLong(b), Printable.bytes(b)));
  }

  /** A false property: QuickTheories must shrink the counterexample to a 3-character integer. */
  @Test
  void failuresShrinkToSimpleValues() {
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () ->
                qt().withFixedSeed(1272285202140L)
                    .withExamples(500)
                    .forAll(RedisGens.canonicalIntegers())
                    .check(b -> new String(b, StandardCharsets.US_ASCII).length() < 3));
    Matcher m =
        Pattern.compile("Smallest found falsifying value\\(s\\) :-\\s*\"([^\"]*)\"")
            .matcher(e.getMessage());
    assertTrue(m.find(), e.getMessage());
    assertEquals(3, m.group(1).length(), e.getMessage());
  }
}
