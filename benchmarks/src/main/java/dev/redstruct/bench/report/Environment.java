package dev.redstruct.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the report's header says about the machine and the code, so that two reports can be
 * compared: the commit, the JDK, the CPU model and the number of cores.
 */
final class Environment {
  private Environment() {}

  /** {@code git rev-parse HEAD} in the working directory, or {@code "unknown"}. */
  static String commit() {
    String out = git("rev-parse", "HEAD");
    return out == null || !out.matches("[0-9a-f]{40}") ? "unknown" : out;
  }

  /**
   * Whether the tracked files match the commit ({@code git status --porcelain -uno} is empty);
   * {@code null} when git cannot tell.
   */
  static Boolean clean() {
    String out = git("status", "--porcelain", "--untracked-files=no");
    return out == null ? null : out.isEmpty();
  }

  /** The {@code model name} line of {@code /proc/cpuinfo}, or {@code "unknown"}. */
  static String cpuModel() {
    return cpuModel(Path.of("/proc/cpuinfo"));
  }

  static String cpuModel(Path cpuinfo) {
    try {
      for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals("model name")) {
          return line.substring(colon + 1).trim().replaceAll("\\s+", " ");
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable: say so rather than guess
    }
    return "unknown";
  }

  /** The JDK: vendor, runtime version and VM name. */
  static String jdk() {
    return System.getProperty("java.vendor")
        + " "
        + System.getProperty("java.runtime.version")
        + " ("
        + System.getProperty("java.vm.name")
        + ")";
  }

  private static String git(String... args) {
    try {
      List<String> cmd = new java.util.ArrayList<>(List.of("git"));
      cmd.addAll(List.of(args));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getOutputStream().close();
      byte[] out;
      try (InputStream in = p.getInputStream()) {
        out = in.readAllBytes();
      }
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).trim() : null;
    } catch (IOException e) {
      return null; // no git on the machine
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
