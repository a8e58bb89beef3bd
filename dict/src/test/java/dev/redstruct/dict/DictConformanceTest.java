package dev.redstruct.dict;

import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.SetTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.TestStringSetGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import junit.framework.Test;
import junit.framework.TestSuite;

/**
 * guava-testlib's Map and Set suites over {@link Dict} and {@link DictSet}, each run from a
 * quiescent dict and from dicts caught in the middle of a grow and of a shrink (the generator
 * starts a resize and performs a single rehash step, so the suite's own operations continue the
 * rehash). No suppressions. Not claimed: null keys/values (rejected by contract), SERIALIZABLE (not
 * implemented), KNOWN_ORDER (hash order).
 */
public class DictConformanceTest {
  private enum Phase {
    QUIESCENT,
    MID_GROW,
    MID_SHRINK
  }

  public static Test suite() {
    TestSuite suite = new TestSuite("Dict conformance");
    for (Phase phase : Phase.values()) {
      suite.addTest(mapSuite(phase));
      suite.addTest(setSuite(phase));
    }
    return suite;
  }

  /** Builds a dict in the given phase; {@code fill} inserts the generator's entries. */
  static <K, V> void prepare(Dict<K, V> d, Phase phase, Consumer<Dict<K, V>> fill) {
    switch (phase) {
      case QUIESCENT -> fill.accept(d);
      case MID_GROW -> {
        fill.accept(d);
        d.expand(64);
        d.rehashSteps(1);
      }
      case MID_SHRINK -> {
        d.expand(64);
        fill.accept(d);
        d.expand(Math.max(4, d.size()));
        d.rehashSteps(1);
      }
    }
  }

  private static Test mapSuite(Phase phase) {
    return MapTestSuiteBuilder.using(
            new TestStringMapGenerator() {
              @Override
              protected Map<String, String> create(Map.Entry<String, String>[] entries) {
                Dict<String, String> d = Dict.forStrings();
                prepare(
                    d,
                    phase,
                    x -> {
                      for (Map.Entry<String, String> e : entries) {
                        x.put(e.getKey(), e.getValue());
                      }
                    });
                return d;
              }
            })
        .named("Dict " + phase)
        .withFeatures(
            MapFeature.GENERAL_PURPOSE,
            MapFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
            CollectionSize.ANY)
        .createTestSuite();
  }

  private static Test setSuite(Phase phase) {
    return SetTestSuiteBuilder.using(
            new TestStringSetGenerator() {
              @Override
              protected Set<String> create(String[] elements) {
                DictSet<String> s = DictSet.forStrings();
                prepare(
                    s.dict,
                    phase,
                    x -> {
                      for (String e : elements) {
                        x.put(e, Boolean.TRUE);
                      }
                    });
                return s;
              }
            })
        .named("DictSet " + phase)
        .withFeatures(
            CollectionFeature.GENERAL_PURPOSE,
            CollectionFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE,
            CollectionSize.ANY)
        .createTestSuite();
  }
}
