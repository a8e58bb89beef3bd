package dev.redstruct.testkit;

import java.lang.reflect.Parameter;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * JUnit Jupiter extension behind {@link RedisTest}: one {@link RedisServer} per test class, {@code
 * FLUSHALL} before each test, and injection of {@link RespClient} and {@link RedisServer}
 * parameters.
 *
 * <p><b>When {@code redis-server} is missing</b> from {@code PATH}, the test class is
 * <em>skipped</em> (aborted through {@link Assumptions}) with a message saying so, unless the
 * environment variable {@value #REQUIRE_ENV} is {@code 1} (or {@code true}): then it
 * <em>fails</em>, so a CI machine that is meant to run the differential tests cannot silently skip
 * them. A server that is present but does not start always fails.
 *
 * <p><b>When a test fails</b> (in its body or in a lifecycle method), the end of the server's log
 * is printed to standard error and attached to the failure as a suppressed exception, so a CI log
 * shows what the oracle was doing: a stall, a crash report, a refused payload.
 *
 * <p>The server is stored in the class-level {@link ExtensionContext.Store} and closed with it. A
 * {@link RespClient} parameter is a fresh connection per test method (shared by that test's
 * {@code @BeforeEach}/{@code @AfterEach} methods) and is closed after the test; in
 * {@code @BeforeAll}/{@code @AfterAll} methods it is one connection per class. Server configuration
 * changed by a test ({@code CONFIG SET}) persists for the rest of the class: {@code FLUSHALL} only
 * drops data.
 */
public final class RedisExtension
    implements BeforeAllCallback,
        BeforeEachCallback,
        ParameterResolver,
        TestExecutionExceptionHandler,
        LifecycleMethodExecutionExceptionHandler {
  /** The environment variable that turns "skip without redis-server" into "fail". */
  public static final String REQUIRE_ENV = "REDSTRUCT_REQUIRE_REDIS";

  private static final ExtensionContext.Namespace NS =
      ExtensionContext.Namespace.create(RedisExtension.class);
  private static final String SERVER = "server";
  private static final String CONTROL = "control";

  /** What to do before a class of Redis tests runs. */
  enum Decision {
    /** Start the server and run the tests. */
    RUN,
    /** Abort (skip) the tests: no server, and none required. */
    SKIP,
    /** Fail the tests: no server, but one is required. */
    FAIL
  }

  /** Creates the extension (JUnit calls this). */
  public RedisExtension() {}

  /**
   * The skip/fail rule as a pure function, so it can be tested without touching {@code PATH}.
   *
   * @param available whether {@code redis-server} was found
   * @param requireEnv the value of {@value #REQUIRE_ENV}, or null if unset
   */
  static Decision decide(boolean available, String requireEnv) {
    if (available) {
      return Decision.RUN;
    }
    return isRequired(requireEnv) ? Decision.FAIL : Decision.SKIP;
  }

  static boolean isRequired(String requireEnv) {
    if (requireEnv == null) {
      return false;
    }
    String v = requireEnv.trim().toLowerCase(Locale.ROOT);
    return v.equals("1") || v.equals("true");
  }

  static String message(Decision d) {
    switch (d) {
      case SKIP:
        return RedisServer.EXECUTABLE
            + " not found on PATH: skipping Redis tests (set "
            + REQUIRE_ENV
            + "=1 to make this a failure)";
      case FAIL:
        return RedisServer.EXECUTABLE
            + " not found on PATH but "
            + REQUIRE_ENV
            + " is set: install Redis 7.0.x (Debian package redis-server) or unset "
            + REQUIRE_ENV;
      default:
        return "redis-server available";
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    server(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    RedisServer server = server(context);
    RespClient control =
        classContext(context)
            .getStore(NS)
            .computeIfAbsent(CONTROL, k -> server.newClient(), RespClient.class);
    control.call("FLUSHALL", "SYNC").assertOk();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext context) {
    Parameter p = parameterContext.getParameter();
    return p.getType() == RespClient.class || p.getType() == RedisServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameterContext, ExtensionContext context) {
    RedisServer server = server(context);
    if (parameterContext.getParameter().getType() == RedisServer.class) {
      return server;
    }
    // Keyed by unique id: a plain key would find the class-level client through the parent store.
    return context
        .getStore(NS)
        .computeIfAbsent(
            "client:" + context.getUniqueId(), k -> server.newClient(), RespClient.class);
  }

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw withLogTail(context, failure);
  }

  @Override
  public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw withLogTail(context, failure);
  }

  @Override
  public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw withLogTail(context, failure);
  }

  @Override
  public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw withLogTail(context, failure);
  }

  /** Prints the running server's log tail and attaches it to the failure; returns the failure. */
  static Throwable withLogTail(ExtensionContext context, Throwable failure) {
    RedisServer server = classContext(context).getStore(NS).get(SERVER, RedisServer.class);
    if (server != null) {
      String tail = server.logTail();
      String header =
          "end of the log of " + server + " (alive: " + server.isAlive() + ") after a failure";
      System.err.println(header + ":\n" + tail);
      failure.addSuppressed(new RedisLogTail(header + ":\n" + tail));
    }
    return failure;
  }

  /** Carries the server's log tail on a failed test's report. */
  static final class RedisLogTail extends Exception {
    private static final long serialVersionUID = 1L;

    RedisLogTail(String message) {
      super(message, null, false, false);
    }
  }

  private static RedisServer server(ExtensionContext context) {
    ExtensionContext.Store store = classContext(context).getStore(NS);
    RedisServer existing = store.get(SERVER, RedisServer.class);
    if (existing != null) {
      return existing;
    }
    Decision d = decide(RedisServer.isAvailable(), System.getenv(REQUIRE_ENV));
    if (d == Decision.SKIP) {
      Assumptions.abort(message(d));
    } else if (d == Decision.FAIL) {
      throw new ExtensionConfigurationException(message(d));
    }
    return store.computeIfAbsent(SERVER, k -> RedisServer.start(), RedisServer.class);
  }

  /**
   * The nearest enclosing context of a test class (so @Nested classes share their outer server).
   */
  private static ExtensionContext classContext(ExtensionContext context) {
    ExtensionContext c = context;
    while (!(c.getElement().orElse(null) instanceof Class)) {
      c = c.getParent().orElseThrow(() -> new IllegalStateException("no test class context"));
    }
    return c;
  }
}
