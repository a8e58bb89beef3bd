package dev.redstruct.set;

import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.SetTestSuiteBuilder;
import com.google.common.collect.testing.TestSetGenerator;
import com.google.common.collect.testing.TestStringSetGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import junit.framework.Test;
import junit.framework.TestSuite;

/**
 * guava-testlib's Set suite over {@link RedisSet}'s {@code Set<String>} face, once per encoding:
 * non-integer members (hashtable), integer members (intset), and integer members with a limit of 2
 * (intset sets that convert in the middle of the suite's operations). No suppressions. Not claimed:
 * null elements (refused by contract), SERIALIZABLE, KNOWN_ORDER (hash order).
 */
public class RedisSetConformanceTest {
  public static Test suite() {
    TestSuite suite = new TestSuite("RedisSet conformance");
    suite.addTest(suite("hashtable", new Strings(RedisSet.DEFAULT_MAX_INTSET_ENTRIES)));
    suite.addTest(suite("intset", new Integers(RedisSet.DEFAULT_MAX_INTSET_ENTRIES)));
    suite.addTest(suite("intset converting at 2", new Integers(2)));
    return suite;
  }

  private static Test suite(String name, TestSetGenerator<String> generator) {
    return SetTestSuiteBuilder.using(generator)
        .named("RedisSet " + name)
        .withFeatures(
            CollectionFeature.GENERAL_PURPOSE,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
            CollectionSize.ANY)
        .createTestSuite();
  }

  private static final class Strings extends TestStringSetGenerator {
    private final long max;

    Strings(long max) {
      this.max = max;
    }

    @Override
    protected Set<String> create(String[] elements) {
      Set<String> s = RedisSet.create(max).asStrings();
      s.addAll(Arrays.asList(elements));
      return s;
    }
  }

  /** Integer members of every width, so the suite's adds upgrade the intset too. */
  private static final class Integers extends TestStringSetGenerator {
    private final long max;

    Integers(long max) {
      this.max = max;
    }

    @Override
    public SampleElements<String> samples() {
      return new SampleElements<>("-7", "12", "40000", "-3000000000", "9223372036854775807");
    }

    @Override
    protected Set<String> create(String[] elements) {
      Set<String> s = RedisSet.create(max).asStrings();
      s.addAll(Arrays.asList(elements));
      return s;
    }

    @Override
    public List<String> order(List<String> insertionOrder) {
      return insertionOrder;
    }
  }
}
