package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's examples, run as written. */
class QuickListReadmeTest {

  static byte[] b(String s) {
    return s.getBytes(US_ASCII);
  }

  static String s(byte[] b) {
    return new String(b, US_ASCII);
  }

  @Test
  void readmeExamples() {
    // README: begin
    QuickList queue = QuickList.create(); // a message queue: LPUSH, then RPOP
    queue.pushHead(b("job-1"));
    queue.pushHead(b("job-2"));
    byte[] first = queue.popTail(); // "job-1": first in, first out

    QuickList recent = QuickList.create(-2, 1); // capped recent items: LPUSH + LTRIM 0 2
    for (String item : List.of("a", "b", "c", "d")) {
      recent.pushHead(b(item));
      recent.trim(0, 2);
    }
    List<byte[]> newest = recent.range(0, -1); // "d", "c", "b"

    QuickList stack = QuickList.create(); // a stack: LPUSH + LPOP
    stack.pushHead(b("x"));
    stack.pushHead(b("y"));
    byte[] top = stack.popHead(); // "y"
    byte[] dump = stack.toRdbPayload(true); // DUMP's bytes, type 18

    Map<String, QuickList> db = new HashMap<>(); // the Redis face: argv in, RESP2 out
    byte[] reply =
        ListCommands.execute(
            new byte[][] {b("LPOS"), b("stack"), b("x"), b("RANK"), b("0")},
            key -> db.computeIfAbsent(s(key), k -> stack));
    // "-ERR RANK can't be zero: use 1 to start from the first match, ..."

    long sum = 0; // a cursor: no node changed, nothing allocated per element
    for (QuickListCursor c = recent.cursor(); c.next(); ) {
      sum += c.length();
    }
    // README: end
    assertEquals("job-1", s(first));
    assertEquals(1, queue.size());
    assertEquals(List.of("d", "c", "b"), newest.stream().map(QuickListReadmeTest::s).toList());
    assertEquals("y", s(top));
    assertEquals(RdbPayload.TYPE_LIST_QUICKLIST_2, RdbPayload.parse(dump).type());
    assertTrue(s(reply).startsWith("-ERR RANK can't be zero: use 1 to start from the first match"));
    assertEquals(3, sum);
    queue.checkInvariants();
    recent.checkInvariants();
    stack.checkInvariants();
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(
            Path.of("README.md"), Path.of("src/test/java/dev/redstruct/quicklist")));
  }
}
