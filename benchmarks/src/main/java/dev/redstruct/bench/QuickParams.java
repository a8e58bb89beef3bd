package dev.redstruct.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@code @Param} values the report's quick mode runs for this benchmark class; {@code --full}
 * ignores it and runs every declared value. Each string is {@code "name=v1,v2"} and names one
 * parameter; parameters not named keep all their declared values. Every name and value must be
 * declared by a {@code @Param} of the class or its states (the sanity test checks).
 *
 * <pre>{@code
 * @QuickParams({"size=1000,1000000", "variantSet=small"})
 * public class DictGetBenchmark {
 *   @Param({"1000", "10000", "100000", "1000000"}) public int size;
 *   ...
 * }
 * }</pre>
 *
 * <p>Every class with more than two {@code @Param} combinations must declare it (the sanity test
 * fails otherwise), so the whole quick report stays within its few-minute budget. A {@link Goal}
 * whose {@code params} fall outside the quick values is reported as "not run" in quick mode. An
 * explicit {@code --param} on the command line wins over this annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface QuickParams {
  /**
   * One {@code "name=v1,v2"} string per parameter to restrict.
   *
   * @return the quick-mode values
   */
  String[] value();
}
