package dev.redstruct.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The report's settings as a {@link ReportSection} sees them.
 *
 * @param full {@code true} for the full (slow, precise) run, {@code false} for the quick default
 * @param include selects benchmarks (by full method name) and sections (by id), {@code find()}
 *     semantics; {@code null} selects everything
 * @param exclude deselects benchmarks and sections, {@code find()} semantics; {@code null} for none
 * @param outputDir where report files go, {@code benchmarks/results} by default
 * @param gc {@code true} when the report runs JMH's GC profiler
 */
public record ReportOptions(
    boolean full, Pattern include, Pattern exclude, Path outputDir, boolean gc) {

  /**
   * Checks the output directory.
   *
   * @param full quick or full
   * @param include selection pattern or {@code null}
   * @param exclude deselection pattern or {@code null}
   * @param outputDir output directory
   * @param gc whether the GC profiler runs
   */
  public ReportOptions {
    Objects.requireNonNull(outputDir, "outputDir");
  }

  /**
   * Whether this is the quick run; sections then measure less (fewer sizes, fewer repetitions).
   *
   * @return {@code !full()}
   */
  public boolean quick() {
    return !full;
  }

  /**
   * Picks the amount of work for the current mode, e.g. {@code int[] sizes =
   * options.byMode(QUICK_SIZES, FULL_SIZES)} or {@code int reps = options.byMode(3, 20)}. A section
   * must finish within about 30 s in quick mode (the report warns when it does not); full mode has
   * no limit.
   *
   * @param <T> the type of the setting
   * @param quick the value for quick mode
   * @param full the value for {@code --full}
   * @return {@code full ? full : quick}
   */
  public <T> T byMode(T quick, T full) {
    return this.full ? full : quick;
  }

  /**
   * Whether {@code name} (a benchmark's full name or a section's id) is selected.
   *
   * @param name the name
   * @return {@code true} if included and not excluded
   */
  public boolean selects(String name) {
    boolean in = include == null || include.matcher(name).find();
    boolean out = exclude != null && exclude.matcher(name).find();
    return in && !out;
  }

  /**
   * A command line that starts a fresh JVM on the report's own class path (the shaded jar when run
   * with {@code java -jar}), for sections that need other JVM flags, e.g. a different GC. The child
   * gets {@code -Djdk.attach.allowAttachSelf=true} so it can use {@link Footprint}.
   *
   * @param jvmArgs flags for the child JVM, e.g. {@code List.of("-XX:+UseZGC", "-Xmx512m")}
   * @param mainClass the class whose {@code main} the child runs
   * @param args arguments for {@code main}
   * @return the command, ready for {@link ProcessBuilder}
   */
  public List<String> javaCommand(List<String> jvmArgs, Class<?> mainClass, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaExecutable());
    cmd.add("-Djdk.attach.allowAttachSelf=true");
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass.getName());
    cmd.addAll(args);
    return cmd;
  }

  /**
   * Runs {@link #javaCommand} to completion and returns what the child printed on standard output
   * (its standard error goes to the report's). For sections that measure under other JVM flags: the
   * child prints its numbers, the section parses them.
   *
   * @param jvmArgs flags for the child JVM
   * @param mainClass the class whose {@code main} the child runs
   * @param args arguments for {@code main}
   * @param timeout how long to wait before killing the child
   * @return the child's standard output, decoded as UTF-8
   * @throws IOException if the child cannot start, exits with a non-zero status or times out
   * @throws InterruptedException if interrupted while waiting
   */
  public String runJava(
      List<String> jvmArgs, Class<?> mainClass, List<String> args, Duration timeout)
      throws IOException, InterruptedException {
    List<String> cmd = javaCommand(jvmArgs, mainClass, args);
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    CompletableFuture<byte[]> out =
        CompletableFuture.supplyAsync(
            () -> {
              try (InputStream in = p.getInputStream()) {
                return in.readAllBytes();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly();
      throw new IOException("timed out after " + timeout + ": " + String.join(" ", cmd));
    }
    if (p.exitValue() != 0) {
      throw new IOException("exit status " + p.exitValue() + ": " + String.join(" ", cmd));
    }
    return new String(out.join(), StandardCharsets.UTF_8);
  }

  /**
   * The {@code java} launcher of the running JVM.
   *
   * @return the path of the executable
   */
  public static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * The running JVM's own flags, for notes that say how a number was measured.
   *
   * @return the input arguments of this JVM
   */
  public static List<String> currentJvmArgs() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments();
  }
}
