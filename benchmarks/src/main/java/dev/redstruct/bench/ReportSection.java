package dev.redstruct.bench;

/**
 * A part of the benchmark report that is not a JMH benchmark: a JOL bytes-per-element table, a
 * latency profile run in JVMs of its own, an accuracy curve.
 *
 * <p>Extend {@link AbstractReportSection}, which holds the id and title. Implementations have a
 * public no-argument constructor and are listed, one class name per line, in {@code
 * benchmarks/src/main/resources/META-INF/services/dev.redstruct.bench.ReportSection}. The report
 * ({@link dev.redstruct.bench.report.Report}) loads them with {@link java.util.ServiceLoader}, runs
 * those whose {@link #id()} the {@code --include}/{@code --exclude} options select, in {@code id}
 * order, and prints each result as a table. A section that throws is reported as failed; the others
 * still run.
 *
 * <p>Sections must honour {@link ReportOptions#quick()}: in quick mode (the default) a section
 * should finish in a few seconds, e.g. by measuring fewer sizes.
 */
public interface ReportSection {
  /**
   * A stable identifier, {@code <module>.<what>} in lower case, e.g. {@code "ziplist.footprint"};
   * matched by {@code --include}/{@code --exclude} and used for file names.
   *
   * @return the identifier
   */
  String id();

  /**
   * The heading printed above the table, e.g. {@code "ZipList footprint: bytes per element"}.
   *
   * @return the title
   */
  String title();

  /**
   * Measures and returns the table.
   *
   * @param options the report's options (quick or full, output directory, JVM launcher)
   * @return the result table, notes and files written
   * @throws Exception if the measurement fails; the report records the failure and goes on
   */
  SectionResult run(ReportOptions options) throws Exception;
}
