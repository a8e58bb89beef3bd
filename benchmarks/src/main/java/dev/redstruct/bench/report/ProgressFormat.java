package dev.redstruct.bench.report;

import dev.redstruct.bench.SectionResult;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH output split in two: JMH's normal, verbose log goes to a file (iterations, forked VM output,
 * stack traces of failures), and the console gets one line per finished benchmark. Remembers the
 * benchmarks that started but produced no result, so the report can list them as failed.
 */
final class ProgressFormat implements OutputFormat {
  private final OutputFormat log;
  private final PrintStream console;
  private final List<String> failed = new ArrayList<>();
  private String current;
  private long startNanos;
  private final int total;
  private int count;

  ProgressFormat(OutputFormat log, PrintStream console, int total) {
    this.log = log;
    this.console = console;
    this.total = total;
  }

  List<String> failed() {
    return failed;
  }

  @Override
  public void startBenchmark(BenchmarkParams params) {
    log.startBenchmark(params);
    current = describe(params);
    startNanos = System.nanoTime();
    count++;
  }

  @Override
  public void endBenchmark(BenchmarkResult result) {
    log.endBenchmark(result);
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    if (result == null) {
      if (failed.contains(current)) {
        current = null;
        return; // already reported when JMH printed the failure
      }
      failed.add(current);
      console.printf(Locale.ROOT, "[%3d/%d] %-60s FAILED (see jmh.log)%n", count, total, current);
    } else {
      Result<?> r = result.getPrimaryResult();
      console.printf(
          Locale.ROOT,
          "[%3d/%d] %-60s %10s %-8s %5.1f s%n",
          count,
          total,
          current,
          SectionResult.format(r.getScore()),
          r.getScoreUnit(),
          seconds);
    }
    current = null;
  }

  @Override
  public void println(String s) {
    log.println(s);
    if (current != null && s != null && s.contains("<failure>") && !failed.contains(current)) {
      failed.add(current);
      console.printf(Locale.ROOT, "[%3d/%d] %-60s FAILED (see jmh.log)%n", count, total, current);
    }
  }

  private static String describe(BenchmarkParams p) {
    String name = p.getBenchmark();
    int cls = name.lastIndexOf('.', name.lastIndexOf('.') - 1);
    StringBuilder s = new StringBuilder(name.substring(cls + 1));
    for (Object key : p.getParamsKeys()) {
      s.append(' ').append(key).append('=').append(p.getParam((String) key));
    }
    return s.toString();
  }

  @Override
  public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
    log.iteration(benchParams, params, iteration);
  }

  @Override
  public void iterationResult(
      BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
    log.iterationResult(benchParams, params, iteration, data);
  }

  @Override
  public void startRun() {
    log.startRun();
  }

  @Override
  public void endRun(Collection<RunResult> result) {
    log.endRun(result);
  }

  @Override
  public void print(String s) {
    log.print(s);
  }

  @Override
  public void flush() {
    log.flush();
    console.flush();
  }

  @Override
  public void close() {
    log.close();
  }

  @Override
  public void verbosePrintln(String s) {
    log.verbosePrintln(s);
  }

  @Override
  public void write(int b) {
    log.write(b);
  }

  @Override
  public void write(byte[] b) throws IOException {
    log.write(b);
  }
}
