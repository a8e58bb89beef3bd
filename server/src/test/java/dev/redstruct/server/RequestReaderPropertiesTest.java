package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The parser does not care how the bytes are cut: a stream of commands (multibulk and inline, any
 * bytes in the arguments, maybe ending in a malformed tail) fed at random split points gives the
 * same commands and the same protocol error as the stream fed whole, and the commands are the ones
 * that were encoded.
 */
class RequestReaderPropertiesTest {
  /** Malformed tails whose verdicts ServerDifferentialRedisIT checks against Redis. */
  private static final String[] BAD_TAILS = {
    "",
    "",
    "",
    "*abc\r\n",
    "*1\r\nfoo\r\n",
    "*1\r\n$-1\r\n",
    "PING \"x\r\n",
    "ECHO 'a'b\r\n",
    "*2\r\n$4\r\nECHO\r\n$x\r\n",
    "*1\r\n$536870913\r\n"
  };

  /** A random command: 1 to 5 arguments of 0 to 40 random bytes (never empty as a name). */
  static byte[][] command(SplittableRandom r) {
    byte[][] argv = new byte[1 + r.nextInt(5)][];
    for (int i = 0; i < argv.length; i++) {
      argv[i] = new byte[(i == 0 ? 1 : 0) + r.nextInt(40)];
      for (int j = 0; j < argv[i].length; j++) {
        argv[i][j] = (byte) (r.nextBoolean() ? 'a' + r.nextInt(26) : r.nextInt(256));
      }
    }
    return argv;
  }

  static void multibulk(byte[][] argv, ByteArrayOutputStream out) {
    out.writeBytes(("*" + argv.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (byte[] a : argv) {
      out.writeBytes(("$" + a.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(a);
      out.writeBytes(new byte[] {'\r', '\n'});
    }
  }

  /** Inline form: every argument double-quoted, every byte as a \xHH escape. */
  static void inline(byte[][] argv, ByteArrayOutputStream out) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : argv) {
      sb.append(sb.length() == 0 ? "\"" : " \"");
      for (byte b : a) {
        sb.append(String.format("\\x%02x", b & 0xff));
      }
      sb.append('"');
    }
    out.writeBytes(sb.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
  }

  static final class Parsed {
    final List<byte[][]> commands = new ArrayList<>();
    String error;
  }

  static Parsed feed(byte[] stream, int[] cuts) {
    RequestReader reader = new RequestReader(512L << 20);
    Parsed p = new Parsed();
    int from = 0;
    for (int i = 0; i <= cuts.length; i++) {
      int to = i < cuts.length ? cuts[i] : stream.length;
      reader.append(stream, from, to - from);
      from = to;
      byte[][] argv;
      while ((argv = reader.next(false)) != null) {
        p.commands.add(argv);
      }
    }
    p.error = reader.error();
    return p;
  }

  @Test
  void splitPointsDoNotMatter() {
    qt().withExamples(300)
        .forAll(longs().all(), integers().between(0, 60))
        .checkAssert(
            (seed, pieces) -> {
              SplittableRandom r = new SplittableRandom(seed);
              List<byte[][]> sent = new ArrayList<>();
              ByteArrayOutputStream out = new ByteArrayOutputStream();
              int n = r.nextInt(12);
              for (int i = 0; i < n; i++) {
                byte[][] argv = command(r);
                sent.add(argv);
                if (r.nextBoolean()) {
                  multibulk(argv, out);
                } else {
                  inline(argv, out);
                }
              }
              out.writeBytes(
                  BAD_TAILS[r.nextInt(BAD_TAILS.length)].getBytes(StandardCharsets.ISO_8859_1));
              byte[] stream = out.toByteArray();
              int[] cuts = r.ints(pieces, 0, stream.length + 1).sorted().toArray();

              Parsed whole = feed(stream, new int[0]);
              Parsed split = feed(stream, cuts);
              assertEquals(whole.error, split.error, "seed " + seed);
              assertEquals(sent.size(), whole.commands.size(), "seed " + seed);
              assertEquals(sent.size(), split.commands.size(), "seed " + seed);
              for (int i = 0; i < sent.size(); i++) {
                assertArrayEquals(sent.get(i), whole.commands.get(i), "seed " + seed);
                assertArrayEquals(sent.get(i), split.commands.get(i), "seed " + seed);
              }
            });
  }

  @Test
  void byteAtATimeEqualsWhole() {
    SplittableRandom r = new SplittableRandom(7);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<byte[][]> sent = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      byte[][] argv = command(r);
      sent.add(argv);
      multibulk(argv, out);
      inline(argv, out);
      sent.add(argv);
    }
    byte[] stream = out.toByteArray();
    int[] every = new int[stream.length];
    Arrays.setAll(every, i -> i);
    Parsed p = feed(stream, every);
    assertEquals(null, p.error);
    assertEquals(sent.size(), p.commands.size());
    for (int i = 0; i < sent.size(); i++) {
      assertArrayEquals(sent.get(i), p.commands.get(i));
    }
  }
}
