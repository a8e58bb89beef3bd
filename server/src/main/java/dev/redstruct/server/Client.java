package dev.redstruct.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One connection: its query buffer, its output buffer and the per-client state Redis keeps in
 * {@code struct client} (src/server.h, 7.0.15) for the connection commands and Pub/Sub. Touched by
 * the server's command thread only.
 */
final class Client {
  /*
   * Implementation notes. Output: out[outStart, outEnd) is what is still to be written to the
   * socket; the event loop writes as much as the socket takes and asks for OP_WRITE while bytes
   * remain (Redis: writeToClient, sendReplyToClient). Replies honour CLIENT REPLY OFF/SKIP;
   * pushes (Pub/Sub frames, Redis: CLIENT_PUSHING) do not. While `capture` is set (EXEC running
   * one of the server's commands for the engine) replies and pushes go there instead.
   */
  final long id;
  final SocketChannel channel;
  final RequestReader reader;
  final String addr;
  final String laddr;
  final long createdMillis;
  SelectionKey key;
  Object session;

  long lastInteractionMillis;
  String lastCommand;
  byte[] name;
  boolean authenticated;

  /** The ACL user the connection runs as (Redis: c->user). */
  String user = "default";

  int resp = 2;
  long argvLenSum;

  boolean closeAfterReply;
  boolean closeAsap;
  boolean replyOff;
  boolean replySkip;
  boolean replySkipNext;

  /** The last error reply given (INFO errorstats), cleared before each command. */
  byte[] lastError;

  /**
   * The command's error reply was counted already (a script ending with a command's error): INFO
   * errorstats does not count it again. Redis: ERR_REPLY_FLAG_NO_STATS_UPDATE.
   */
  boolean errorCounted;

  /**
   * What the client waits for while a blocking command blocks it (Redis: CLIENT_BLOCKED), or null.
   */
  Blocking.Wait blocked;

  /** A builtin is running inside the engine's EXEC (Redis: CLIENT_DENY_BLOCKING). */
  boolean inExec;

  /** After SYNC/PSYNC: the connection carries the replication stream and gets no replies. */
  boolean replica;

  /** Output was added since the last write pass (Redis: in clients_pending_write). */
  boolean writePending;

  /** When the unsent output first reached the soft limit, or 0. */
  long softLimitSinceMillis;

  /** Subscribed channels, shard channels and patterns, in subscription order. */
  final Set<Bytes> channels = new LinkedHashSet<>();

  final Set<Bytes> shardChannels = new LinkedHashSet<>();
  final List<Bytes> patterns = new ArrayList<>();

  private byte[] out = new byte[1024];
  private int outStart;
  private int outEnd;
  private ByteArrayOutputStream capture;

  Client(
      long id, SocketChannel channel, long protoMaxBulkLen, String addr, String laddr, long now) {
    this.id = id;
    this.channel = channel;
    this.reader = new RequestReader(protoMaxBulkLen);
    this.addr = addr;
    this.laddr = laddr;
    this.createdMillis = now;
    this.lastInteractionMillis = now;
  }

  /** Redis's CLIENT_PUBSUB flag: subscribed to anything. */
  boolean inPubSub() {
    return !channels.isEmpty() || !patterns.isEmpty() || !shardChannels.isEmpty();
  }

  /** Adds a command's reply, unless replies are off or skipped. Redis: addReply. */
  void reply(byte[] bytes) {
    if (bytes.length > 0 && bytes[0] == '-') {
      lastError = bytes; // for INFO's errorstats
    }
    if (capture == null && (replyOff || replySkip || replica)) {
      return;
    }
    push(bytes);
  }

  /** Adds bytes that CLIENT REPLY OFF does not silence (Pub/Sub frames). */
  void push(byte[] bytes) {
    if (capture != null) {
      capture.writeBytes(bytes);
      return;
    }
    if (out.length - outEnd < bytes.length) {
      int live = outEnd - outStart;
      byte[] dst =
          out.length - live >= bytes.length
              ? out
              : new byte[Math.max(out.length * 2, live + bytes.length)];
      System.arraycopy(out, outStart, dst, 0, live);
      out = dst;
      outStart = 0;
      outEnd = live;
    }
    System.arraycopy(bytes, 0, out, outEnd, bytes.length);
    outEnd += bytes.length;
    writePending = true;
  }

  /** Starts collecting replies instead of sending them. */
  void beginCapture() {
    capture = new ByteArrayOutputStream();
  }

  /** Stops collecting and returns what was collected. */
  byte[] endCapture() {
    byte[] b = capture.toByteArray();
    capture = null;
    return b;
  }

  /** Whether output is waiting. */
  boolean hasPendingOutput() {
    return outEnd > outStart;
  }

  /** Bytes waiting in the output buffer. */
  int pendingOutput() {
    return outEnd - outStart;
  }

  /**
   * Writes as much output as the socket takes. Redis: writeToClient.
   *
   * @return true if everything was written
   */
  boolean flush() throws IOException {
    while (outEnd > outStart) {
      int n = channel.write(ByteBuffer.wrap(out, outStart, outEnd - outStart));
      if (n == 0) {
        return false;
      }
      outStart += n;
    }
    outStart = 0;
    outEnd = 0;
    if (out.length > 64 * 1024) {
      out = new byte[1024]; // give a burst's memory back
    }
    return true;
  }

  /** After each command: CLIENT REPLY SKIP silences exactly the next one. Redis: resetClient. */
  void commandDone() {
    replySkip = false;
    if (replySkipNext) {
      replySkip = true;
      replySkipNext = false;
    }
  }

  @Override
  public String toString() {
    return "Client[id=" + id + " addr=" + addr + "]";
  }
}
