package dev.redstruct.bench.report;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.ReportSection;
import dev.redstruct.bench.SectionResult;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The benchmark report: runs the JMH benchmarks under {@code dev.redstruct.bench} (quick mode by
 * default), then the {@link ReportSection}s, prints one table per benchmark class with each
 * variant's ratio to the class's baseline and its {@link Goal} verdict, lists every goal (JMH and
 * sections) with its threshold, and writes {@code report.md} (with its charts), {@code
 * report.json}, JMH's raw {@code jmh.json} and its verbose {@code jmh.log} to the output directory.
 * Run it as {@code java -jar benchmarks/target/benchmarks.jar --help}.
 *
 * <p>Exit status: 0 when everything ran (goals may be missed), 1 when a benchmark or section
 * failed, 2 for a bad command line.
 */
public final class Report {
  /** Set in the JVM that does the work, so it does not start yet another one. */
  private static final String ATTACH_FLAG = "jdk.attach.allowAttachSelf";

  private static final Duration LOCK_WAIT = Duration.ofMinutes(10);
  private static final Duration LOCK_POLL = Duration.ofSeconds(2);

  /**
   * Quick mode's JMH settings: 1 fork, 1 warmup iteration of 200 ms, 8 measurement iterations of 60
   * ms (0.68 s of timed work). Fork start-up is most of a quick run's cost (a run of 50 ms alone
   * took 1.4-3.8 s at load 16-19), so the timed work stays short. It is cut into eight iterations,
   * not three: JMH's 99.9 % interval from 3 iterations uses t = 31.6 and came out wider than the
   * scores themselves, while 8 x 60 ms in the same time gave errors of 5-15 % (measured on the
   * bitfield benchmarks on the shared 2-core machine). One fork is the minimum that keeps
   * benchmarks from sharing one JIT profile.
   */
  static final String QUICK_JMH = "1 fork, 1 x 200 ms warmup, 8 x 60 ms measurement";

  static final String FULL_JMH = "2 forks, 3 x 1 s warmup, 5 x 1 s measurement";

  /** Rough wall time of one method x params run in quick mode, fork start-up included. */
  static final double QUICK_SECONDS_PER_RUN = 2.0;

  /** What a section may spend in quick mode before the report flags it. */
  static final double QUICK_SECTION_BUDGET_SECONDS = 30;

  private final ReportArgs args;
  private final ReportOptions options;

