package dev.redstruct.bench;

import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.openjdk.jol.info.GraphLayout;

/**
 * Retained heap size of object graphs, measured with JOL ({@code GraphLayout.parseInstance(root)
 * .totalSize()}): every object reachable from the root, headers, padding and array slack included,
 * in the running JVM's layout (compressed oops and class pointers on default heaps).
 *
 * <p>JOL wants {@code -Djdk.attach.allowAttachSelf=true}; {@link dev.redstruct.bench.report.Report}
 * starts its sections in a JVM that has it. Objects shared with the rest of the JVM (cached {@code
 * Integer}s, interned strings, static empty arrays) are counted when reachable, so build the
 * compared structures from equally fresh element objects. Not thread-safe with respect to the
 * measured graph: measure structures no other thread mutates.
 */
public final class Footprint {
  private Footprint() {}

  /**
   * Bytes reachable from {@code root}.
   *
   * @param root the object graph's root
   * @return total bytes of all reachable objects
   */
  public static long totalBytes(Object root) {
    return GraphLayout.parseInstance(Objects.requireNonNull(root, "root")).totalSize();
  }

  /**
   * Average bytes per element of a structure holding {@code n} elements: {@code totalBytes / n}.
   * Includes the elements themselves when the structure references them.
   *
   * @param structure builds the structure, already holding {@code n} elements
   * @param n the number of elements, positive
   * @return bytes per element
   */
  public static double bytesPerElement(Supplier<?> structure, int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("n must be positive: " + n);
    }
    return (double) totalBytes(structure.get()) / n;
  }

  /**
   * Marginal bytes per element: {@code (totalBytes(build(n)) - totalBytes(build(0))) / n}, which
   * leaves out the fixed cost of an empty structure.
   *
   * @param build builds a structure holding the given number of elements
   * @param n the number of elements, positive
   * @return marginal bytes per element
   */
  public static double marginalBytesPerElement(IntFunction<?> build, int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("n must be positive: " + n);
    }
    return (double) (totalBytes(build.apply(n)) - totalBytes(build.apply(0))) / n;
  }
}
