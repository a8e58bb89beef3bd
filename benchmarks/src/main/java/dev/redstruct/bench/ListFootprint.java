package dev.redstruct.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * The like-with-like footprint table that the compact-list sections share: several layouts of the
 * same elements, each measured with {@link Footprint} at each size, and each compared with a
 * baseline layout in the same state (grown by appends, slack included, or trimmed to size). One
 * layout carries the goal as a {@link Verdict}; a second (its appended twin) shows the same
 * comparison for information only, as {@code (pass)}/{@code (miss)}.
 *
 * <pre>{@code
 * SectionResult.Builder table =
 *     ListFootprint.against("ArrayList<String>")
 *         .layout("ListPack (appended)", false, n -> appended(n))
 *         .layout("ListPack (trimmed)", true, n -> trimmed(n))
 *         .layout("ArrayList<String> (appended)", false, n -> list(n))
 *         .layout("ArrayList<String> (trimmed)", true, n -> trimmedList(n))
 *         .baselines("ArrayList<String> (appended)", "ArrayList<String> (trimmed)")
 *         .goal("ListPack (trimmed)", "ListPack (appended)", n -> 0.25)
 *         .measure(8, 128, 129, 512);
 * }</pre>
 *
 * Not thread-safe.
 */
public final class ListFootprint {
  private record Layout(String name, boolean trimmed, IntFunction<Object> build) {}

  private final String baselineLabel;
  private final List<Layout> layouts = new ArrayList<>();
  private int appendedBase = -1;
  private int trimmedBase = -1;
  private int judged = -1;
  private int shown = -1;
  private IntToDoubleFunction target = n -> Double.NaN;
  private boolean marginal;

  private ListFootprint(String baselineLabel) {
    this.baselineLabel = baselineLabel;
  }

  /**
   * Starts a table whose ratio column reads {@code "x <baselineLabel>"}.
   *
   * @param baselineLabel the baseline's name without its state, e.g. {@code ArrayList<String>}
   * @return a new table
   */
  public static ListFootprint against(String baselineLabel) {
    return new ListFootprint(baselineLabel);
  }

  /**
   * Adds a layout; rows come in the order layouts are added.
   *
   * @param name the row label
   * @param trimmed whether the built structure is trimmed to size (compared with the trimmed
   *     baseline), else as grown by appends
   * @param build builds the structure holding {@code n} elements
   * @return this table
   */
  public ListFootprint layout(String name, boolean trimmed, IntFunction<Object> build) {
    layouts.add(new Layout(name, trimmed, build));
    return this;
  }

  /**
   * Names the baselines among the layouts.
   *
   * @param appended the baseline for layouts as grown by appends
   * @param trimmed the baseline for trimmed layouts
   * @return this table
   */
  public ListFootprint baselines(String appended, String trimmed) {
    appendedBase = indexOf(appended);
    trimmedBase = indexOf(trimmed);
    return this;
  }

  /**
   * Sets the goal: the judged layout's ratio at most {@code target(n)}.
   *
   * @param judged the layout that carries the verdict
   * @param shownOnly a layout whose ratio is compared with the same target for information
   * @param target the largest acceptable ratio at {@code n}
   * @return this table
   */
  public ListFootprint goal(String judged, String shownOnly, IntToDoubleFunction target) {
    this.judged = indexOf(judged);
    this.shown = indexOf(shownOnly);
    this.target = target;
    return this;
  }

  /**
   * Adds the marginal bytes per element ({@link Footprint#marginalBytesPerElement}) and their ratio
   * to the baseline's as two more columns.
   *
   * @return this table
   */
  public ListFootprint withMarginal() {
    marginal = true;
    return this;
  }

  /**
   * Measures every layout at every size and returns the table, ready for notes.
   *
   * @param sizes element counts, each positive
   * @return the table: n, layout, bytes/element, ratio, target (and marginal, x)
   */
  public SectionResult.Builder measure(int... sizes) {
    if (appendedBase < 0 || trimmedBase < 0) {
      throw new IllegalStateException("baselines not set");
    }
    List<String> columns =
        new ArrayList<>(List.of("n", "layout", "bytes/element", "x " + baselineLabel, "target"));
    if (marginal) {
      columns.addAll(List.of("marginal", "x"));
    }
    SectionResult.Builder table = SectionResult.table(columns.toArray(new String[0]));
    for (int n : sizes) {
      double[] bpe = new double[layouts.size()];
      double[] marg = new double[layouts.size()];
      for (int i = 0; i < bpe.length; i++) {
        IntFunction<Object> build = layouts.get(i).build;
        bpe[i] = Footprint.bytesPerElement(() -> build.apply(n), n);
        marg[i] = marginal ? Footprint.marginalBytesPerElement(build, n) : Double.NaN;
      }
      for (int i = 0; i < bpe.length; i++) {
        int base = layouts.get(i).trimmed ? trimmedBase : appendedBase;
        double ratio = bpe[i] / bpe[base];
        double t = target.applyAsDouble(n);
        Object verdict =
            i == judged
                ? Verdict.atMost(ratio, t)
                : i == shown ? (ratio <= t ? "(pass)" : "(miss)") : "";
        List<Object> row = new ArrayList<>(List.of(n, layouts.get(i).name, bpe[i], ratio, verdict));
        if (marginal) {
          row.addAll(List.of(marg[i], marg[i] / marg[base]));
        }
        table.row(row.toArray());
      }
    }
    return table;
  }

  private int indexOf(String name) {
    for (int i = 0; i < layouts.size(); i++) {
      if (layouts.get(i).name.equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no layout named " + name);
  }
}
