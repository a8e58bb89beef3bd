package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.redstruct.bench.report.JmhPlan;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every benchmark class under {@code dev.redstruct.bench}, checked without JMH: naming conventions
 * hold, each benchmark method runs once, and all variants of one operation return equal results.
 *
 * <p>System properties: {@code -Dredstruct.bench.sanity=all} runs every {@code @Param} combination
 * instead of the first values; {@code -Dredstruct.bench.sanity.include=<regex>} limits the classes
 * (matched against the class name with {@code find()}).
 */
class BenchmarkSanityTest {
  private static final boolean ALL_PARAMS =
      "all".equals(System.getProperty("redstruct.bench.sanity"));

  /** More combinations than this need {@link QuickParams}. */
  static final int MAX_COMBINATIONS_WITHOUT_QUICK = 2;

  private static final Pattern INCLUDE =
      Pattern.compile(System.getProperty("redstruct.bench.sanity.include", ""));

  @Test
  void findsTheCoreBenchmarks() {
    List<String> names =
        BenchmarkHarness.benchmarkClasses().stream().map(Class::getSimpleName).toList();
    assertTrue(names.contains("IntegerParseBenchmark"), names.toString());
  }

  @TestFactory
  Stream<DynamicTest> everyBenchmarkClass() {
    return BenchmarkHarness.benchmarkClasses().stream()
        .filter(c -> INCLUDE.matcher(c.getName()).find())
        .map(c -> DynamicTest.dynamicTest(c.getSimpleName(), () -> check(c)));
  }

  /** Runs the whole check on one class; throws {@link AssertionError} on a violation. */
  static void check(Class<?> c) throws Throwable {
    String baseline = checkConventions(c);
    for (Map<String, String> params :
        BenchmarkHarness.combinations(BenchmarkHarness.paramSpace(c), ALL_PARAMS)) {
      Map<String, Map<String, Object>> byOperation = new LinkedHashMap<>();
      for (Method m : BenchmarkHarness.benchmarkMethods(c)) {
        Object result;
        try {
          result = BenchmarkHarness.invokeOnce(m, params);
        } catch (Throwable t) {
          throw new AssertionError(c.getSimpleName() + "." + m.getName() + " " + params, t);
        }
        if (m.getReturnType() != void.class && !mayDiffer(m)) {
          String[] opVariant = m.getName().split("_", 2);
          byOperation
              .computeIfAbsent(opVariant[0], k -> new LinkedHashMap<>())
              .put(opVariant[1], result);
        }
      }
      byOperation.forEach((op, results) -> assertAgree(c, op, params, baseline, results));
    }
  }

