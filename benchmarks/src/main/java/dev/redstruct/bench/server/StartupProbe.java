package dev.redstruct.bench.server;

import dev.redstruct.server.RedisServer;
import dev.redstruct.server.ServerOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * Child-JVM main of {@link StartupSection}: times {@code RedisServer.start} to the first {@code
 * +PONG} inside this JVM. The first start is cold (the server's classes load now, as in a test
 * JVM's first test class); the next {@code warm} starts are warm. With an RDB file's directory it
 * starts the server the redis-server way ({@code --dir}, loading {@code dump.rdb}) instead.
 *
 * <p>Arguments: {@code warm cold|primed|floor [dir]}; {@code primed} first does what a test JVM has
 * done (JUnit's lambdas, string concatenation, regex); {@code floor} does that too, then times a
 * bare NIO server that answers {@code +PONG} ({@link NioPongServer}, the JDK's part of a start)
 * instead of ours. A mode ending in {@code +cpu} also prints {@code cpu <ms>}: the CPU time of the
 * thread that ran the first start to its first reply (class loading included; the server thread's
 * own work aside), which a loaded machine stretches less than the wall time. Prints {@code cold
 * <ms>} and {@code warm <median ms>}.
 */
public final class StartupProbe {
  private StartupProbe() {}

  /**
   * Runs the probe.
   *
   * @param args the number of warm starts, the mode, then optionally the directory holding {@code
   *     dump.rdb}
   * @throws IOException if the floor's server cannot listen
   */
  public static void main(String[] args) throws IOException {
    int warm = Integer.parseInt(args[0]);
    boolean cpu = args[1].endsWith("+cpu");
    String mode = cpu ? args[1].substring(0, args[1].length() - 4) : args[1];
    boolean floor = mode.equals("floor");
    boolean primed = floor || mode.equals("primed");
    String dir = args.length > 2 ? args[2] : null;
    if (primed) {
      prime(args);
    }
    ThreadMXBean threads = cpu ? ManagementFactory.getThreadMXBean() : null;
    long cpu0 = cpu ? threads.getCurrentThreadCpuTime() : 0;
    double cold = floor ? floor() : once(dir);
    long cpu1 = cpu ? threads.getCurrentThreadCpuTime() : 0;
    List<Double> warms = new ArrayList<>();
    for (int i = 0; i < warm; i++) {
      warms.add(floor ? floor() : once(dir));
    }
    System.out.println("cold " + cold);
    if (cpu) {
      System.out.println("cpu " + (cpu1 - cpu0) / 1e6);
    }
    System.out.println("warm " + (warms.isEmpty() ? Double.NaN : Servers.median(warms)));
  }

  /**
   * Does what any test JVM has done before its first test class runs (JUnit's engine uses lambdas,
   * method references, string concatenation, String.format and regular expressions): the JDK's
   * bootstrap machinery for them is then initialised, our classes are still cold.
   */
  private static void prime(String[] args) {
    java.util.function.Function<String, Integer> f = String::length;
    Runnable r = () -> System.setProperty("redstruct.probe", "x" + f.apply(args[0]) + args.length);
    r.run();
    if (!String.format("%s-%d", args[0], args.length).matches("[0-9]+-[0-9]+")) {
      throw new IllegalStateException("unexpected probe arguments");
    }
  }

  private static double floor() throws IOException {
    long t0 = System.nanoTime();
    try (NioPongServer s = new NioPongServer()) {
      long pong = Servers.awaitPong(null, s.port(), null);
      return (pong - t0) / 1e6;
    }
  }

  private static double once(String dir) {
    long t0 = System.nanoTime();
    RedisServer s =
        dir == null
            ? RedisServer.start(ServerOptions.defaults().port(0))
            : RedisServer.start("--port", "0", "--bind", "127.0.0.1", "--save", "", "--dir", dir);
    try {
      long pong = Servers.awaitPong(null, s.port(), null);
      return (pong - t0) / 1e6;
    } finally {
      s.close();
    }
  }
}
