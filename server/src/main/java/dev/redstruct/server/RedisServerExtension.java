package dev.redstruct.server;

import java.util.Objects;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that gives each test class its own server on a free loopback port, started
 * before the class's first test and closed after its last; test methods and constructors may take a
 * {@link RedisServer} parameter.
 *
 * <pre>{@code
 * @ExtendWith(RedisServerExtension.class)
 * class CacheTest {
 *   @Test
 *   void hits(RedisServer redis) {
 *     try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) { ... }
 *   }
 * }
 * }</pre>
 *
 * <p>Or, with redis-server's flags, as a static field: {@code @RegisterExtension static
 * RedisServerExtension redis = RedisServerExtension.withArgs("--requirepass", "pw");} then {@code
 * redis.port()}. JUnit Jupiter is not a dependency of this module for its users: the module reads
 * {@code org.junit.jupiter.api} only if present ({@code requires static}).
 */
public final class RedisServerExtension
    implements BeforeAllCallback, AfterAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(RedisServerExtension.class);

  private final String[] args;
  private RedisServer server;

  /** A server with redis-server's defaults, on a free port and without save points. */
  public RedisServerExtension() {
    this(new String[0]);
  }

  private RedisServerExtension(String[] extraArgs) {
    String[] a = new String[extraArgs.length + 4];
    a[0] = "--port";
    a[1] = "0";
    a[2] = "--save";
    a[3] = "";
    System.arraycopy(extraArgs, 0, a, 4, extraArgs.length);
    this.args = a;
  }

  /**
   * An extension whose servers take these redis-server flags after {@code --port 0 --save ""}.
   *
   * @param redisServerArgs flags as {@code redis-server} takes them ({@code "--requirepass", "pw"})
   * @return the extension
   */
  public static RedisServerExtension withArgs(String... redisServerArgs) {
    return new RedisServerExtension(redisServerArgs.clone());
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    server = RedisServer.start(args);
    context.getStore(NS).put(context.getRequiredTestClass(), server);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    RedisServer s = context.getStore(NS).remove(context.getRequiredTestClass(), RedisServer.class);
    if (s != null) {
      s.close();
    }
    server = null;
  }

  /**
   * The running server of the current test class.
   *
   * @return the server
   * @throws IllegalStateException outside of a test class's run
   */
  public RedisServer server() {
    if (server == null) {
      throw new IllegalStateException("no server: the test class is not running");
    }
    return server;
  }

  /**
   * The port of the running server.
   *
   * @return the port
   * @throws IllegalStateException outside of a test class's run
   */
  public int port() {
    return server().port();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == RedisServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return Objects.requireNonNull(server(), "server");
  }
}