  /** Checks names, BASELINE and goals; returns the baseline variant. */
  private static String checkConventions(Class<?> c) throws IllegalAccessException {
    String name = c.getSimpleName();
    assertTrue(name.endsWith("Benchmark"), name + ": class name must end with Benchmark");
    assertTrue(
        c.getPackageName().startsWith("dev.redstruct.bench."),
        name + ": put benchmarks in dev.redstruct.bench.<module>");
    Field f;
    try {
      f = c.getField("BASELINE");
    } catch (NoSuchFieldException e) {
      throw new AssertionError(
          name + ": declare public static final String BASELINE = \"<jdk variant>\";", e);
    }
    assertTrue(
        Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()),
        name + ": BASELINE must be public static final");
    String baseline = (String) f.get(null);
    List<String> methods = new ArrayList<>();
    for (Method m : BenchmarkHarness.benchmarkMethods(c)) {
      assertTrue(
          m.getName().matches("[a-z][A-Za-z0-9]*_[A-Za-z0-9_]+"),
          name + "." + m.getName() + ": benchmark methods are named <operation>_<variant>");
      methods.add(m.getName());
    }
    assertTrue(
        methods.stream().anyMatch(m -> m.endsWith("_" + baseline)),
        name + ": no method for BASELINE variant \"" + baseline + "\" in " + methods);
    for (Goal g : c.getAnnotationsByType(Goal.class)) {
      String target = g.operation() + "_" + g.variant();
      assertTrue(methods.contains(target), name + ": @Goal names a missing method " + target);
      assertFalse(
          Double.isNaN(g.atLeast()) && Double.isNaN(g.atMost()),
          name + ": @Goal for " + target + " needs atLeast or atMost");
      checkGoalParams(c, g);
    }
    checkQuickParams(c);
    return baseline;
  }

  /**
   * {@link QuickParams} name declared parameters and values, and a class with more than {@value
   * #MAX_COMBINATIONS_WITHOUT_QUICK} parameter combinations declares them (the quick-mode budget).
   */
  static void checkQuickParams(Class<?> c) {
    String name = c.getSimpleName();
    Map<String, List<String>> space = BenchmarkHarness.paramSpace(c);
    QuickParams q = c.getAnnotation(QuickParams.class);
    if (q == null) {
      int combos = BenchmarkHarness.combinations(space, true).size();
      assertTrue(
          combos <= MAX_COMBINATIONS_WITHOUT_QUICK,
          name
              + ": "
              + combos
              + " @Param combinations; declare the ones quick mode runs with"
              + " @QuickParams({\"name=v1,v2\", ...}) (see benchmarks/README.md)");
      return;
    }
    Map<String, List<String>> quick;
    try {
      quick = JmhPlan.parseQuickParams(q.value());
    } catch (IllegalArgumentException e) {
      throw new AssertionError(name + ": " + e.getMessage(), e);
    }
    quick.forEach(
        (param, values) -> {
          List<String> declared = space.get(param);
          assertNotNull(declared, name + ": @QuickParams names unknown @Param " + param);
          for (String v : values) {
            assertTrue(
                declared.contains(v),
                name + ": @QuickParams value " + param + "=" + v + " is not among " + declared);
          }
        });
  }

  /** A goal's params filter names declared parameters and values, so it can ever match. */
  private static void checkGoalParams(Class<?> c, Goal g) {
    Map<String, List<String>> space = BenchmarkHarness.paramSpace(c);
    for (String pair : g.params().isBlank() ? new String[0] : g.params().split(",")) {
      String[] kv = pair.split("=", 2);
      assertEquals(2, kv.length, c.getSimpleName() + ": @Goal params must be name=value: " + pair);
      List<String> values = space.get(kv[0].trim());
      assertNotNull(values, c.getSimpleName() + ": @Goal names unknown @Param " + kv[0]);
      assertTrue(
          values.contains(kv[1].trim()),
          c.getSimpleName() + ": @Goal value " + pair + " is not among " + values);
    }
  }

  private static boolean mayDiffer(Method m) {
    return m.isAnnotationPresent(ResultsMayDiffer.class)
        || m.getDeclaringClass().isAnnotationPresent(ResultsMayDiffer.class);
  }

  private static void assertAgree(
      Class<?> c, String op, Map<String, String> params, String baseline, Map<String, Object> r) {
    if (r.size() < 2) {
      return;
    }
    String reference = r.containsKey(baseline) ? baseline : r.keySet().iterator().next();
    Object expected = r.get(reference);
    for (Map.Entry<String, Object> e : r.entrySet()) {
      if (!Objects.deepEquals(expected, e.getValue())) {
        fail(
            String.format(
                "%s %s: %s_%s returned %s but %s_%s returned %s",
                c.getSimpleName(),
                params,
                op,
                e.getKey(),
                show(e.getValue()),
                op,
                reference,
                show(expected)));
      }
    }
  }

  private static String show(Object o) {
    if (o instanceof Object[] a) {
      return Arrays.deepToString(a);
    }
    if (o instanceof byte[] b) {
      return Arrays.toString(b);
    }
    return String.valueOf(o);
  }

  @Test
  void combinationsCoverTheParamSpace() {
    Map<String, List<String>> space = new LinkedHashMap<>();
    space.put("a", List.of("1", "2"));
    space.put("b", List.of("x", "y", "z"));
    assertEquals(6, BenchmarkHarness.combinations(space, true).size());
    assertEquals(List.of(Map.of("a", "1", "b", "x")), BenchmarkHarness.combinations(space, false));
    assertNotNull(BenchmarkHarness.combinations(Map.of(), false).get(0));
  }
}
