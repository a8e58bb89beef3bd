package dev.redstruct.bench;

import java.util.Objects;

/**
 * The shape every report section shares: an id and a title fixed at construction, and a public
 * no-argument constructor for the service loader that passes them up.
 *
 * <pre>{@code
 * public final class ZSetFootprintSection extends AbstractReportSection {
 *   public ZSetFootprintSection() {
 *     super("skiplist.footprint", "Sorted set: bytes per member, ZSet vs TreeSet + HashMap");
 *   }
 *
 *   @Override
 *   public SectionResult run(ReportOptions options) { ... }
 * }
 * }</pre>
 */
public abstract class AbstractReportSection implements ReportSection {
  private final String id;
  private final String title;

  /**
   * Fixes the section's id and title.
   *
   * @param id {@code <module>.<what>} in lower case, see {@link ReportSection#id()}
   * @param title the heading printed above the table
   */
  protected AbstractReportSection(String id, String title) {
    this.id = Objects.requireNonNull(id, "id");
    this.title = Objects.requireNonNull(title, "title");
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String title() {
    return title;
  }

  /**
   * The output file {@code <id><suffix>} in the report's directory, e.g. {@code file(options,
   * ".svg")} for {@code dict.latency.svg}.
   *
   * @param options the report's options
   * @param suffix appended to the id
   * @return the path under {@link ReportOptions#outputDir()}
   */
  protected final java.nio.file.Path file(ReportOptions options, String suffix) {
    return options.outputDir().resolve(id + suffix);
  }
}
