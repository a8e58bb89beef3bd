package dev.redstruct.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a JUnit Jupiter test class that talks to a real Redis: registers {@link RedisExtension}.
 *
 * <p>One {@link RedisServer} is started per test class and stopped after it; every test starts with
 * an empty server ({@code FLUSHALL}). Test and lifecycle methods may declare {@link RespClient} (a
 * fresh connection per test, closed afterwards) and {@link RedisServer} parameters. If {@code
 * redis-server} is not on {@code PATH} the class is skipped, or fails when the environment variable
 * {@code REDSTRUCT_REQUIRE_REDIS=1} is set (see {@link RedisExtension}).
 *
 * <pre>{@code
 * @RedisTest
 * class HashRedisIT {
 *   @Test
 *   void smallHashIsListpack(RespClient redis) {
 *     redis.call("HSET", "h", "f", "v");
 *     assertEquals("listpack", redis.call("OBJECT", "ENCODING", "h").asString());
 *   }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(RedisExtension.class)
public @interface RedisTest {}
