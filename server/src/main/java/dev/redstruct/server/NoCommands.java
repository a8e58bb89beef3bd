package dev.redstruct.server;

/**
 * The engine of a server without a keyspace: it knows no command, so the server answers its own
 * connection and Pub/Sub commands and refuses every other with Redis's unknown-command error. The
 * keyspace replaces it.
 */
final class NoCommands implements CommandEngine<int[]> {
  static final NoCommands INSTANCE = new NoCommands();

  private NoCommands() {}

  @Override
  public int[] newSession(ConnectionCommands connection) {
    return new int[0];
  }

  @Override
  public Lookup lookup(byte[][] argv) {
    return null;
  }

  @Override
  public byte[] execute(int[] session, byte[][] argv) {
    throw new IllegalStateException("no command to execute");
  }

  @Override
  public boolean inTransaction(int[] session) {
    return false;
  }

  @Override
  public void flagTransaction(int[] session) {}

  @Override
  public void setProtocol(int[] session, int protocol) {}

  @Override
  public void reset(int[] session) {}
}
