package dev.redstruct.bench.report;

import dev.redstruct.bench.QuickParams;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 *
 * <p>In quick mode a class's {@link QuickParams} replace the declared values of the parameters it
 * names; {@code --param} overrides win over both.
 */
public final class JmhPlan {
  /**
   * One JMH run: these methods (full names) with these parameter values.
   *
   * @param className the benchmark class
   * @param methods full method names
   * @param params one value per parameter
   */
  record Batch(String className, List<String> methods, Map<String, String> params) {}

  private JmhPlan() {}

  /**
   * Batches for the benchmarks that the includes and excludes select.
   *
   * @param quick whether to apply each class's {@link QuickParams}
   */
  static List<Batch> batches(
      List<String> includes,
      List<String> excludes,
      Map<String, String[]> overrides,
      boolean quick) {
    SortedSet<BenchmarkListEntry> entries =
        BenchmarkList.defaultList()
            .find(
                OutputFormatFactory.createFormatInstance(nullStream(), VerboseMode.SILENT),
                includes,
                excludes);
    // class -> parameter names -> methods; methods with different parameters run separately
    Map<String, Map<List<String>, List<BenchmarkListEntry>>> groups = new TreeMap<>();
    for (BenchmarkListEntry e : entries) {
      Map<String, String[]> space = space(e, overrides, quick);
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
                          combinations(space(group.get(0), overrides, quick))) {
                        batches.add(new Batch(cls, methods, combo));
                      }
                    }));
    return batches;
  }

  private static Map<String, String[]> space(
      BenchmarkListEntry e, Map<String, String[]> overrides, boolean quick) {
    Map<String, String[]> declared =
        e.getParams().hasValue() ? e.getParams().get() : Map.<String, String[]>of();
    return space(declared, e.getUserClassQName(), overrides, quick);
  }

  /**
   * The values each parameter takes: the declared ones, narrowed by the class's {@link QuickParams}
   * in quick mode, replaced by {@code --param} overrides; sorted by name.
   */
  static Map<String, String[]> space(
      Map<String, String[]> declared,
      String className,
      Map<String, String[]> overrides,
      boolean quick) {
    Map<String, String[]> space = new TreeMap<>(declared);
    if (quick) {
      quickParams(className)
          .forEach(
              (key, values) -> {
                if (space.containsKey(key)) {
                  space.put(key, values.toArray(new String[0]));
                }
              });
    }
    for (String key : space.keySet()) {
      if (overrides.containsKey(key)) {
        space.put(key, overrides.get(key));
      }
    }
    return space;
  }

  /**
   * The class's {@link QuickParams} as parameter name to values, in declaration order; empty when
   * the class declares none or cannot be loaded.
   *
   * @throws IllegalArgumentException if a string is not {@code name=v1,v2} or names a parameter
   *     twice
   */
  static Map<String, List<String>> quickParams(String className) {
    Class<?> c;
    try {
      c = Class.forName(className, false, JmhPlan.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError ex) {
      return Map.of();
    }
    QuickParams q = c.getAnnotation(QuickParams.class);
    return q == null ? Map.of() : parseQuickParams(q.value());
  }

  /**
   * Parses {@code "name=v1,v2"} strings, as {@link QuickParams} holds them; the sanity test checks
   * every class's with it.
   *
   * @param specs the strings
   * @return parameter name to values, in declaration order
   * @throws IllegalArgumentException if a string is not {@code name=v1,v2} or names a parameter
   *     twice
   */
  public static Map<String, List<String>> parseQuickParams(String[] specs) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String spec : specs) {
      int eq = spec.indexOf('=');
      String name = eq < 0 ? "" : spec.substring(0, eq).trim();
      List<String> values = new ArrayList<>();
      for (String v : eq < 0 ? new String[0] : spec.substring(eq + 1).split(",", -1)) {
        values.add(v.trim());
      }
      if (name.isEmpty() || values.contains("") || Set.copyOf(values).size() != values.size()) {
        throw new IllegalArgumentException("@QuickParams wants \"name=v1,v2\": \"" + spec + '"');
      }
      if (out.put(name, List.copyOf(values)) != null) {
        throw new IllegalArgumentException("@QuickParams names " + name + " twice");
      }
    }
    return out;
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
