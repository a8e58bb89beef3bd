package dev.redstruct.hash;

import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import java.util.List;
import java.util.Map;
import junit.framework.Test;
import junit.framework.TestSuite;

/**
 * guava-testlib's Map suite over {@link RedisHash}'s {@code Map<String, String>} face, once per
 * encoding: listpack (default limits; KNOWN_ORDER: insertion order), hashtable (an entry limit of
 * 0), and listpack converting in the middle of the suite's operations (an entry limit of 2). No
 * suppressions. Not claimed: null keys or values (refused by contract), SERIALIZABLE.
 */
public class RedisHashConformanceTest {
  public static Test suite() {
    TestSuite suite = new TestSuite("RedisHash conformance");
    suite.addTest(suite("listpack", 512, true));
    suite.addTest(suite("hashtable", 0, false));
    suite.addTest(suite("listpack converting at 2", 2, false));
    return suite;
  }

  private static Test suite(String name, long maxEntries, boolean ordered) {
    MapTestSuiteBuilder<String, String> b =
        MapTestSuiteBuilder.using(new Generator(maxEntries))
            .named("RedisHash " + name)
            .withFeatures(
                MapFeature.GENERAL_PURPOSE,
                MapFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
                CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
                CollectionSize.ANY);
    if (ordered) {
      b.withFeatures(CollectionFeature.KNOWN_ORDER);
    }
    return b.createTestSuite();
  }

  private static final class Generator extends TestStringMapGenerator {
    private final long maxEntries;

    Generator(long maxEntries) {
      this.maxEntries = maxEntries;
    }

    @Override
    protected Map<String, String> create(Map.Entry<String, String>[] entries) {
      Map<String, String> m = RedisHash.create(maxEntries, 64).asStrings();
      for (Map.Entry<String, String> e : entries) {
        m.put(e.getKey(), e.getValue());
      }
      return m;
    }

    @Override
    public Iterable<Map.Entry<String, String>> order(
        List<Map.Entry<String, String>> insertionOrder) {
      return insertionOrder;
    }
  }
}
