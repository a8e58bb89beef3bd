package dev.redstruct.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/**
 * A target for one variant of one operation, stated as a ratio to the class's {@code BASELINE}
 * variant measured in the same run. The report prints {@code PASS} or {@code MISS} next to the
 * ratio.
 *
 * <p>The ratio is always {@code score(variant) / score(baseline)} in the benchmark's own unit, so
 * its direction follows the JMH mode: for throughput ({@code ops/time}) higher is better and a goal
 * says {@code atLeast}; for average or sample time ({@code time/op}) lower is better and a goal
 * says {@code atMost}. Example, on a throughput benchmark class:
 *
 * <pre>{@code
 * @Goal(operation = "get", variant = "redstruct", atLeast = 0.7)        // >= 0.7 x hashMap
 * @Goal(operation = "put", variant = "redstruct", atLeast = 0.5, params = "size=128")
 * public class DictGetBenchmark { public static final String BASELINE = "hashMap"; ... }
 * }</pre>
 *
 * <p>Set exactly one of {@link #atLeast()} and {@link #atMost()} (or both, for a band).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@java.lang.annotation.Target(ElementType.TYPE)
@Repeatable(Goals.class)
public @interface Goal {
  /**
   * The operation, the part of the method name before the first {@code _}.
   *
   * @return the operation name
   */
  String operation();

  /**
   * The variant the goal applies to, the part of the method name after the first {@code _}.
   *
   * @return the variant name
   */
  String variant();

  /**
   * Smallest acceptable ratio to the baseline (higher-is-better units); {@code NaN} for none.
   *
   * @return the lower bound
   */
  double atLeast() default Double.NaN;

  /**
   * Largest acceptable ratio to the baseline (lower-is-better units); {@code NaN} for none.
   *
   * @return the upper bound
   */
  double atMost() default Double.NaN;

  /**
   * Restricts the goal to results whose {@code @Param} values match, written {@code
   * "name=value,name2=value2"}; empty means every parameter combination.
   *
   * @return the parameter filter
   */
  String params() default "";
}
