package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.NullArguments;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Every public constructor and method of the module, called with null for each reference parameter:
 * a {@link NullPointerException} naming the parameter, and the receiver unchanged.
 */
class DictNullArgumentsTest {
  private static Dict<Object, Object> sampleDict() {
    Dict<Object, Object> d = Dict.create();
    for (int i = 0; i < 20; i++) {
      d.put("k" + i, i);
    }
    return d;
  }

  private static DictSet<Object> sampleSet() {
    DictSet<Object> s = DictSet.create();
    for (int i = 0; i < 20; i++) {
      s.add("k" + i);
    }
    return s;
  }

  @Test
  void dictMethods() {
    int n =
        NullArguments.of(Dict.class)
            .receiver(DictNullArgumentsTest::sampleDict, d -> new HashMap<>(d))
            .sample(RandomGenerator.class, () -> new SplittableRandom(1))
            .sample(Duration.class, () -> Duration.ofNanos(1))
            .run();
    assertTrue(n >= 12, "checked " + n); // the public methods taking a reference argument
  }

  @Test
  void dictSetMethods() {
    int n =
        NullArguments.of(DictSet.class)
            .receiver(DictNullArgumentsTest::sampleSet, s -> new HashSet<>(s))
            .sample(RandomGenerator.class, () -> new SplittableRandom(1))
            .sample(Duration.class, () -> Duration.ofNanos(1))
            .run();
    assertTrue(n >= 8, "checked " + n);
  }

  @Test
  void hasherMethods() {
    int n = NullArguments.of(Hasher.class).run();
    assertTrue(n >= 0, "checked " + n); // static factories take no reference parameter
  }
}
