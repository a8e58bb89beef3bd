package dev.redstruct.core.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The protocol-aware replies in both protocols. Each expected pair is the two branches of the named
 * function in Redis 7.0.15's src/networking.c ({@code c->resp == 2} and otherwise).
 */
class RespWriterTest {
  private static void both(UnaryOperator<RespWriter> reply, String resp2, String resp3) {
    assertEquals(resp2, text(reply.apply(new RespWriter())), "RESP2");
    assertEquals(resp3, text(reply.apply(new RespWriter(3))), "RESP3");
  }

  private static String text(RespWriter w) {
    return new String(w.toByteArray(), StandardCharsets.ISO_8859_1);
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void addReplyNull() {
    both(RespWriter::nullReply, "$-1\r\n", "_\r\n");
  }

  @Test
  void addReplyNullArray() {
    both(RespWriter::nullArrayReply, "*-1\r\n", "_\r\n");
  }

  @Test
  void addReplyMapLenDoublesTheCountInResp2() {
    both(w -> w.mapHeader(3), "*6\r\n", "%3\r\n");
  }

  @Test
  void addReplySetLen() {
    both(w -> w.setHeader(2), "*2\r\n", "~2\r\n");
  }

  @Test
  void addReplyDoubleFormatsAsPercent17g() {
    both(w -> w.doubleReply(0.1), "$19\r\n0.10000000000000001\r\n", ",0.10000000000000001\r\n");
    both(w -> w.doubleReply(Double.NEGATIVE_INFINITY), "$4\r\n-inf\r\n", ",-inf\r\n");
    both(w -> w.doubleReply(3), "$1\r\n3\r\n", ",3\r\n");
  }

  @Test
  void addReplyHumanLongDoubleTakesTheCallersText() {
    both(w -> w.doubleText(b("10.5")), "$4\r\n10.5\r\n", ",10.5\r\n");
  }

  @Test
  void addReplyBool() {
    both(w -> w.bool(true), ":1\r\n", "#t\r\n");
    both(w -> w.bool(false), ":0\r\n", "#f\r\n");
  }

  @Test
  void addReplyBigNum() {
    both(
        w -> w.bigNumber(b("12345678901234567890")),
        "$20\r\n12345678901234567890\r\n",
        "(12345678901234567890\r\n");
  }

  @Test
  void addReplyVerbatimPadsTheFormat() {
    both(w -> w.verbatim(b("hi"), "txt"), "$2\r\nhi\r\n", "=6\r\ntxt:hi\r\n");
    both(w -> w.verbatim(b("hi"), "md"), "$2\r\nhi\r\n", "=6\r\nmd :hi\r\n");
  }

  @Test
  void addReplyPushLenIsResp3Only() {
    assertEquals(">3\r\n", text(new RespWriter(3).pushHeader(3)));
    assertThrows(IllegalStateException.class, () -> new RespWriter().pushHeader(3));
  }

  @Test
  void plainFormsAreTheSameInBothProtocols() {
    both(
        w -> w.integer(-7).simple("OK").error("ERR x").bulk(b("ab")).arrayHeader(0),
        ":-7\r\n+OK\r\n-ERR x\r\n$2\r\nab\r\n*0\r\n",
        ":-7\r\n+OK\r\n-ERR x\r\n$2\r\nab\r\n*0\r\n");
    both(w -> w.raw(b(":1\r\n")), ":1\r\n", ":1\r\n");
  }

  @Test
  void onlyTwoAndThreeAreProtocols() {
    assertThrows(IllegalArgumentException.class, () -> new RespWriter(1));
    assertEquals(3, new RespWriter(3).protocol());
    assertEquals(2, new RespWriter().protocol());
  }

  @Test
  void rewindDropsWhatACommandBeganToWrite() {
    RespWriter w = new RespWriter().integer(1);
    int start = w.mark();
    w.arrayHeader(2).bulk(b("half"));
    w.rewind(start).error("ERR x");
    assertEquals(":1\r\n-ERR x\r\n", text(w));
    assertThrows(IllegalArgumentException.class, () -> w.rewind(w.mark() + 1));
    assertThrows(IllegalArgumentException.class, () -> w.rewind(-1));
  }

  @Test
  void growsPastItsFirstBuffer() {
    byte[] big = new byte[1000];
    java.util.Arrays.fill(big, (byte) 'x');
    RespWriter w = new RespWriter().bulk(big).bulk(big, 3);
    assertEquals("$1000\r\n" + "x".repeat(1000) + "\r\n$3\r\nxxx\r\n", text(w));
  }
}
