package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Node capacities and compression patterns verified on Redis 7.0.15 (fact sheet §3.2, §3.4). */
class QuickListTest {

  private static String pattern(QuickList ql) {
    StringBuilder sb = new StringBuilder();
    for (String node : ql.shape().split(" ")) {
      sb.append(node.charAt(0));
    }
    return sb.toString();
  }

  @Test
  void fillMinus2Holds2726SingleLetterElementsPerNode() {
    QuickList ql = QuickList.create();
    for (int i = 0; i < 2727; i++) {
      ql.pushTail("a".getBytes(US_ASCII));
    }
    assertEquals("r8185 r10", ql.shape()); // 7 + 3 x 2726 bytes, then a second node
    ql.checkInvariants();
  }

  @Test
  void fillMinus1Holds1361SingleLetterElementsPerNode() {
    QuickList ql = QuickList.create(-1, 0);
    for (int i = 0; i < 1362; i++) {
      ql.pushTail("a".getBytes(US_ASCII));
    }
    assertEquals(2, ql.nodeCount());
    assertEquals(4090, Integer.parseInt(ql.shape().split(" ")[0].substring(1))); // 7 + 3 x 1361
  }

  @Test
  void compressionPatternsByDepth() {
    // fill 4, 60-byte values: one node per 4 elements; r = raw, C = compressed.
    String[][] expected = {
      {"1", "r", "rr", "rCr", "rCCr"},
      {"2", "rrrr", "rrCrr", "rrCCrr"},
      {"3", "rrrrrr", "rrrCrrr", "rrrCCrrr"},
    };
    for (String[] row : expected) {
      int depth = Integer.parseInt(row[1 - 1]);
      int firstNodes = row[1].length();
      QuickList ql = QuickList.create(4, depth);
      byte[] v = new byte[60];
      Arrays.fill(v, (byte) 'v');
      for (int k = 1; k < row.length; k++) {
        while (ql.nodeCount() < firstNodes + k - 1 || ql.size() % 4 != 0 || ql.size() == 0) {
          ql.pushTail(v);
        }
        assertEquals(row[k], pattern(ql), "depth " + depth + " nodes " + ql.nodeCount());
        ql.checkInvariants();
      }
    }
  }
}
