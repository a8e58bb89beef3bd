package dev.redstruct.rdb;

import java.util.List;

/**
 * The one thing {@link ClusterLoader} needs from a Redis client: send commands pipelined over one
 * connection and say which replies were errors. Any RESP client fits it in a few lines (testkit's
 * {@code RespClient.pipeline} does in the tests).
 */
@FunctionalInterface
public interface CommandPipe extends AutoCloseable {
  /**
   * Sends the commands in order without waiting between them, then reads every reply.
   *
   * @param commands the commands, each as its arguments (command name first)
   * @return one element per command, in order: {@code null} when the reply was not an error, else
   *     the error text without its leading {@code '-'} (e.g. {@code "MOVED 3999 127.0.0.1:6381"})
   */
  List<String> send(List<byte[][]> commands);

  /** Closes the connection; does nothing by default. */
  @Override
  default void close() {}
}
