package dev.redstruct.bench.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * The floor under our server's start-up: what the JDK alone costs a JVM for what {@code
 * RedisServer.start} does before its first reply (a {@code Selector}, a listening {@code
 * ServerSocketChannel}, a thread with a 64 MB stack) — a server that answers {@code +PONG} to
 * whatever a client sends, and nothing else. {@link StartupProbe} times it as it times ours.
 */
final class NioPongServer implements AutoCloseable, Runnable {
  private static final byte[] PONG = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);

  private final Selector selector;
  private final ServerSocketChannel listener;
  private final Thread thread;
  private volatile boolean running = true;

  NioPongServer() throws IOException {
    selector = Selector.open();
    listener = ServerSocketChannel.open();
    listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
    listener.bind(new InetSocketAddress("127.0.0.1", 0), 511);
    listener.configureBlocking(false);
    listener.register(selector, SelectionKey.OP_ACCEPT);
    thread = new Thread(null, this, "nio-pong", 64L << 20);
    thread.setDaemon(true);
    thread.start();
  }

  int port() {
    return listener.socket().getLocalPort();
  }

  @Override
  public void run() {
    ByteBuffer in = ByteBuffer.allocateDirect(16 * 1024);
    try {
      while (running) {
        selector.select(1000);
        for (SelectionKey k : selector.selectedKeys()) {
          if (k.isAcceptable()) {
            SocketChannel c = listener.accept();
            if (c != null) {
              c.configureBlocking(false);
              c.register(selector, SelectionKey.OP_READ);
            }
          } else if (k.isReadable()) {
            answer(k, in);
          }
        }
        selector.selectedKeys().clear();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void answer(SelectionKey k, ByteBuffer in) throws IOException {
    SocketChannel c = (SocketChannel) k.channel();
    in.clear();
    if (c.read(in) < 0) {
      k.cancel();
      c.close();
    } else {
      c.write(ByteBuffer.wrap(PONG));
    }
  }

  @Override
  public void close() throws IOException {
    running = false;
    selector.wakeup();
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    listener.close();
    selector.close();
  }
}
