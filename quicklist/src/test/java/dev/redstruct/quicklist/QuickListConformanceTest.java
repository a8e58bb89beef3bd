package dev.redstruct.quicklist;

import com.google.common.collect.testing.ListTestSuiteBuilder;
import com.google.common.collect.testing.QueueTestSuiteBuilder;
import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestListGenerator;
import com.google.common.collect.testing.TestQueueGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.ListFeature;
import dev.redstruct.core.Codec;
import java.util.List;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestSuite;

/**
 * guava-testlib's List and Queue suites over {@code QuickList.asList(Codec.utf8())}, once with one
 * element per node and compression (fill 1, depth 1, so every operation crosses nodes and touches
 * LZF) and once with Redis's defaults. Features claimed: every optional List operation, null
 * queries, fail-fast iterators. Not claimed: null elements (the codec rejects them).
 */
public class QuickListConformanceTest extends TestCase {

  public static Test suite() {
    TestSuite suite = new TestSuite("QuickList.asList conformance");
    String big = "x".repeat(100);
    String[] samples = {"a" + big, "b" + big, "c" + big, "d" + big, "e" + big};
    String[] ints = {"0", "-1", "4096", "9223372036854775807", "-8388609"};
    for (int[] cfg : new int[][] {{1, 1}, {-2, 0}}) {
      suite.addTest(listSuite(cfg, "strings", samples));
      suite.addTest(listSuite(cfg, "integers", ints));
      suite.addTest(
          QueueTestSuiteBuilder.using(new Gen(cfg, samples))
              .named("QuickList queue fill " + cfg[0] + " depth " + cfg[1])
              .withFeatures(
                  CollectionFeature.GENERAL_PURPOSE,
                  CollectionFeature.ALLOWS_NULL_QUERIES,
                  CollectionFeature.KNOWN_ORDER,
                  CollectionSize.ANY)
              .createTestSuite());
    }
    return suite;
  }

  private static Test listSuite(int[] cfg, String name, String[] samples) {
    return ListTestSuiteBuilder.using(new Gen(cfg, samples))
        .named("QuickList.asList fill " + cfg[0] + " depth " + cfg[1] + " " + name)
        .withFeatures(
            ListFeature.GENERAL_PURPOSE,
            CollectionFeature.ALLOWS_NULL_QUERIES,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionSize.ANY)
        .createTestSuite();
  }

  static QuickListView<String> view(int[] cfg, Object... elements) {
    QuickListView<String> v = QuickList.create(cfg[0], cfg[1]).asList(Codec.utf8());
    for (Object e : elements) {
      v.add((String) e);
    }
    return v;
  }

  /**
   * One generator for both suites: {@link QuickListView} is a {@code List} and a {@code Deque}, so
   * its {@code create} satisfies both generator interfaces.
   */
  private static final class Gen implements TestListGenerator<String>, TestQueueGenerator<String> {
    private final int[] cfg;
    private final String[] s;

    Gen(int[] cfg, String[] s) {
      this.cfg = cfg;
      this.s = s;
    }

    @Override
    public SampleElements<String> samples() {
      return new SampleElements<>(s[0], s[1], s[2], s[3], s[4]);
    }

    @Override
    public QuickListView<String> create(Object... elements) {
      return view(cfg, elements);
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
