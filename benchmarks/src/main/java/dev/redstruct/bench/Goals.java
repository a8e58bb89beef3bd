package dev.redstruct.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Container for repeated {@link Goal} annotations; write several {@code @Goal}s instead. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Goals {
  /**
   * The goals.
   *
   * @return the goals
   */
  Goal[] value();
}
