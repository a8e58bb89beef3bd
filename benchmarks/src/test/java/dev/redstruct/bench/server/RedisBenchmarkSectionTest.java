package dev.redstruct.bench.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedisBenchmarkSectionTest {
  /** Printed by redis-benchmark 7.0.15 ({@code -t set -c 50 -n 20000 -P 1 --csv -r 100000}). */
  static final String CSV =
      "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","
          + "\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n"
          + "\"SET\",\"37950.66\",\"0.864\",\"0.168\",\"0.815\",\"1.431\",\"1.751\",\"3.871\"\n";

  @Test
  void readsRequestsPerSecondAndP99() {
    assertArrayEquals(new double[] {37950.66, 1.751}, RedisBenchmarkSection.parseCsv(CSV, "x"));
  }

  @Test
  void noRowIsAnError() {
    assertThrows(
        IllegalStateException.class,
        () -> RedisBenchmarkSection.parseCsv("Could not connect to Redis at ...\n", "x"));
  }

  @Test
  void medianOfEvenAndOddCounts() {
    assertEquals(2.0, Servers.median(List.of(3.0, 1.0, 2.0)));
    assertEquals(2.5, Servers.median(List.of(4.0, 1.0, 2.0, 3.0)));
  }
}
