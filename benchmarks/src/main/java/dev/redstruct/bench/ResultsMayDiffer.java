package dev.redstruct.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exempts a benchmark method (or every method of a class) from the sanity test's rule that all
 * variants of one operation return equal results, e.g. cardinality estimates of two different
 * sketches. The method must still run without throwing. Say why in {@link #value()}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface ResultsMayDiffer {
  /**
   * Why the variants' results legitimately differ.
   *
   * @return the reason
   */
  String value();
}
