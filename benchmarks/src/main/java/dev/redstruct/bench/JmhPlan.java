package dev.redstruct.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The order in which the report runs benchmarks: one batch per benchmark class and {@code @Param}
 * combination, holding all of that class's selected methods. JMH on its own runs method by method,
 * each through all its parameter values, so a variant and its baseline could be minutes apart on a
 * machine whose load changes; batching keeps them seconds apart and makes ratios steadier.
 */
final class JmhPlan {
  /**
   * One JMH run: these methods (full names) with these parameter values.
   *
   * @param className the benchmark class
   * @param methods full method names
   * @param params one value per parameter
   */
  record Batch(String className, List<String> methods, Map<String, String> params) {}

  private JmhPlan() {}

  /** Batches for the benchmarks that the includes and excludes select. */
  static List<Batch> batches(
      List<String> includes, List<String> excludes, Map<String, String[]> overrides) {
    SortedSet<BenchmarkListEntry> entries =
        BenchmarkList.defaultList()
            .find(
                OutputFormatFactory.createFormatInstance(nullStream(), VerboseMode.SILENT),
                includes,
                excludes);
    // class -> parameter names -> methods; methods with different parameters run separately
    Map<String, Map<List<String>, List<BenchmarkListEntry>>> groups = new TreeMap<>();
    for (BenchmarkListEntry e : entries) {
      Map<String, String[]> space = space(e, overrides);
      groups
          .computeIfAbsent(e.getUserClassQName(), k -> new LinkedHashMap<>())
          .computeIfAbsent(new ArrayList<>(space.keySet()), k -> new ArrayList<>())
          .add(e);
    }
    List<Batch> batches = new ArrayList<>();
    groups.forEach(
        (cls, byKeys) ->
            byKeys
                .values()
                .forEach(
                    group -> {
                      List<String> methods = new ArrayList<>();
                      group.forEach(e -> methods.add(e.getUsername()));
                      for (Map<String, String> combo :
                          combinations(space(group.get(0), overrides))) {
                        batches.add(new Batch(cls, methods, combo));
                      }
                    }));
    return batches;
  }

  private static Map<String, String[]> space(
      BenchmarkListEntry e, Map<String, String[]> overrides) {
    Map<String, String[]> space = new TreeMap<>();
    if (e.getParams().hasValue()) {
      space.putAll(e.getParams().get());
    }
    for (String key : space.keySet()) {
      if (overrides.containsKey(key)) {
        space.put(key, overrides.get(key));
      }
    }
    return space;
  }

  private static List<Map<String, String>> combinations(Map<String, String[]> space) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (Map.Entry<String, String[]> e : space.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (String v : e.getValue()) {
        for (Map<String, String> partial : out) {
          Map<String, String> m = new LinkedHashMap<>(partial);
          m.put(e.getKey(), v);
          next.add(m);
        }
      }
      out = next;
    }
    return out;
  }

  private static PrintStream nullStream() {
    return new PrintStream(PrintStream.nullOutputStream());
  }
}
