package dev.redstruct.server;

import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.Session;

/**
 * The keyspace behind the server: each connection gets a keyspace {@link Session} whose commands
 * the keyspace does not know (the server's PING, CLIENT, PUBLISH, blocking pops) are queued in
 * {@code MULTI} and run back through the connection at {@code EXEC}.
 */
final class KeyspaceEngine implements CommandEngine<Session> {
  /** Keys with a TTL the cron's expiry sweep may sample per run (Redis: 20 per database loop). */
  static final int ACTIVE_EXPIRE_SAMPLES = 20 * Keyspace.DATABASES;

  final Keyspace keyspace;

  KeyspaceEngine(Keyspace keyspace) {
    this.keyspace = keyspace;
  }

  @Override
  public Session newSession(ConnectionCommands connection) {
    return keyspace.newSession(connection::execute);
  }

  @Override
  public Lookup lookup(byte[][] argv) {
    if (!keyspace.hasCommand(argv[0])) {
      return null;
    }
    String refusal = keyspace.refusal(argv);
    String name = keyspace.commandName(argv);
    return refusal == null ? Lookup.found(name) : Lookup.refused(name, refusal);
  }

  @Override
  public long changes() {
    return keyspace.changes();
  }

  @Override
  public String commandFlags(byte[][] argv) {
    String flags = keyspace.commandFlags(argv);
    return flags == null ? "" : flags;
  }

  @Override
  public byte[] execute(Session session, byte[][] argv) {
    return keyspace.execute(session, argv);
  }

  @Override
  public boolean inTransaction(Session session) {
    return session.inTransaction();
  }

  @Override
  public void flagTransaction(Session session) {
    session.flagTransaction();
  }

  @Override
  public void setProtocol(Session session, int protocol) {
    session.setProtocol(protocol);
  }

  @Override
  public void reset(Session session) {
    session.reset();
  }

  @Override
  public int selectedDb(Session session) {
    return session.selectedDb();
  }

  @Override
  public void beginUnit() {
    keyspace.beginPropagationUnit();
  }

  @Override
  public void endUnit() {
    keyspace.endPropagationUnit();
  }

  @Override
  public void alsoPropagate(int db, byte[][] argv) {
    keyspace.alsoPropagate(db, argv);
  }

  /** Redis: serverCron's databasesCron, activeExpireCycle(ACTIVE_EXPIRE_CYCLE_SLOW). */
  @Override
  public void cron() {
    keyspace.activeExpireCycle(ACTIVE_EXPIRE_SAMPLES);
  }
}