  /** UTF-8 whatever the platform default: tables print µs and ×. */
  private final PrintStream console =
      new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);

  private final double loadAtStart =
      ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();

  private Report(ReportArgs args) {
    this.args = args;
    this.options = args.options();
  }

  /**
   * Runs the report; see {@code --help}.
   *
   * @param argv command-line arguments
   * @throws Exception if writing the result files fails
   */
  public static void main(String[] argv) throws Exception {
    ReportArgs args;
    try {
      args = ReportArgs.parse(argv);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(ReportArgs.USAGE);
      System.exit(2);
      return;
    }
    if (args.help) {
      System.out.println(ReportArgs.USAGE);
      return;
    }
    if (!Boolean.getBoolean(ATTACH_FLAG)) {
      System.exit(relaunch(argv));
    }
    if (args.ignoreLock) {
      System.setProperty("jmh.ignoreLock", "true");
    }
    System.exit(new Report(args).run());
  }

  /**
   * JOL (used by footprint sections) needs {@code -Djdk.attach.allowAttachSelf=true} from JVM
   * start, so a plain {@code java -jar} restarts itself once with that flag.
   */
  private static int relaunch(String[] argv) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ReportOptions.javaExecutable());
    cmd.add("-D" + ATTACH_FLAG + "=true");
    cmd.addAll(ReportOptions.currentJvmArgs());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Report.class.getName());
    cmd.addAll(List.of(argv));
    return new ProcessBuilder(cmd).inheritIO().start().waitFor();
  }

  private int run() throws IOException {
    Instant start = Instant.now();
    if (args.list) {
      list();
      return 0;
    }
    Files.createDirectories(options.outputDir());
    console.printf(
        "redstruct benchmark report, %s mode (the machine may be busy: trust ratios over scores)%n",
        options.full() ? "full" : "quick");
    List<Comparison.Row> rows = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<ReportWriter.Cost> costs = new ArrayList<>();
    if (args.jmh) {
      runJmh(rows, failed, costs);
    }
    List<ReportWriter.SectionOutcome> sections = args.sections ? runSections() : List.of();
    sections.forEach(s -> costs.add(new ReportWriter.Cost("section " + s.id(), s.secs())));
    List<GoalLine> notRun = Comparison.goalsNotRun(rows);
    Path goalChart = Charts.goals(GoalLine.all(rows, notRun, sections), options.outputDir());
    Map<String, Path> throughputCharts = Charts.throughput(rows, options.outputDir());
    Map<String, Object> header = header(start, options, selectionText(), loadAtStart);
    ReportWriter writer =
        new ReportWriter(
            new ReportWriter.Data(
                header,
                rows,
                failed,
                sections,
                args.gc,
                costs,
                notRun,
                options.outputDir(),
                goalChart,
                throughputCharts));
    console.print(writer.text());
    write("report.md", writer.markdown());
    write("report.json", ReportJson.write(writer));
    console.printf(
        "Wrote %s, report.json and charts in %s%n",
        options.outputDir().resolve("report.md"), options.outputDir());
    boolean anyFailed = !failed.isEmpty() || sections.stream().anyMatch(s -> s.result() == null);
    return anyFailed ? 1 : 0;
  }

  private void runJmh(List<Comparison.Row> rows, List<String> failed, List<ReportWriter.Cost> costs)
      throws IOException {
    List<JmhPlan.Batch> batches = plan();
    if (batches.isEmpty()) {
      console.println("No JMH benchmark matches the selection.");
      return;
    }
    int total = batches.stream().mapToInt(b -> b.methods().size()).sum();
    Path log = options.outputDir().resolve("jmh.log");
    console.printf("%d benchmark runs in %d batches; JMH log: %s%n", total, batches.size(), log);
    List<RunResult> results = new ArrayList<>();
    try (PrintStream logStream = new PrintStream(Files.newOutputStream(log), true, "UTF-8")) {
      ProgressFormat progress =
          new ProgressFormat(
              OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL),
              console,
              total);
      for (JmhPlan.Batch batch : batches) {
        long t0 = System.nanoTime();
        try {
          results.addAll(runBatch(batch, progress));
        } catch (RunnerException | RuntimeException e) {
          failed.add(batch.className() + " " + batch.params() + ": " + e);
          e.printStackTrace(logStream);
        }
        costs.add(new ReportWriter.Cost(batchName(batch), (System.nanoTime() - t0) / 1e9));
      }
      failed.addAll(progress.failed());
    }
    try (PrintStream json =
        new PrintStream(
            Files.newOutputStream(options.outputDir().resolve("jmh.json")), true, "UTF-8")) {
      ResultFormatFactory.getInstance(ResultFormatType.JSON, json).writeOut(results);
    }
    rows.addAll(Comparison.rows(results));
  }

  /**
   * Runs one batch, waiting while another JMH run on this machine holds JMH's lock ({@code
   * /tmp/jmh.lock}): two measurements at once would spoil both, so the report queues instead of
   * failing. {@code --ignore-lock} skips the wait.
   */
  private Collection<RunResult> runBatch(JmhPlan.Batch batch, ProgressFormat progress)
      throws RunnerException {
    long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
    boolean told = false;
    while (true) {
      try {
        return new Runner(jmhOptions(batch).build(), progress).run();
      } catch (RunnerException e) {
        if (!String.valueOf(e.getMessage()).contains("JMH lock") || System.nanoTime() > deadline) {
          throw e;
        }
        if (!told) {
          console.println("Another JMH run holds /tmp/jmh.lock; waiting (up to " + LOCK_WAIT + ")");
          told = true;
        }
        sleep(LOCK_POLL);
      }
    }
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the JMH lock", e);
    }
  }

  private List<JmhPlan.Batch> plan() {
    return JmhPlan.batches(includes(), args.excludes, args.params, options.quick());
  }

  private static String batchName(JmhPlan.Batch b) {
    String simple = b.className().substring(b.className().lastIndexOf('.') + 1);
    StringBuilder s = new StringBuilder(simple);
    b.params().forEach((k, v) -> s.append(' ').append(k).append('=').append(v));
    return s.append(" (").append(b.methods().size()).append(" methods)").toString();
  }

  private List<String> includes() {
    return args.includes.isEmpty() ? List.of("^dev\\.redstruct\\.bench\\.") : args.includes;
  }

  private ChainedOptionsBuilder jmhOptions(JmhPlan.Batch batch) {
    ChainedOptionsBuilder b = new OptionsBuilder().shouldFailOnError(false);
    for (String method : batch.methods()) {
      b.include("^" + Pattern.quote(method) + "$");
    }
    batch.params().forEach(b::param);
    if (args.gc) {
      b.addProfiler(GCProfiler.class);
    }
    if (options.full()) {
      return b.forks(2)
          .warmupIterations(3)
          .warmupTime(TimeValue.seconds(1))
          .measurementIterations(5)
          .measurementTime(TimeValue.seconds(1));
    }
    return b.forks(1)
        .warmupIterations(1)
        .warmupTime(TimeValue.milliseconds(200))
        .measurementIterations(8)
        .measurementTime(TimeValue.milliseconds(60));
  }

  private List<ReportWriter.SectionOutcome> runSections() {
    List<ReportWriter.SectionOutcome> outcomes = new ArrayList<>();
    for (ReportSection s : selectedSections()) {
      console.printf("section %s ... ", s.id());
      console.flush();
      long t0 = System.nanoTime();
      SectionResult result = null;
      String error = null;
      try {
        result = s.run(options);
      } catch (Exception | LinkageError | AssertionError e) {
        error = e.toString();
        e.printStackTrace(System.err);
      }
      double secs = (System.nanoTime() - t0) / 1e9;
      console.printf(Locale.ROOT, "%s (%.1f s)%n", error == null ? "done" : "FAILED", secs);
      if (options.quick() && secs > QUICK_SECTION_BUDGET_SECONDS) {
        console.printf(
            Locale.ROOT,
            "  warning: section %s took %.0f s, over the quick-mode budget of %.0f s"
                + " (scale its work with options.quick())%n",
            s.id(),
            secs,
            QUICK_SECTION_BUDGET_SECONDS);
      }
      outcomes.add(new ReportWriter.SectionOutcome(s.id(), s.title(), result, error, secs));
    }
    return outcomes;
  }

  private List<ReportSection> selectedSections() {
    List<ReportSection> selected = new ArrayList<>();
    for (ReportSection s : ServiceLoader.load(ReportSection.class)) {
      if (options.selects(s.id())) {
        selected.add(s);
      }
    }
    selected.sort(Comparator.comparing(ReportSection::id));
    return selected;
  }

  private void list() {
    if (args.jmh) {
      List<JmhPlan.Batch> batches = plan();
      console.println("Benchmark batches (" + batches.size() + "), in run order:");
      for (JmhPlan.Batch b : batches) {
        console.println("  " + b.className() + " " + b.params());
        b.methods().forEach(m -> console.println("    " + m.substring(m.lastIndexOf('.') + 1)));
      }
      int runs = batches.stream().mapToInt(b -> b.methods().size()).sum();
      if (options.quick()) {
        console.printf(
            Locale.ROOT,
            "%d runs, about %.1f min in quick mode (%.1f s per run)%n",
            runs,
            runs * QUICK_SECONDS_PER_RUN / 60,
            QUICK_SECONDS_PER_RUN);
      } else {
        console.printf("%d runs in full mode%n", runs);
      }
    }
    if (args.sections) {
      List<ReportSection> sections = selectedSections();
      console.println("Sections (" + sections.size() + "):");
      sections.forEach(s -> console.println("  " + s.id() + "  " + s.title()));
    }
  }

  /**
   * The header of report.md and report.json: what ran, on which code and machine. Keys are stable
   * (report.json's schema); values are numbers where they are numbers.
   */
  static Map<String, Object> header(
      Instant start, ReportOptions options, String selection, double loadAtStart) {
    Map<String, Object> h = new LinkedHashMap<>();
    h.put("date", start.truncatedTo(ChronoUnit.SECONDS).toString());
    h.put("commit", Environment.commit());
    h.put("worktreeClean", Environment.clean());
    h.put("mode", options.full() ? "full" : "quick");
    h.put("jmh", options.full() ? FULL_JMH : QUICK_JMH);
    h.put("jdk", Environment.jdk());
    h.put("cpuModel", Environment.cpuModel());
    h.put("cores", Runtime.getRuntime().availableProcessors());
    h.put("loadAverageAtStart", Math.round(loadAtStart * 100) / 100.0);
    h.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    h.put("selection", selection);
    h.put("elapsedSeconds", Duration.between(start, Instant.now()).toSeconds());
    return h;
  }

  private String selectionText() {
    String s = "include " + (args.includes.isEmpty() ? "all" : args.includes);
    s += args.excludes.isEmpty() ? "" : ", exclude " + args.excludes;
    s += args.params.isEmpty() ? "" : ", params overridden";
    s += options.quick() ? ", @QuickParams applied" : "";
    return s + (args.gc ? ", gc profiler" : "");
  }

  private void write(String name, String content) throws IOException {
    Files.writeString(options.outputDir().resolve(name), content, StandardCharsets.UTF_8);
  }
}
