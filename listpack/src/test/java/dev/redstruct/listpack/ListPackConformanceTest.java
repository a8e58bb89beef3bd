package dev.redstruct.listpack;

import com.google.common.collect.testing.ListTestSuiteBuilder;
import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestListGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.ListFeature;
import dev.redstruct.core.Codec;
import java.util.List;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestSuite;

/**
 * guava-testlib's list conformance suite over {@code ListPack.asList(Codec.utf8())}, run by the
 * JUnit Vintage engine. Three sample sets exercise the ways elements are stored: 6-bit strings,
 * integers of several widths, and strings across the 6/12-bit length and 1/2-byte backlen limits.
 * Features claimed: every optional List operation (GENERAL_PURPOSE), null queries (contains(null)
 * is simply false), fail-fast iterators. No test is suppressed. Not claimed: ALLOWS_NULL_VALUES
 * (the codec rejects null) and RandomAccess (get(i) walks the list).
 */
public class ListPackConformanceTest extends TestCase {

  public static Test suite() {
    TestSuite suite = new TestSuite("ListPack.asList conformance");
    suite.addTest(listSuite("short strings", "a", "b", "c", "d", "e"));
    suite.addTest(listSuite("integers", "0", "-1", "4096", "9223372036854775807", "-8388609"));
    suite.addTest(
        listSuite(
            "long strings",
            "a".repeat(63),
            "b".repeat(64),
            "c".repeat(125),
            "d",
            "e".repeat(4096)));
    return suite;
  }

  private static Test listSuite(String name, String... samples) {
    return ListTestSuiteBuilder.using(new Generator(samples))
        .named("ListPack.asList[utf8] " + name)
        .withFeatures(
            ListFeature.GENERAL_PURPOSE,
            CollectionFeature.ALLOWS_NULL_QUERIES,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionSize.ANY)
        .createTestSuite();
  }

  private static final class Generator implements TestListGenerator<String> {
    private final String[] samples;

    Generator(String[] samples) {
      this.samples = samples;
    }

    @Override
    public SampleElements<String> samples() {
      return new SampleElements<>(samples[0], samples[1], samples[2], samples[3], samples[4]);
    }

    @Override
    public List<String> create(Object... elements) {
      ListPack z = ListPack.create();
      List<String> list = z.asList(Codec.utf8());
      for (Object e : elements) {
        list.add((String) e);
      }
      return list;
    }

    @Override
    public String[] createArray(int length) {
      return new String[length];
    }

    @Override
    public Iterable<String> order(List<String> insertionOrder) {
      return insertionOrder;
    }
  }
}
