package dev.redstruct.bench;

/** Placeholder for the report entry point. */
public final class Report {
  private Report() {}

  /**
   * Runs the report.
   *
   * @param args command-line arguments
   */
  public static void main(String[] args) {
    System.out.println("report");
  }
}
